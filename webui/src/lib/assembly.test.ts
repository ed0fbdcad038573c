import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import {
  ASSEMBLY_TEXT,
  charCount,
  draftInput,
  draftUpdate,
  failureMessage,
  generateBody,
  generatedTitle,
  initialWizard,
  lengthLabel,
  nextError,
  saveError,
  followTitle,
  selectedInOrder,
  STEPS,
  themeQuestions,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './assembly';
import type { GeneratedContent, NewsletterTemplate } from './types';

const result: GeneratedContent = { generatedContent: '<p>Hi</p>', format: 'html', length: 9, maxLength: 5000, truncated: false };
const template: NewsletterTemplate = { title: 'ERP Monthly', campaignTheme: '', sections: [] };

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, initialWizard);
}

describe('STEPS', () => {
  it('names the four steps as spec 02 §2.2 does', () => {
    expect(STEPS.map((s) => `${s.step} ${s.label}`)).toEqual([
      '1 Select Theme',
      '2 Choose Questions',
      '3 Add Raw Content and Select Vehicle Template',
      '4 Review and Save to Content Library',
    ]);
  });
});

describe('wizardReducer', () => {
  it('moves to step 2 on a theme click and clears the chosen questions', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'toggleQuestion', questionId: 'q1' }, { type: 'back' }, { type: 'chooseTheme', themeId: 't1' });
    expect(s.step).toBe(2);
    expect(s.themeId).toBe('t1');
    expect(s.questionIds).toEqual([]);
  });

  it('toggles questions on and off', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'toggleQuestion', questionId: 'q1' }, { type: 'toggleQuestion', questionId: 'q2' }, { type: 'toggleQuestion', questionId: 'q1' });
    expect(s.questionIds).toEqual(['q2']);
  });

  it('refuses Next on step 2 without a question', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' });
    expect(nextError(s)).toBe('Please select at least one question');
    expect(wizardReducer(s, { type: 'next' }).step).toBe(2);
    const withQ = wizardReducer(s, { type: 'toggleQuestion', questionId: 'q1' });
    expect(nextError(withQ)).toBeNull();
    expect(wizardReducer(withQ, { type: 'next' }).step).toBe(3);
  });

  it('needs a vehicle on step 3', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'toggleQuestion', questionId: 'q1' }, { type: 'next' });
    expect(nextError(s)).toBe('Please select a delivery vehicle');
    expect(nextError(wizardReducer(s, { type: 'setVehicle', vehicleId: 'v1' }))).toBeNull();
    // Next never skips generation.
    expect(wizardReducer(wizardReducer(s, { type: 'setVehicle', vehicleId: 'v1' }), { type: 'next' }).step).toBe(3);
  });

  it('goes to step 4 after generation, with the generated title unless one was typed', () => {
    const base = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'toggleQuestion', questionId: 'q1' }, { type: 'next' }, { type: 'setVehicle', vehicleId: 'v1' }, { type: 'draftCreated', communicationId: 'c1' });
    const s = wizardReducer(base, { type: 'generated', result, defaultTitle: 'Theme - Nov 22, 2026' });
    expect(s.step).toBe(4);
    expect(s.generated).toBe(result);
    expect(s.title).toBe('Theme - Nov 22, 2026');
    const typed = wizardReducer(wizardReducer(s, { type: 'setTitle', value: 'My title' }), { type: 'generated', result, defaultTitle: 'Other' });
    expect(typed.title).toBe('My title');
  });

  it('shows the generated text for editing, and a new generation replaces the edits', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'draftCreated', communicationId: 'c1' }, { type: 'generated', result, defaultTitle: 'T' });
    expect(s.content).toBe('<p>Hi</p>');
    const saved = wizardReducer(s, { type: 'saved', contentId: 'p1' });
    const edited = wizardReducer(saved, { type: 'editContent', value: '<p>Hi, team</p>' });
    expect(edited.content).toBe('<p>Hi, team</p>');
    expect(edited.generated).toBe(result);
    expect(edited.savedContentId).toBeNull();
    expect(wizardReducer(edited, { type: 'generated', result, defaultTitle: 'T' }).content).toBe('<p>Hi</p>');
    expect(wizardReducer(edited, { type: 'chooseTheme', themeId: 't2' }).content).toBe('');
  });

  it('goes back 4 → 3 → 2 → 1 and no further', () => {
    let s: WizardState = { ...initialWizard, step: 4 };
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = wizardReducer(s, { type: 'back' });
      seen.push(s.step);
    }
    expect(seen).toEqual([3, 2, 1, 1]);
  });

  it('keeps the run\'s draft for any theme and drops what was generated for another', () => {
    const s = run({ type: 'chooseTheme', themeId: 't1' }, { type: 'draftCreated', communicationId: 'c1' }, { type: 'generated', result, defaultTitle: 'T' });
    expect(wizardReducer(s, { type: 'chooseTheme', themeId: 't1' }).communicationId).toBe('c1');
    const other = wizardReducer(s, { type: 'chooseTheme', themeId: 't2' });
    expect(other.communicationId).toBe('c1');
    expect(other.generated).toBeNull();
    expect(other.title).toBe('');
  });

  it('clears everything on Reset', () => {
    const s = run(
      { type: 'chooseTheme', themeId: 't1' },
      { type: 'toggleQuestion', questionId: 'q1' },
      { type: 'setRawContent', value: 'notes' },
      { type: 'setVehicle', vehicleId: 'v1' },
      { type: 'setCustomTemplate', template },
      { type: 'draftCreated', communicationId: 'c1' },
      { type: 'generated', result, defaultTitle: 'T' },
      { type: 'setDescription', value: 'd' },
      { type: 'reset' },
    );
    expect(s).toEqual(initialWizard);
  });
});

describe('generatedTitle', () => {
  it('is the theme name plus the current date in en-US short form', () => {
    expect(generatedTitle('Digital Transformation', new Date(2026, 10, 22, 15, 30))).toBe('Digital Transformation - Nov 22, 2026');
  });
});

describe('counts', () => {
  it('counts code points like the server', () => {
    expect(charCount('')).toBe(0);
    expect(charCount(undefined)).toBe(0);
    expect(charCount('héllo')).toBe(5);
    expect(charCount('👍🏽 ok')).toBe(5);
  });

  it('shows the length against the maximum', () => {
    expect(lengthLabel(412, 5000)).toBe('412 / 5000');
    expect(lengthLabel(12, 0)).toBe('12');
    expect(lengthLabel(12, undefined)).toBe('12');
  });
});

describe('questions', () => {
  const qs = [
    { id: 'b', themeId: 't1', sortOrder: 2, createdAt: '2025-01-01T00:00:00Z' },
    { id: 'x', themeId: 't2', sortOrder: 1, createdAt: '2025-01-01T00:00:00Z' },
    { id: 'a', themeId: 't1', sortOrder: 1, createdAt: '2025-01-02T00:00:00Z' },
    { id: 'c', themeId: 't1', sortOrder: null, createdAt: '2025-01-01T00:00:00Z' },
  ];

  it('lists only the chosen theme, in order, and nothing without a theme', () => {
    expect(themeQuestions(qs, 't1').map((q) => q.id)).toEqual(['a', 'b', 'c']);
    expect(themeQuestions(qs, null)).toEqual([]);
  });

  it('sends the chosen questions in the theme order, dropping unknown ids', () => {
    expect(selectedInOrder(themeQuestions(qs, 't1'), ['c', 'gone', 'a'])).toEqual(['a', 'c']);
  });
});

describe('payloads', () => {
  const s: WizardState = { ...initialWizard, step: 3, themeId: 't1', questionIds: ['q2', 'q1'], rawContent: 'notes', vehicleId: 'v1' };

  it('creates the draft with the generated title', () => {
    expect(draftInput(s, ['q1', 'q2'], 'Go-Live', new Date(2026, 0, 5))).toEqual({
      title: 'Go-Live - Jan 5, 2026',
      themeId: 't1',
      selectedQuestions: ['q1', 'q2'],
      vehicleId: 'v1',
      rawContent: 'notes',
      status: 'draft',
    });
    expect(draftUpdate(s, ['q1'], 'Theme', new Date(2026, 10, 29))).toEqual({ title: 'Theme - Nov 29, 2026', themeId: 't1', selectedQuestions: ['q1'], vehicleId: 'v1', rawContent: 'notes' });
  });

  it('sends customTemplate only for a newsletter with a saved customisation', () => {
    const custom = { ...s, customTemplate: template };
    expect(generateBody(custom, { id: 'v1', type: 'newsletter' })).toEqual({ vehicleId: 'v1', rawContent: 'notes', customTemplate: template, placeholders: false });
    expect(generateBody(custom, { id: 'v1', type: 'email' })).toEqual({ vehicleId: 'v1', rawContent: 'notes', placeholders: false });
    expect(generateBody(s, { id: 'v1', type: 'newsletter' })).toEqual({ vehicleId: 'v1', rawContent: 'notes', placeholders: false });
  });

  it('asks for placeholders only when the planner keeps a template', () => {
    const kept = wizardReducer(s, { type: 'setPlaceholders', value: true });
    expect(generateBody(kept, { id: 'v1', type: 'email' })).toEqual({ vehicleId: 'v1', rawContent: 'notes', placeholders: true });
    expect(wizardReducer(kept, { type: 'reset' }).placeholders).toBe(false);
  });

  it('the Subject line follows the title until the planner edits it', () => {
    const gen: GeneratedContent = { ...result, format: 'html', generatedContent: '<p><strong>Subject:</strong> Launch - Nov 29, 2026</p>\n<p>Hello everyone,</p>' };
    let w = wizardReducer({ ...s, step: 3, communicationId: 'c1' }, { type: 'generated', result: gen, defaultTitle: 'Launch - Nov 29, 2026' });
    expect(w.savedTitle).toBe('Launch - Nov 29, 2026');
    w = wizardReducer(w, { type: 'setTitle', value: '' });
    expect(w.content).toBe(gen.generatedContent);
    w = wizardReducer(w, { type: 'setTitle', value: 'Tools & tips' });
    expect(w.content).toBe('<p><strong>Subject:</strong> Tools &amp; tips</p>\n<p>Hello everyone,</p>');
    // An edited subject stays as written.
    w = wizardReducer(w, { type: 'editContent', value: w.content.replace('Tools &amp; tips', 'Read this first') });
    w = wizardReducer(w, { type: 'setTitle', value: 'Another title' });
    expect(w.content).toContain('<strong>Subject:</strong> Read this first</p>');
    expect(followTitle('Subject: A\nRE: A\nA', 'text', 'A', 'B')).toBe('Subject: B\nRE: B\nA');
  });

  it('keeps the run\'s one draft across themes, and knows when it was kept', () => {
    const w = wizardReducer({ ...s, communicationId: 'c1' }, { type: 'chooseTheme', themeId: 't2' });
    expect(w.communicationId).toBe('c1');
    expect(draftUpdate({ ...w, title: '' }, ['q9'], 'Payroll', new Date(2026, 10, 29))).toEqual({
      title: 'Payroll - Nov 29, 2026',
      themeId: 't2',
      selectedQuestions: ['q9'],
      vehicleId: 'v1',
      rawContent: 'notes',
    });
    expect(wizardReducer(w, { type: 'scheduled' }).kept).toBe(true);
    expect(wizardReducer(w, { type: 'saved', contentId: 'p1' }).kept).toBe(true);
    expect(w.kept).toBe(false);
  });
});

describe('saveError', () => {
  it('needs a generated communication, then a title', () => {
    expect(saveError({ communicationId: null, generated: null, content: '', title: 'x' })).toBe(ASSEMBLY_TEXT.noCommunication);
    expect(saveError({ communicationId: 'c1', generated: null, content: '', title: 'x' })).toBe('No communication to save');
    expect(saveError({ communicationId: 'c1', generated: result, content: '<p>Hi</p>', title: '   ' })).toBe('Please enter a title for the content');
    expect(saveError({ communicationId: 'c1', generated: result, content: '<p>Hi</p>', title: 'x' })).toBeNull();
    // Edited down to nothing, there is nothing to save.
    expect(saveError({ communicationId: 'c1', generated: result, content: ' \n', title: 'x' })).toBe('No communication to save');
  });
});

describe('failureMessage', () => {
  it("uses the server's message when it sent one, else the fallback", () => {
    const withBody = new ApiError(502, '502: {...}', { error: 'generator unreachable' });
    expect(failureMessage(withBody, ASSEMBLY_TEXT.generateFallback)).toBe('generator unreachable');
    expect(failureMessage(new ApiError(500, '500: Internal', null), ASSEMBLY_TEXT.generateFallback)).toBe('Failed to generate content. Please try again.');
    expect(failureMessage(new ApiError(400, '400: x', { error: ' ' }), ASSEMBLY_TEXT.saveFallback)).toBe('Failed to save content to library. Please try again.');
    expect(failureMessage(new TypeError('Failed to fetch'), ASSEMBLY_TEXT.saveFallback)).toBe(ASSEMBLY_TEXT.saveFallback);
  });
});
