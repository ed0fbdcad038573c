import { describe, expect, it } from 'vitest';
import {
  addSubSection,
  editSection,
  editSubSection,
  enabledSections,
  isNewsletterVehicle,
  newsletterFileName,
  countPlaceholders,
  newsletterDocument,
  normalizeTemplate,
  removeSubSection,
  setSectionEnabled,
  untitledSections,
} from './newsletter';
import type { NewsletterTemplate } from './types';

const REQUIRED = [1, 2, 3, 4, 5, 6, 13, 14, 15];

/** fixture is a 15-section template shaped like GET /api/reference's newsletterTemplate. */
function fixture(): NewsletterTemplate {
  return {
    title: 'ERP Programme Newsletter',
    campaignTheme: '',
    sections: Array.from({ length: 15 }, (_, i) => {
      const number = 15 - i; // out of order on purpose
      const required = REQUIRED.includes(number);
      return {
        number,
        title: number === 7 ? 'Implementation Timeline' : `Section ${number}`,
        purpose: `Purpose ${number}`,
        required,
        enabled: required,
        content: '',
        guidelines: `Guidelines ${number}`,
        defaultText: `Default text ${number}`,
        subSections: number === 3 ? null : [],
      };
    }),
  };
}

describe('isNewsletterVehicle', () => {
  it('offers the editor for newsletter vehicles only', () => {
    expect(isNewsletterVehicle({ type: 'newsletter' })).toBe(true);
    expect(isNewsletterVehicle({ type: 'email' })).toBe(false);
    expect(isNewsletterVehicle(null)).toBe(false);
  });
});

describe('newsletterFileName', () => {
  it.each([
    ['ERP Programme Newsletter', 'erp_programme_newsletter_template.html'],
    ['March 2026: Go-Live!', 'march_2026__go_live__template.html'],
    ['', '_template.html'],
  ])('%j gives %j', (title, want) => expect(newsletterFileName(title)).toBe(want));
});

describe('normalizeTemplate', () => {
  it('sorts the sections, turns required ones on and never shares the original', () => {
    const original = fixture();
    original.sections.find((s) => s.number === 2)!.enabled = false;
    const t = normalizeTemplate(original);
    expect(t.sections.map((s) => s.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(t.sections.find((s) => s.number === 2)!.enabled).toBe(true);
    expect(t.sections.find((s) => s.number === 3)!.subSections).toEqual([]);
    const edited = editSection(t, 1, { title: 'Changed' });
    expect(original.sections.find((s) => s.number === 1)!.title).toBe('Section 1');
    expect(edited.sections[0].title).toBe('Changed');
    expect(t.sections[0].title).toBe('Section 1');
  });
});

describe('sections', () => {
  it('switches optional sections, never required ones', () => {
    let t = normalizeTemplate(fixture());
    t = setSectionEnabled(t, 7, true);
    t = setSectionEnabled(t, 1, false);
    expect(t.sections.find((s) => s.number === 7)!.enabled).toBe(true);
    expect(t.sections.find((s) => s.number === 1)!.enabled).toBe(true);
    expect(enabledSections(t).map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 13, 14, 15]);
    t = setSectionEnabled(t, 7, false);
    expect(enabledSections(t).map((s) => s.number)).toEqual(REQUIRED);
  });

  it('adds, edits and removes sub-sections with unique ids', () => {
    let t = normalizeTemplate(fixture());
    t = addSubSection(t, 4, 20);
    t = addSubSection(t, 4, 20);
    t = removeSubSection(t, 4, '4-1');
    t = addSubSection(t, 4, 20);
    const ids = t.sections.find((s) => s.number === 4)!.subSections!.map((x) => x.id);
    expect(ids).toEqual(['4-2', '4-3']);
    t = editSubSection(t, 4, '4-3', { title: 'Warehouse', content: 'Scanners arrive' });
    expect(t.sections.find((s) => s.number === 4)!.subSections![1]).toEqual({ id: '4-3', title: 'Warehouse', content: 'Scanners arrive' });
  });
});

describe('limits', () => {
  it('stops adding sub-sections at the limit', () => {
    let t = normalizeTemplate(fixture());
    for (let i = 0; i < 7 + 3; i++) t = addSubSection(t, 5, 7);
    expect(t.sections.find((s) => s.number === 5)!.subSections).toHaveLength(7);
  });

  it('finds sections without a title', () => {
    let t = normalizeTemplate(fixture());
    expect(untitledSections(t)).toEqual([]);
    t = editSection(t, 9, { title: '  ' });
    t = editSection(t, 2, { title: '' });
    expect(untitledSections(t)).toEqual([2, 9]);
  });
});

describe('newsletterDocument', () => {
  it('wraps the server HTML as it is, and highlights the placeholders left', () => {
    const fragment = '<h1>Depot News</h1>\n<h2>Key Dates and Milestones</h2>\n<p>[Add the key dates]</p>\n<p>Go-live is on 3 March.</p>';
    const doc = newsletterDocument('Depot News', fragment);
    expect(doc).toContain('<title>Depot News</title>');
    expect(doc).toContain('<p class="placeholder">[Add the key dates]</p>');
    expect(doc).toContain('<p>Go-live is on 3 March.</p>');
    expect(doc).toContain('Content-Security-Policy');
    expect(countPlaceholders(fragment)).toBe(1);
    expect(countPlaceholders('<p>No [brackets] here at the start</p>')).toBe(0);
  });
});
