import { escapeHtml, fileStem } from './html';
import type { Content } from './types';

/** contentTypes are the content types in filter order, with their labels. */
export const contentTypes = [
  { value: 'text', label: 'Text' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'document', label: 'Document' },
] as const;

/** downloadFileName: the title in lower case with every non-alphanumeric replaced by "_", plus ".html". */
export function downloadFileName(title: string): string {
  return `${fileStem(title)}.html`;
}

/** filterContent: search matches title or description case-insensitively; type "all" matches every type. */
export function filterContent<T extends Pick<Content, 'title' | 'description' | 'type'>>(list: T[], search: string, type: string): T[] {
  const s = search.trim().toLowerCase();
  return list.filter(
    (c) =>
      (type === 'all' || c.type === type) &&
      (s === '' || c.title.toLowerCase().includes(s) || (c.description ?? '').toLowerCase().includes(s)),
  );
}

/** DownloadAction is what Download does for a piece: save a file, open its url, or report nothing to download. */
export type DownloadAction = { kind: 'file'; fileName: string; html: string } | { kind: 'url'; url: string } | { kind: 'none' };

/** contentHtml renders a piece as a standalone HTML document, line breaks kept. */
export function contentHtml(c: Pick<Content, 'title' | 'description' | 'content' | 'type' | 'url'>): string {
  const description = c.description ? `<p class="description">${escapeHtml(c.description)}</p>\n` : '';
  const link = c.url ? `<p><a href="${escapeHtml(c.url)}">${escapeHtml(c.url)}</a></p>\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(c.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}.content{white-space:pre-wrap}.description{color:#475569}</style>
</head>
<body>
<h1>${escapeHtml(c.title)}</h1>
${description}<div class="content">${escapeHtml(c.content)}</div>
${link}</body>
</html>
`;
}

/** downloadAction decides what Download does (spec 01 §9). */
export function downloadAction(c: Pick<Content, 'title' | 'description' | 'content' | 'type' | 'url'>): DownloadAction {
  if (c.content && c.content.trim() !== '') return { kind: 'file', fileName: downloadFileName(c.title), html: contentHtml(c) };
  if (c.url) return { kind: 'url', url: c.url };
  return { kind: 'none' };
}
