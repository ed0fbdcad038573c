import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api';
import { ASSEMBLY_TEXT, failureMessage, type CheckResult, type GenerateBody } from '@/lib/assembly';
import { invalidateAfter } from '@/lib/queryClient';
import { crudMessages, resource } from '@/lib/resource';
import { toast } from '@/lib/toast';
import type { Communication, CommunicationInput, Content, GeneratedContent, NewsletterTemplate, Question, SavedNewsletterTemplate } from '@/lib/types';

/** useThemeQuestions lists one theme's questions; nothing is requested until a theme is chosen (spec 02 §7). */
export function useThemeQuestions(themeId: string | null) {
  return useQuery<Question[]>({ queryKey: [`/api/questions?themeId=${encodeURIComponent(themeId ?? '')}`], enabled: !!themeId });
}

/** NewsletterTemplateInput is the create and update payload of a saved newsletter template. */
export interface NewsletterTemplateInput {
  name: string;
  description: string;
  template: NewsletterTemplate;
}

/** newsletterTemplates: named, reusable newsletter layouts. */
const newsletterTemplates = resource<SavedNewsletterTemplate, NewsletterTemplateInput>({
  path: '/api/newsletter-templates',
  entity: 'newsletter-templates',
  messages: crudMessages('Newsletter template', 'newsletter template'),
});

export const useNewsletterTemplates = newsletterTemplates.useList;
export const useCreateNewsletterTemplate = newsletterTemplates.useCreate;
export const useDeleteNewsletterTemplate = newsletterTemplates.useDelete;

/** GenerateVars: the draft to create (or the existing draft's id and changes) and the generation body. */
export interface GenerateVars {
  communicationId: string | null;
  draft: CommunicationInput;
  update: Partial<CommunicationInput>;
  body: GenerateBody;
  /** onDraft is told the new draft's id as soon as it exists, so a failed generation does not create another. */
  onDraft: (id: string) => void;
}

/**
 * useGenerateContent creates the draft communication (or brings the existing
 * draft up to date), then generates its content. Toasts: "Content Generated",
 * or "Generation Failed" with the server's message or the spec's fallback.
 */
export function useGenerateContent() {
  return useMutation<{ communicationId: string; result: GeneratedContent }, Error, GenerateVars>({
    mutationFn: async (v) => {
      let id = v.communicationId;
      if (id) {
        await apiRequest<Communication>('PUT', `/api/communications/${id}`, v.update);
      } else {
        const created = await apiRequest<Communication>('POST', '/api/communications', v.draft);
        id = created.id;
        v.onDraft(id);
      }
      const result = await apiRequest<GeneratedContent>('POST', `/api/communications/${id}/generate-content`, v.body);
      return { communicationId: id, result };
    },
    onSuccess: () => {
      toast({ title: ASSEMBLY_TEXT.generated });
    },
    onError: (err) => {
      toast({ title: ASSEMBLY_TEXT.generationFailed, description: failureMessage(err, ASSEMBLY_TEXT.generateFallback), variant: 'destructive' });
    },
    onSettled: () => invalidateAfter('communications'),
  });
}

/** SaveVars is the body of save-to-library and the communication it saves. */
export interface SaveVars {
  communicationId: string;
  title: string;
  description: string;
  /** content is the text shown in step 4, edits included: what is saved. */
  content: string;
}

/**
 * useSaveToLibrary stores the generated content as a library piece linked to
 * the chosen questions; content, questions and themes are refetched (their
 * counts change), and communications (finalContentId).
 */
export function useSaveToLibrary() {
  return useMutation<Content, Error, SaveVars>({
    mutationFn: ({ communicationId, title, description, content }) =>
      apiRequest<Content>('POST', `/api/communications/${communicationId}/save-to-library`, { title, description, content }),
    onSuccess: async () => {
      toast({ title: ASSEMBLY_TEXT.saved });
      await Promise.all([invalidateAfter('content'), invalidateAfter('communications')]);
    },
    onError: (err) => {
      toast({ title: ASSEMBLY_TEXT.saveFailed, description: failureMessage(err, ASSEMBLY_TEXT.saveFallback), variant: 'destructive' });
    },
  });
}

/** NewsletterSource is what the wizard generates from; the template editor's preview uses the same. */
export interface NewsletterSource {
  themeId: string | null;
  selectedQuestions: string[];
  rawContent: string;
  vehicleId: string | null;
}

/**
 * renderNewsletter asks the server for the newsletter Generate would make with
 * the template (POST /api/newsletter-preview): one renderer for the preview,
 * the download and the generated piece.
 */
export async function renderNewsletter(source: NewsletterSource, template: NewsletterTemplate): Promise<string> {
  const res = await apiRequest<GeneratedContent>('POST', '/api/newsletter-preview', {
    themeId: source.themeId ?? '',
    selectedQuestions: source.selectedQuestions,
    rawContent: source.rawContent,
    vehicleId: source.vehicleId ?? '',
    customTemplate: template,
    // The template editor shows a template: a section the notes cannot fill keeps its prompt.
    placeholders: true,
  });
  return res.generatedContent;
}

/** CHECK_DELAY_MS is how long the planner's typing pauses before the draft is checked again. */
export const CHECK_DELAY_MS = 400;

/**
 * useDraftCheck runs the server's draft checker (compose.Check) on the piece
 * as the planner edits it, once typing pauses; the last findings stay shown
 * while the next are fetched. Nothing is requested without a draft.
 */
export function useDraftCheck(communicationId: string | null, content: string, format: string | undefined, placeholders: boolean) {
  const [settled, setSettled] = useState(content);
  useEffect(() => {
    const t = setTimeout(() => setSettled(content), CHECK_DELAY_MS);
    return () => clearTimeout(t);
  }, [content]);
  return useQuery<CheckResult>({
    queryKey: ['draft-check', communicationId, format, placeholders, settled],
    queryFn: () =>
      apiRequest<CheckResult>('POST', `/api/communications/${communicationId}/check-content`, { content: settled, format, placeholders }),
    enabled: !!communicationId && !!format,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** RENAME_DELAY_MS is how long the planner's typing in Title pauses before the draft is renamed. */
export const RENAME_DELAY_MS = 500;

/**
 * useRenameDraft renames the wizard's draft to title once typing pauses,
 * when it differs from the title the draft has (savedTitle); onSaved is told
 * the title stored.
 */
export function useRenameDraft(communicationId: string | null, title: string, savedTitle: string, onSaved: (title: string) => void) {
  const next = title.trim();
  useEffect(() => {
    if (!communicationId || next === '' || next === savedTitle) return;
    const t = setTimeout(() => {
      apiRequest<Communication>('PUT', `/api/communications/${communicationId}`, { title: next })
        .then((c) => {
          onSaved(c.title);
          return invalidateAfter('communications');
        })
        .catch((err: Error) => toast({ title: 'Failed to rename the draft', description: failureMessage(err, err.message), variant: 'destructive' }));
    }, RENAME_DELAY_MS);
    return () => clearTimeout(t);
  }, [communicationId, next, savedTitle, onSaved]);
}

/**
 * prepareSchedule stores the piece as shown (its title and text, edits
 * included) on the wizard's draft and reads it back: the record the
 * Communication form turns into the scheduled item.
 */
export async function prepareSchedule(communicationId: string, title: string, content: string): Promise<Communication> {
  await apiRequest<Communication>('PUT', `/api/communications/${communicationId}`, { title: title.trim(), generatedContent: content });
  return apiRequest<Communication>('GET', `/api/communications/${communicationId}`);
}

/** readDraft reads the wizard's draft as stored. */
export function readDraft(communicationId: string): Promise<Communication> {
  return apiRequest<Communication>('GET', `/api/communications/${communicationId}`);
}

/** discardDraft deletes the wizard's draft, when the planner leaves without keeping it. */
export async function discardDraft(communicationId: string): Promise<void> {
  await apiRequest('DELETE', `/api/communications/${communicationId}`);
  await invalidateAfter('communications');
}
