// The Communication Assembly wizard (spec 02 §2.2, §4, §5, §8, §9) without
// React: its steps and transitions, the validation messages, the payloads of
// its calls and the figures of the Preview panel.
import { ApiError } from './api';
import { formatShortDate } from './dates';
import { sortQuestions } from './questions';
import type { CommunicationInput, GeneratedContent, NewsletterTemplate, Question, Vehicle } from './types';

/** ASSEMBLY_TEXT holds the wizard's messages as spec 02 §5 and §8 give them. */
export const ASSEMBLY_TEXT = {
  noQuestion: 'Please select at least one question',
  noVehicle: 'Please select a delivery vehicle',
  noTitle: 'Please enter a title for the content',
  noCommunication: 'No communication to save',
  generated: 'Content Generated',
  generationFailed: 'Generation Failed',
  generateFallback: 'Failed to generate content. Please try again.',
  saved: 'Saved to Library',
  saveFailed: 'Save Failed',
  saveFallback: 'Failed to save content to library. Please try again.',
  templateCustomized: 'Newsletter template customized successfully',
} as const;

/** Step is a wizard step, 1 to 4. */
export type Step = 1 | 2 | 3 | 4;

/** STEPS are the wizard's four steps with the spec's names. */
export const STEPS: readonly { step: Step; label: string }[] = [
  { step: 1, label: 'Select Theme' },
  { step: 2, label: 'Choose Questions' },
  { step: 3, label: 'Add Raw Content and Select Vehicle Template' },
  { step: 4, label: 'Review and Save to Content Library' },
];

/** WizardState is everything the wizard holds between steps. */
export interface WizardState {
  step: Step;
  themeId: string | null;
  /** questionIds are the chosen questions (the order is taken from the theme when sent). */
  questionIds: string[];
  rawContent: string;
  vehicleId: string | null;
  /** customTemplate is the newsletter layout saved in the editor, sent with a newsletter vehicle. */
  customTemplate: NewsletterTemplate | null;
  /** communicationId is the run's one draft, created by its first Generate and reused by every later one. */
  communicationId: string | null;
  /** savedTitle is the title the draft has on the server; the wizard renames it when title differs. */
  savedTitle: string;
  /** subjectTitle is the title the piece's Subject (or RE) line carries: it follows title until the planner edits it. */
  subjectTitle: string;
  /** kept says the draft was saved to the library or scheduled: leaving the wizard then asks nothing. */
  kept: boolean;
  generated: GeneratedContent | null;
  /** content is the generated text as shown in step 4, with the planner's edits: what Save stores. */
  content: string;
  title: string;
  description: string;
  /** savedContentId is the library piece of the last save. */
  savedContentId: string | null;
  /** placeholders keeps bracketed prompts in sections the notes cannot fill: the planner wants a template. */
  placeholders: boolean;
}

/** initialWizard is the state on arrival and after Reset. */
export const initialWizard: WizardState = {
  step: 1,
  themeId: null,
  questionIds: [],
  rawContent: '',
  vehicleId: null,
  customTemplate: null,
  communicationId: null,
  savedTitle: '',
  subjectTitle: '',
  kept: false,
  generated: null,
  content: '',
  title: '',
  description: '',
  savedContentId: null,
  placeholders: false,
};

/** WizardAction is one change of the wizard. */
export type WizardAction =
  | { type: 'chooseTheme'; themeId: string }
  | { type: 'toggleQuestion'; questionId: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'reset' }
  | { type: 'setRawContent'; value: string }
  | { type: 'setVehicle'; vehicleId: string }
  | { type: 'setCustomTemplate'; template: NewsletterTemplate | null }
  | { type: 'setPlaceholders'; value: boolean }
  | { type: 'draftCreated'; communicationId: string }
  | { type: 'generated'; result: GeneratedContent; defaultTitle: string }
  | { type: 'editContent'; value: string }
  | { type: 'setTitle'; value: string }
  | { type: 'setDescription'; value: string }
  | { type: 'saved'; contentId: string }
  | { type: 'titleSaved'; title: string }
  | { type: 'scheduled' };

/**
 * nextError is the message that stops Next on the current step, or null.
 * Step 2 needs a question; step 3 (whose Next is Generate) needs a vehicle.
 */
export function nextError(s: WizardState): string | null {
  if (s.step === 2 && s.questionIds.length === 0) return ASSEMBLY_TEXT.noQuestion;
  if (s.step === 3 && !s.vehicleId) return ASSEMBLY_TEXT.noVehicle;
  return null;
}

/** wizardReducer applies one action (spec 02 §4, Wizard). */
export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  switch (a.type) {
    case 'chooseTheme': {
      // A theme click moves to step 2 and clears the chosen questions. Another
      // theme also drops what was generated for the old one; the run keeps
      // its one draft, which the next Generate moves to the new theme.
      const same = a.themeId === s.themeId;
      return {
        ...s,
        step: 2,
        themeId: a.themeId,
        questionIds: [],
        generated: same ? s.generated : null,
        content: same ? s.content : '',
        title: same ? s.title : '',
        savedContentId: same ? s.savedContentId : null,
      };
    }
    case 'toggleQuestion':
      return {
        ...s,
        questionIds: s.questionIds.includes(a.questionId) ? s.questionIds.filter((id) => id !== a.questionId) : [...s.questionIds, a.questionId],
      };
    case 'next':
      // Only 2 → 3 is a plain Next; 1 → 2 is a theme click and 3 → 4 a generation.
      return s.step === 2 && nextError(s) === null ? { ...s, step: 3 } : s;
    case 'back':
      return s.step > 1 ? { ...s, step: (s.step - 1) as Step } : s;
    case 'reset':
      return initialWizard;
    case 'setRawContent':
      return { ...s, rawContent: a.value };
    case 'setVehicle':
      return { ...s, vehicleId: a.vehicleId };
    case 'setCustomTemplate':
      return { ...s, customTemplate: a.template };
    case 'setPlaceholders':
      return { ...s, placeholders: a.value };
    case 'draftCreated':
      return { ...s, communicationId: a.communicationId };
    case 'generated': {
      // The piece was framed by the draft's title (draftTitle), which its
      // Subject line now carries.
      const title = s.title.trim() === '' ? a.defaultTitle : s.title;
      return {
        ...s,
        step: 4,
        generated: a.result,
        content: a.result.generatedContent,
        title,
        savedTitle: title.trim(),
        subjectTitle: title.trim(),
        savedContentId: null,
      };
    }
    case 'editContent':
      // An edit after a save is not in the library yet: the "Saved" note goes.
      return { ...s, content: a.value, savedContentId: null };
    case 'setTitle': {
      // The Subject line follows the title while it still says the title
      // it was generated with (or last followed): one the planner edited
      // stays as written.
      const next = a.value.trim();
      if (!s.generated || next === '' || next === s.subjectTitle) return { ...s, title: a.value };
      const content = followTitle(s.content, s.generated.format, s.subjectTitle, next);
      if (content === s.content) return { ...s, title: a.value };
      return { ...s, title: a.value, content, subjectTitle: next };
    }
    case 'titleSaved':
      return { ...s, savedTitle: a.title };
    case 'scheduled':
      return { ...s, kept: true };
    case 'setDescription':
      return { ...s, description: a.value };
    case 'saved':
      return { ...s, savedContentId: a.contentId, kept: true };
  }
}

/** generatedTitle is a wizard communication's title: the theme name plus the current date, e.g. "Digital Transformation - Nov 22, 2026". */
export function generatedTitle(themeName: string, now: Date): string {
  return `${themeName} - ${formatShortDate(now)}`;
}

/** charCount counts characters as the server does (Unicode code points, not UTF-16 units). */
export function charCount(s: string | null | undefined): number {
  return s ? Array.from(s).length : 0;
}

/** lengthLabel shows a length against the vehicle's maximum, e.g. "412 / 5000"; just the length when there is no maximum. */
export function lengthLabel(length: number, maxLength: number | null | undefined): string {
  return maxLength && maxLength > 0 ? `${length} / ${maxLength}` : String(length);
}

/** themeQuestions lists a theme's questions in their order on the Questions screen. */
export function themeQuestions<T extends Pick<Question, 'themeId' | 'sortOrder' | 'createdAt'>>(questions: T[], themeId: string | null): T[] {
  return themeId ? sortQuestions(questions.filter((q) => q.themeId === themeId)) : [];
}

/**
 * selectedInOrder gives the chosen question ids in the theme's order, which
 * is the structure the generator follows; ids of questions no longer in the
 * list are dropped.
 */
export function selectedInOrder(ordered: Pick<Question, 'id'>[], ids: string[]): string[] {
  const chosen = new Set(ids);
  return ordered.filter((q) => chosen.has(q.id)).map((q) => q.id);
}

/** draftTitle is the draft's title when generating: the planner's, else the theme name and date. */
export function draftTitle(s: Pick<WizardState, 'title'>, themeName: string, now: Date): string {
  return s.title.trim() || generatedTitle(themeName, now);
}

/** draftInput is the body of POST /api/communications that creates the draft before generating. */
export function draftInput(s: WizardState, questionIds: string[], themeName: string, now: Date): CommunicationInput {
  return {
    title: draftTitle(s, themeName, now),
    themeId: s.themeId ?? '',
    selectedQuestions: questionIds,
    vehicleId: s.vehicleId,
    rawContent: s.rawContent,
    status: 'draft',
  };
}

/** draftUpdate is the body of PUT /api/communications/{id} when the draft already exists (generating again, perhaps for another theme). */
export function draftUpdate(s: WizardState, questionIds: string[], themeName: string, now: Date): Partial<CommunicationInput> {
  return { title: draftTitle(s, themeName, now), themeId: s.themeId ?? '', selectedQuestions: questionIds, vehicleId: s.vehicleId, rawContent: s.rawContent };
}

/** subjectLabels are the labels of a piece's line that carries its title (email Subject, memo RE), per format. */
const subjectLabels: Record<string, string[]> = {
  html: ['<strong>Subject:</strong> ', '<strong>RE:</strong> '],
  markdown: ['**Subject:** ', '**RE:** '],
  text: ['Subject: ', 'RE: '],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

/**
 * followTitle renames the piece's Subject (or RE) line from the title from to
 * the title to, where the line still says from whole; otherwise (the planner
 * edited it) the content comes back unchanged.
 */
export function followTitle(content: string, format: string, from: string, to: string): string {
  const enc = format === 'html' ? escapeHtml : (t: string) => t;
  let out = content;
  for (const label of subjectLabels[format] ?? subjectLabels.text) {
    const line = new RegExp(`(^|>|\n)(${escapeRegExp(label)})${escapeRegExp(enc(from))}(?=<|\n|$)`);
    out = out.replace(line, (_m, before: string, l: string) => `${before}${l}${enc(to)}`);
  }
  return out;
}

/** GenerateBody is the body of POST /api/communications/{id}/generate-content. */
export interface GenerateBody {
  vehicleId: string;
  rawContent: string;
  customTemplate?: NewsletterTemplate;
  /** placeholders keeps bracketed prompts where the notes say nothing (a template). */
  placeholders: boolean;
}

/** generateBody sends customTemplate only for a newsletter vehicle with a customised template (spec 02 §7). */
export function generateBody(s: WizardState, vehicle: Pick<Vehicle, 'id' | 'type'>): GenerateBody {
  const body: GenerateBody = { vehicleId: vehicle.id, rawContent: s.rawContent, placeholders: s.placeholders };
  if (vehicle.type === 'newsletter' && s.customTemplate) body.customTemplate = s.customTemplate;
  return body;
}

/** saveError is the message that stops Save to Content Library, or null. */
export function saveError(s: Pick<WizardState, 'communicationId' | 'generated' | 'content' | 'title'>): string | null {
  if (!s.communicationId || !s.generated || s.content.trim() === '') return ASSEMBLY_TEXT.noCommunication;
  if (s.title.trim() === '') return ASSEMBLY_TEXT.noTitle;
  return null;
}

/** failureMessage is the server's message of a failed call when it sent one, else the spec's fallback. */
export function failureMessage(err: unknown, fallback: string): string {
  const msg = err instanceof ApiError ? err.body?.error : undefined;
  return msg && msg.trim() !== '' ? msg : fallback;
}

/** Finding is one of the draft checker's findings (POST /api/communications/{id}/check-content). */
export interface Finding {
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  line?: string;
}

/** CheckResult is the draft checker's answer. */
export interface CheckResult {
  findings: Finding[];
  errors: number;
}
