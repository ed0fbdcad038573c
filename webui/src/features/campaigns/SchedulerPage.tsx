import { CalendarRange } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { ApiError } from '@/lib/api';
import { shortDate } from '@/lib/campaigns';
import { configOf, emptyForm, endDateNote, type SchedulerForm as Form } from '@/lib/scheduler';
import { useGenerateCampaign } from '@/hooks/campaigns';
import { useSchedulerReference } from '@/hooks/reference';
import { ConfigCard } from './ConfigCard';
import { ResultView, type Result } from './ResultView';

/** revealResult scrolls a new result's top into view when it is out of view, and moves focus to it for keyboard and screen reader users. */
function revealResult(el: HTMLElement) {
  const top = el.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) el.scrollIntoView({ block: 'start' });
  el.focus({ preventScroll: true });
}

/** SchedulerPage is the Campaign Scheduler (spec 02 §2.7): configure, generate, edit, preview, download and save. */
export default function SchedulerPage() {
  const { data: ref, isLoading } = useSchedulerReference();
  const [form, setForm] = useState<Form>(emptyForm);
  const [result, setResult] = useState<Result | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  // Activity channels are delivery vehicle types; show their labels.
  const channelLabel = (c: string) => ref?.vehicleTypes?.find((v) => v.type === c)?.label ?? c;

  // Each Generate brings its result into view: below 1280 px it sits under the long form.
  const resultRef = useRef<HTMLDivElement>(null);
  const [generated, setGenerated] = useState(0);
  useEffect(() => {
    const el = resultRef.current;
    if (generated > 0 && el) revealResult(el);
  }, [generated]);
  const generate = useGenerateCampaign((g, cfg) => {
    setResult({ schedule: g.schedule, html: g.htmlContent, config: cfg });
    setGenerated((n) => n + 1);
  });
  // A refused configuration marks its fields beside the inputs, besides the toast.
  const err = generate.error;
  const errors = err instanceof ApiError && err.status === 400 ? (err.body?.fields ?? {}) : {};
  // The go-live rule moved the end date of the schedule generated from this form.
  const endNote =
    result && result.config.endDate === form.endDate ? endDateNote(result.config.campaignTypes, result.config.endDate, result.schedule.endDate, shortDate) : null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <ConfigCard
        form={form}
        set={set}
        setForm={setForm}
        reference={ref}
        loading={isLoading}
        generating={generate.isPending}
        onGenerate={() => generate.mutate(configOf(form))}
        errors={errors}
        endNote={endNote}
      />
      <div ref={resultRef} tabIndex={-1} className="grid min-w-0 scroll-mt-4 content-start gap-6 focus:outline-none" data-testid="scheduler-result">
        {result ? (
          <ResultView result={result} setResult={setResult} channelLabel={channelLabel} />
        ) : (
          <EmptyState
            headingLevel="h2"
            icon={<CalendarRange className="h-10 w-10 text-slate-500" aria-hidden="true" />}
            title="Configure Your Campaign"
            text="Fill in the campaign details on the left and select Generate Schedule to create a phased communication schedule."
          />
        )}
      </div>
    </div>
  );
}
