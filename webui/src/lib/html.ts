// Small helpers for the HTML documents the UI builds itself (downloads and
// sandboxed previews). Every user text goes through escapeHtml.

/** escapeHtml escapes the five characters that are special in HTML text and attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** fileStem is a title in lower case with every character other than a-z and 0-9 replaced by "_" (spec 01 §9, spec 02 §9). */
export function fileStem(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]/g, '_');
}

/**
 * PREVIEW_CSP is the policy of the documents shown in sandboxed iframes:
 * nothing is fetched (no images, fonts or styles from anywhere), only inline
 * styles apply. The iframe's sandbox already stops scripts; this also stops
 * a stray <img src="https://..."> from calling another host.
 */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** htmlDocument wraps a body in a standalone UTF-8 document with a title and inline CSS. */
export function htmlDocument(opts: { title: string; css: string; body: string; csp?: boolean }): string {
  const csp = opts.csp ? `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${csp}<title>${escapeHtml(opts.title)}</title>
<style>${opts.css}</style>
</head>
<body>
${opts.body}</body>
</html>
`;
}
