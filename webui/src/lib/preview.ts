// The document a sandboxed iframe shows for generated content: an html
// fragment as it is, markdown rendered by marked. Only the Assembly chunk
// imports this module, so marked stays out of the first load.
import { Marked } from 'marked';
import { escapeHtml, htmlDocument } from './html';

// Raw HTML inside markdown is shown as text, never as markup, and images
// show their alt text: a preview never fetches anything.
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ text }) => escapeHtml(text),
  },
});

/** renderMarkdown turns markdown into HTML with any embedded HTML escaped. */
export function renderMarkdown(src: string): string {
  return markdown.parse(src, { async: false });
}

const css = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;margin:1rem;line-height:1.55;font-size:14px}',
  'h1,h2,h3{line-height:1.25}',
  'table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:.25rem .5rem}',
  'pre.text{white-space:pre-wrap;font-family:inherit}',
].join('');

/**
 * contentDocument builds the iframe document of generated content in its
 * format: html as given (it is shown only in a sandbox without scripts, under
 * a policy that loads nothing), markdown rendered, anything else as text.
 */
export function contentDocument(content: string, format: string, title: string): string {
  let body: string;
  if (format === 'html') body = content;
  else if (format === 'markdown') body = renderMarkdown(content);
  else body = `<pre class="text">${escapeHtml(content)}</pre>`;
  return htmlDocument({ title, css, csp: true, body: `${body}\n` });
}
