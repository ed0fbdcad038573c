import { describe, expect, it } from 'vitest';
import { escapeHtml, fileStem, htmlDocument, PREVIEW_CSP } from './html';

describe('escapeHtml', () => {
  it('escapes the characters special in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});

describe('fileStem', () => {
  it.each([
    ['Monthly ERP Newsletter', 'monthly_erp_newsletter'],
    ['Q3: Go-Live!', 'q3__go_live_'],
    ['Café', 'caf_'],
  ])('%j gives %j', (title, want) => expect(fileStem(title)).toBe(want));
});

describe('htmlDocument', () => {
  it('escapes the title and adds the no-load policy when asked', () => {
    const doc = htmlDocument({ title: '<b>T</b>', css: 'p{}', body: '<p>x</p>\n', csp: true });
    expect(doc).toContain('<title>&lt;b&gt;T&lt;/b&gt;</title>');
    expect(doc).toContain(`content="${PREVIEW_CSP}"`);
    expect(htmlDocument({ title: 'T', css: '', body: '' })).not.toContain('Content-Security-Policy');
  });
});
