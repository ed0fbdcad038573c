import { zodResolver } from '@hookform/resolvers/zod';
import { History, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CommentThread } from '@/components/CommentThread';
import { FormDialog } from '@/components/FormDialog';
import { HistoryDialog } from '@/components/HistoryDialog';
import InsidersDialog from '@/components/InsidersDialog';
import { Button } from '@/components/ui/button';
import { ReviewSection } from '@/components/ReviewSection';
import { DeliveryPanel } from '@/components/communications/DeliveryPanel';
import { InputField, SelectField, TextareaField } from '@/components/FormFields';
import { dateKey } from '@/lib/dates';
import { MSG_NEEDS_APPROVAL, MSG_REOPENS, approvalWouldReset, needsApproval } from '@/lib/review';
import { COMMUNICATION_STATUSES, fromFormSchedule, isBeforeToday, toFormSchedule } from '@/lib/schedule';
import type { Communication, CommunicationInput, CommunicationStatus } from '@/lib/types';
import { useAudiences } from '@/hooks/audiences';
import { useThemes } from '@/hooks/themes';
import { useVehicles } from '@/hooks/vehicles';
import { FormWarnings } from '@/components/communications/FormWarnings';
import { useCreateCommunication, useUpdateCommunication } from '@/hooks/communications';
import { useSavedCampaign } from '@/hooks/campaigns';
import { useCan, useSession } from '@/hooks/session';
import { useReference } from '@/hooks/reference';
import { useReviews } from '@/hooks/review';
import { ReviewView } from '@/components/communications/ReviewView';

/** NONE is the select value of "no audience" and "no vehicle" (Radix selects cannot hold ''). */
const NONE = 'none';

const statusOptions = COMMUNICATION_STATUSES;

/**
 * formSchema checks the form; a scheduled communication needs a date that is
 * not before today, except the stored date it already has (so last week's
 * item can still be corrected).
 */
function formSchema(storedDate: string) {
  return z
    .object({
      title: z.string().trim().min(1, 'Title is required'),
      themeId: z.string().min(1, 'Theme is required'),
      status: z.enum(['draft', 'scheduled', 'sent']),
      date: z.string(),
      time: z.string(),
      audienceId: z.string(),
      vehicleId: z.string(),
      rawContent: z.string(),
      // Optional: a disabled control (the shared identity's) submits no value.
      confidentiality: z.string().max(500, 'At most 500 characters').optional(),
    })
    .superRefine((v, ctx) => {
      if (v.status !== 'scheduled') return;
      if (v.date === '') ctx.addIssue({ code: 'custom', path: ['date'], message: 'Scheduled date is required' });
      else if (v.date !== storedDate && isBeforeToday(v.date, new Date())) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Scheduled date cannot be before today' });
      }
    });
}
type FormValues = z.infer<ReturnType<typeof formSchema>>;

function initialValues(c: Communication | undefined, date: string | undefined, prefill?: CommunicationInput): FormValues {
  if (!c && prefill) {
    return {
      title: prefill.title,
      themeId: prefill.themeId,
      status: prefill.status,
      date: date ?? '',
      time: '',
      audienceId: prefill.audienceId || NONE,
      vehicleId: prefill.vehicleId || NONE,
      rawContent: prefill.rawContent ?? '',
      confidentiality: prefill.confidentiality ?? '',
    };
  }
  if (!c) {
    return { title: '', themeId: '', status: date ? 'scheduled' : 'draft', date: date ?? '', time: '', audienceId: NONE, vehicleId: NONE, rawContent: '', confidentiality: '' };
  }
  const s = toFormSchedule(c.scheduledDate);
  const status = (['draft', 'scheduled', 'sent'] as const).find((x) => x === c.status) ?? 'draft';
  return {
    title: c.title,
    themeId: c.themeId ?? '',
    status,
    date: s.date,
    time: s.time,
    audienceId: c.audienceId || NONE,
    vehicleId: c.vehicleId || NONE,
    rawContent: c.rawContent ?? '',
    confidentiality: c.confidentiality ?? '',
  };
}

/**
 * scheduledDateOf is what the form saves as scheduledDate: the date (and
 * time) when scheduled; otherwise the stored value is left alone (undefined),
 * since the field is hidden for drafts and sent items.
 */
function scheduledDateOf(v: Pick<FormValues, 'status' | 'date' | 'time'>): string | undefined {
  return v.status === 'scheduled' ? fromFormSchedule(v) : undefined;
}

/** MSG_SHARED_CONFIDENTIAL is why the shared access code may not label a communication (the server's 400 on confidentiality). */
export const MSG_SHARED_CONFIDENTIAL = 'A shared access code is no person and never an insider: sign in with your personal code to label a communication confidential.';

/**
 * useConfidentiality says how the form offers the label of communication
 * (docs/security.md, "Need to know"): one that takes its confidential
 * campaign's scope shows it read-only (the server keeps it confidential
 * with the campaign's insiders whatever the label says); the shared
 * identity, which the server refuses, sees the control disabled with why.
 */
function useConfidentiality(communication: Communication | undefined) {
  const { data: session } = useSession();
  const sourceId = communication?.confidential ? (communication.sourceCampaignId ?? '') : '';
  const { data: campaign } = useSavedCampaign(sourceId);
  // Without a label, only its campaign can make it confidential.
  const followsCampaign = sourceId !== '' && (!communication?.confidentiality || campaign?.confidential === true);
  const shared = session?.id === 'shared' && !session.permissions?.includes('confidential.read');
  return { followsCampaign, campaignTitle: campaign?.title, sharedReason: shared ? MSG_SHARED_CONFIDENTIAL : undefined };
}

/**
 * CommunicationDialog creates a communication, or edits the one given
 * (spec 02 §2.1). initialDate (YYYY-MM-DD) prefills a new one as scheduled on
 * that day. prefill fills a new one from elsewhere (the Assembly wizard's
 * Create Scheduled Communication, under its own title); its chosen questions
 * and generated content, which the form does not show, are created with it.
 *
 * A stored communication the signed-in person has a decision to take on
 * (it is in their "Needs my review" list, the one GET /api/reviews?mine=1
 * answers) opens as its ReviewView; its Edit opens this form. Unsaved edits
 * are saved with a review request, and asked about before a decision or a
 * Cancel drops them.
 */
export default function CommunicationDialog({
  open,
  onOpenChange,
  communication,
  initialDate,
  prefill,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  communication?: Communication;
  initialDate?: string;
  prefill?: CommunicationInput;
  title?: string;
}) {
  const create = useCreateCommunication();
  const update = useUpdateCommunication();
  const { data: themes } = useThemes();
  const { data: audiences } = useAudiences();
  const { data: vehicles } = useVehicles();
  const pending = create.isPending || update.isPending;
  const storedDate = communication ? toFormSchedule(communication.scheduledDate).date : '';
  const schema = useMemo(() => formSchema(storedDate), [storedDate]);
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: initialValues(undefined, undefined) });
  const [showHistory, setShowHistory] = useState(false);
  const [showInsiders, setShowInsiders] = useState(false);
  const { followsCampaign, campaignTitle, sharedReason } = useConfidentiality(communication);
  // Read view or form: chosen once, when the queue is known, so a decision does not swap the view under the approver.
  const canDecide = useCan('reviews.decide');
  const queue = useReviews(true);
  const [mode, setMode] = useState<'review' | 'edit' | null>(null);
  const queueKnown = !canDecide || queue.isSuccess || queue.isError;
  const inQueue = !!communication && (queue.data ?? []).some((i) => i.entity === 'communication' && i.id === communication.id);
  useEffect(() => {
    if (mode === null && queueKnown) setMode(communication && canDecide && inQueue ? 'review' : 'edit');
  }, [mode, queueKnown, communication, canDecide, inQueue]);
  const dirty = form.formState.isDirty;
  const reviewRequired = !!useReference().data?.review?.required;
  const [status, date, time, audienceId, titleValue, themeId, vehicleId, rawContent] = form.watch([
    'status',
    'date',
    'time',
    'audienceId',
    'title',
    'themeId',
    'vehicleId',
    'rawContent',
  ]);

  useEffect(() => {
    if (open) form.reset(initialValues(communication, initialDate, prefill));
  }, [open, communication, initialDate, prefill, form]);

  function bodyOf(v: FormValues): CommunicationInput {
    const body: CommunicationInput = {
      title: v.title.trim(),
      themeId: v.themeId,
      status: v.status as CommunicationStatus,
      audienceId: v.audienceId === NONE ? '' : v.audienceId,
      vehicleId: v.vehicleId === NONE ? '' : v.vehicleId,
      rawContent: v.rawContent,
    };
    if (!communication && prefill) {
      body.selectedQuestions = prefill.selectedQuestions;
      body.generatedContent = prefill.generatedContent;
    }
    // Sent only when the form offers it, so a save by the shared identity or of a
    // campaign's communication never touches the label.
    if (!followsCampaign && !sharedReason) body.confidentiality = (v.confidentiality ?? '').trim();
    const scheduledDate = scheduledDateOf(v);
    if (scheduledDate !== undefined) body.scheduledDate = scheduledDate;
    return body;
  }

  /**
   * saveEdits saves the form's edits without closing it (a review request
   * saves them first); false when invalid or refused. Scheduling is what
   * the review is asked for: when review.required would refuse it (the
   * server's review.Ready), the rest is saved under the stored status, the
   * date kept, and the request goes on.
   */
  async function saveEdits(): Promise<boolean> {
    if (!communication) return false;
    let ok = false;
    await form.handleSubmit(async (v) => {
      const stored = initialValues(communication, undefined).status;
      const held = reviewRequired && v.status === 'scheduled' && stored !== 'scheduled' && communication.review?.state !== 'approved';
      const values = held ? { ...v, status: stored } : v;
      const body = bodyOf(v);
      if (held) body.status = stored as CommunicationStatus;
      try {
        await update.mutateAsync({ id: communication.id, data: body });
        form.reset(values);
        ok = true;
      } catch (err) {
        if (needsApproval(err)) form.setError('status', { message: MSG_NEEDS_APPROVAL });
      }
    })();
    return ok;
  }

  function onSubmit(v: FormValues) {
    const body = bodyOf(v);
    // review.required's refusal (409) is said at the status too, where the planner acts on it.
    const close = {
      onSuccess: () => onOpenChange(false),
      onError: (err: Error) => {
        if (needsApproval(err)) form.setError('status', { message: MSG_NEEDS_APPROVAL });
      },
    };
    if (communication) update.mutate({ id: communication.id, data: body }, close);
    else create.mutate(body, close);
  }

  const themeOptions = (themes ?? []).map((t) => ({ value: t.id, label: t.name }));
  const audienceOptions = [{ value: NONE, label: 'No specific audience' }, ...(audiences ?? []).map((a) => ({ value: a.id, label: a.name }))];
  const vehicleOptions = [{ value: NONE, label: 'No delivery vehicle' }, ...(vehicles ?? []).map((x) => ({ value: x.id, label: x.name }))];
  const candidate = {
    id: communication?.id,
    audienceId: audienceId === NONE ? undefined : audienceId,
    status,
    scheduledDate: scheduledDateOf({ status, date, time }) ?? communication?.scheduledDate ?? '',
  };
  // Told before saving: an edit of what the approval covers sends it back to review (docs/review.md).
  const resets = approvalWouldReset(communication, {
    title: (titleValue ?? '').trim(),
    themeId,
    audienceId: audienceId === NONE ? '' : audienceId,
    vehicleId: vehicleId === NONE ? '' : vehicleId,
    rawContent,
    scheduledDate: candidate.scheduledDate,
  });

  if (open && communication && mode === 'review') {
    return <ReviewView communication={communication} onEdit={() => setMode('edit')} onOpenChange={onOpenChange} />;
  }
  if (open && mode === null) return null;

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      notice={
        resets && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="approval-reset-warning">
            {MSG_REOPENS}
          </p>
        )
      }
      onOpenChange={onOpenChange}
      title={title ?? (communication ? 'Edit Communication' : 'Create Communication')}
      description={`A scheduled communication needs a date; the time is optional.${prefill?.generatedContent ? ' The generated content is saved with it.' : ''}`}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={communication ? 'Update Communication' : 'Create Communication'}
      className="max-w-2xl"
      extra={
        <>
          {/* The Review section holds the discussion of a stored communication. */}
          <ReviewSection entity="communication" id={communication?.id} review={communication?.review} unsaved={dirty} saveFirst={saveEdits}>
            {communication && <CommentThread kind="communication" id={communication.id} headingLevel="h4" />}
          </ReviewSection>
          {communication && <DeliveryPanel communication={communication} />}
          {/* A stored communication's History panel: who changed what and when; a viewer may read it too. */}
          {communication && (
            <>
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShowHistory(true)} aria-label={`History of ${communication.title}`}>
                <History className="h-4 w-4" aria-hidden="true" />
                History
              </Button>
              {showHistory && <HistoryDialog entity="communication" id={communication.id} name={communication.title} open onOpenChange={setShowHistory} />}
            </>
          )}
          {/* A confidential communication's insiders: its own, or its campaign's when it follows them. */}
          {communication?.confidential && !sharedReason && (
            <>
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShowInsiders(true)} aria-label={`Insiders of ${communication.title}`}>
                <Users className="h-4 w-4" aria-hidden="true" />
                Insiders
              </Button>
              {showInsiders && (
                <InsidersDialog
                  kind="communication"
                  record={communication}
                  description={
                    followsCampaign
                      ? `It follows the insiders of its campaign${campaignTitle ? `, ${campaignTitle}` : ''}: these people, and admins, see the campaign and what came from it.`
                      : undefined
                  }
                  onOpenChange={setShowInsiders}
                />
              )}
            </>
          )}
        </>
      }
    >
      <InputField form={form} name="title" id="comm-title" label="Title" placeholder="e.g., Go-Live Town Hall" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          form={form}
          name="themeId"
          id="comm-theme"
          label="Theme"
          hint={themes && themes.length === 0 ? 'No themes available. Please create a theme first.' : undefined}
          options={themeOptions}
          placeholder="Select a theme"
        />
        <SelectField form={form} name="status" id="comm-status" label="Status" options={statusOptions} />
      </div>
      {status === 'scheduled' && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField form={form} name="date" id="comm-date" label="Scheduled Date" type="date" min={dateKey(new Date())} />
          <InputField form={form} name="time" id="comm-time" label="Time (optional)" hint="Leave empty for all day" type="time" aria-describedby="comm-time-hint" />
        </div>
      )}
      <FormWarnings candidate={candidate} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField form={form} name="audienceId" id="comm-audience" label="Target Audience (optional)" options={audienceOptions} />
        <SelectField form={form} name="vehicleId" id="comm-vehicle" label="Delivery Vehicle (optional)" options={vehicleOptions} />
      </div>
      <TextareaField form={form} name="rawContent" id="comm-content" label="Content" rows={10} placeholder="Write the communication..." />
      {followsCampaign ? (
        <div className="grid gap-1.5 text-sm" data-testid="confidentiality-readonly">
          <span className="font-medium text-slate-800">Confidential</span>
          <span>{communication?.confidentiality || 'Confidential campaign'}</span>
          <span className="text-xs text-slate-600">
            It follows the insiders of its campaign{campaignTitle ? `, ${campaignTitle}` : ''}: they and admins see it. Manage them under Insiders.
          </span>
        </div>
      ) : (
        <InputField
          form={form}
          name="confidentiality"
          id="comm-confidentiality"
          label="Confidential (label, optional)"
          placeholder="e.g., Board Confidential"
          hint={sharedReason ?? 'A label makes it confidential: only its insiders and admins see it. You become its first insider. Leave empty for none.'}
          disabled={!!sharedReason}
          aria-describedby="comm-confidentiality-hint"
        />
      )}
    </FormDialog>
  );
}
