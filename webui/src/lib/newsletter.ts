// The Newsletter Template Editor (spec 02 §2.3) without React: edits of the
// 15 sections that keep the required ones on, the preview and download HTML,
// and the download file name.
import { fileStem, htmlDocument } from './html';
import type { NewsletterSection, NewsletterSubSection, NewsletterTemplate } from './types';

/** isNewsletterVehicle says whether the editor is offered for a vehicle (spec 02 §2.3). */
export function isNewsletterVehicle(v: { type: string } | null | undefined): boolean {
  return v?.type === 'newsletter';
}

/** newsletterFileName: the title in lower case, non-alphanumerics replaced by "_", plus "_template.html" (spec 02 §9). */
export function newsletterFileName(title: string): string {
  return `${fileStem(title)}_template.html`;
}

/**
 * normalizeTemplate copies a template so edits never touch the original (the
 * reference data or a saved template), turns every required section on and
 * gives every section a sub-section list.
 */
export function normalizeTemplate(t: NewsletterTemplate): NewsletterTemplate {
  return {
    title: t.title ?? '',
    campaignTheme: t.campaignTheme ?? '',
    sections: [...(t.sections ?? [])]
      .sort((a, b) => a.number - b.number)
      .map((s) => ({ ...s, enabled: s.required ? true : !!s.enabled, subSections: (s.subSections ?? []).map((x) => ({ ...x })) })),
  };
}

function mapSection(t: NewsletterTemplate, number: number, f: (s: NewsletterSection) => NewsletterSection): NewsletterTemplate {
  return { ...t, sections: t.sections.map((s) => (s.number === number ? f(s) : s)) };
}

/** SectionEdit is what the editor may change in a section (not its number or required flag). */
export type SectionEdit = Partial<Pick<NewsletterSection, 'title' | 'content' | 'guidelines' | 'defaultText'>>;

/** editSection changes a section's texts. */
export function editSection(t: NewsletterTemplate, number: number, edit: SectionEdit): NewsletterTemplate {
  return mapSection(t, number, (s) => ({ ...s, ...edit }));
}

/** setSectionEnabled switches an optional section on or off; a required section stays on. */
export function setSectionEnabled(t: NewsletterTemplate, number: number, enabled: boolean): NewsletterTemplate {
  return mapSection(t, number, (s) => (s.required ? { ...s, enabled: true } : { ...s, enabled }));
}

/**
 * addSubSection appends an empty sub-section with an id unique in the
 * section ("<section>-<n>"), up to max: the server's limit, GET
 * /api/reference's limits.newsletterSubSections.
 */
export function addSubSection(t: NewsletterTemplate, number: number, max: number): NewsletterTemplate {
  return mapSection(t, number, (s) => {
    const subs = s.subSections ?? [];
    if (subs.length >= max) return s;
    const ids = new Set(subs.map((x) => x.id));
    let n = subs.length + 1;
    while (ids.has(`${number}-${n}`)) n++;
    return { ...s, subSections: [...subs, { id: `${number}-${n}`, title: '', content: '' }] };
  });
}

/** editSubSection changes a sub-section's title or content. */
export function editSubSection(t: NewsletterTemplate, number: number, id: string, edit: Partial<Pick<NewsletterSubSection, 'title' | 'content'>>): NewsletterTemplate {
  return mapSection(t, number, (s) => ({ ...s, subSections: (s.subSections ?? []).map((x) => (x.id === id ? { ...x, ...edit } : x)) }));
}

/** removeSubSection deletes a sub-section. */
export function removeSubSection(t: NewsletterTemplate, number: number, id: string): NewsletterTemplate {
  return mapSection(t, number, (s) => ({ ...s, subSections: (s.subSections ?? []).filter((x) => x.id !== id) }));
}

/** untitledSections lists the numbers of sections whose title is blank (the server refuses them). */
export function untitledSections(t: NewsletterTemplate): number[] {
  return t.sections.filter((s) => s.title.trim() === '').map((s) => s.number);
}

/** enabledSections are the sections a newsletter shows, in number order. */
export function enabledSections(t: NewsletterTemplate): NewsletterSection[] {
  return t.sections.filter((s) => s.required || s.enabled).sort((a, b) => a.number - b.number);
}

const css = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.55}',
  'header{border-bottom:3px solid #1d4ed8;margin-bottom:1.5rem;padding-bottom:.75rem}',
  'h1{margin:0;font-size:1.75rem}',
  '.theme{margin:.25rem 0 0;color:#475569}',
  'section{margin:0 0 1.5rem}',
  'h2{font-size:1.2rem;color:#1e3a8a;margin:0 0 .5rem}',
  'h3{font-size:1rem;margin:.75rem 0 .25rem}',
  '.placeholder{background:#fef3c7;color:#92400e;font-style:italic}',
].join('');

/** PLACEHOLDER_PATTERN finds the bracketed placeholders ("[Add the key dates]") a newsletter still holds. */
const PLACEHOLDER_PATTERN = /<p>\[[^\]<]*\]<\/p>/g;

/** countPlaceholders counts the bracketed default texts left in a generated piece (step 4 shows the count). */
export function countPlaceholders(html: string): number {
  return html.match(PLACEHOLDER_PATTERN)?.length ?? 0;
}

/**
 * newsletterDocument wraps the server's newsletter (POST /api/newsletter-preview,
 * the same HTML generate-content makes) in a standalone document for the
 * preview and the download: one renderer, so what the planner approves is
 * what is generated. Placeholders left are highlighted. The document carries
 * a Content-Security-Policy that loads nothing.
 */
export function newsletterDocument(title: string, fragment: string): string {
  const highlighted = fragment.replace(PLACEHOLDER_PATTERN, (m) => m.replace('<p>', '<p class="placeholder">'));
  return htmlDocument({ title: title.trim() || 'Newsletter', css, csp: true, body: `<main>\n${highlighted}\n</main>\n` });
}
