import { escapeHtml, fileStem, htmlDocument } from './html';
import type { Content, VehicleType } from './types';

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

/** DownloadAction is what Download does for a piece: save a file (body of a MIME type), open its url, or report nothing to download. */
export type DownloadAction = { kind: 'file'; fileName: string; body: string; type: string } | { kind: 'url'; url: string } | { kind: 'none' };

/** PieceFormat is the format a piece is shown and downloaded in. */
export type PieceFormat = 'html' | 'markdown' | 'text' | 'plain';

type Piece = Pick<Content, 'title' | 'description' | 'content' | 'type' | 'url' | 'vehicleType' | 'sourceData'>;

/**
 * pieceFormat is a generated piece's format: the one saved with it
 * (sourceData.format), else its vehicle type's default (pieces saved before
 * the format was recorded). A piece written by hand is "plain": shown and
 * downloaded as the spec's HTML page of its text.
 */
export function pieceFormat(c: Pick<Content, 'vehicleType' | 'sourceData'>, vehicleTypes?: Pick<VehicleType, 'type' | 'defaultSettings'>[]): PieceFormat {
  const saved = c.sourceData?.format;
  if (saved === 'html' || saved === 'markdown' || saved === 'text') return saved;
  if (!c.vehicleType) return 'plain';
  const f = vehicleTypes?.find((t) => t.type === c.vehicleType)?.defaultSettings?.format;
  return f === 'html' || f === 'markdown' ? f : 'text';
}

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

/**
 * downloadAction decides what Download does (spec 01 §9): a
 * generated html piece is the page it is (under a policy that runs and loads
 * nothing), .html; markdown is its source, .md; text is .txt; a piece
 * written by hand is the spec's HTML page of its text.
 */
export function downloadAction(c: Piece, format: PieceFormat = pieceFormat(c)): DownloadAction {
  if (c.content && c.content.trim() !== '') {
    const stem = fileStem(c.title);
    switch (format) {
      case 'html':
        return { kind: 'file', fileName: `${stem}.html`, body: pieceDocument(c.content, c.title), type: 'text/html;charset=utf-8' };
      case 'markdown':
        return { kind: 'file', fileName: `${stem}.md`, body: withNewline(c.content), type: 'text/markdown;charset=utf-8' };
      case 'text':
        return { kind: 'file', fileName: `${stem}.txt`, body: withNewline(c.content), type: 'text/plain;charset=utf-8' };
      default:
        return { kind: 'file', fileName: downloadFileName(c.title), body: contentHtml(c), type: 'text/html;charset=utf-8' };
    }
  }
  if (c.url) return { kind: 'url', url: c.url };
  return { kind: 'none' };
}

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}

/**
 * pieceDocument is a generated html fragment as a standalone page: the
 * piece's markup as it is, under the preview policy (no script, nothing
 * fetched), so a file opened from the downloads folder is as safe as the
 * sandboxed preview.
 */
export function pieceDocument(fragment: string, title: string): string {
  return htmlDocument({
    title,
    csp: true,
    css: 'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:.25rem .5rem}',
    body: `${fragment}\n`,
  });
}
