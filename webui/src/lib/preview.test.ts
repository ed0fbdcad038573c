import { describe, expect, it } from 'vitest';
import { contentDocument, renderMarkdown } from './preview';

describe('renderMarkdown', () => {
  it('renders headings, lists and emphasis', () => {
    const html = renderMarkdown('# Go-Live\n\n- **Date:** Nov 3\n- Training\n');
    expect(html).toContain('<h1>Go-Live</h1>');
    expect(html).toContain('<li><strong>Date:</strong> Nov 3</li>');
  });

  it('shows raw HTML as text, never as markup', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('replaces images by their alt text so nothing is fetched', () => {
    const html = renderMarkdown('![site map](https://example.com/map.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('site map');
  });
});

describe('contentDocument', () => {
  it('keeps an html fragment, renders markdown and escapes text', () => {
    expect(contentDocument('<h2>Hi</h2>', 'html', 'T')).toContain('<h2>Hi</h2>');
    expect(contentDocument('## Hi', 'markdown', 'T')).toContain('<h2>Hi</h2>');
    expect(contentDocument('<b>x</b>', 'text', 'T')).toContain('<pre class="text">&lt;b&gt;x&lt;/b&gt;</pre>');
  });

  it('always carries the policy that loads nothing', () => {
    for (const f of ['html', 'markdown', 'text']) expect(contentDocument('x', f, 'T')).toContain('Content-Security-Policy');
  });
});
