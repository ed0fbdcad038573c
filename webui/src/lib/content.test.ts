import { describe, expect, it } from 'vitest';
import type { Content } from './types';
import { contentHtml, downloadAction, downloadFileName, filterContent } from './content';

describe('downloadFileName', () => {
  it.each([
    ['Go-Live FAQ', 'go_live_faq.html'],
    ['Q3 Update: Field Ops!', 'q3_update__field_ops_.html'],
    ['already_fine', 'already_fine.html'],
    ['Café Menü', 'caf__men_.html'],
    ['', '.html'],
  ])('%j gives %j', (title, want) => {
    expect(downloadFileName(title)).toBe(want);
  });
});

describe('downloadAction', () => {
  const base = { title: 'Town Hall Notes', description: '', type: 'text' as const, url: '' };

  it('saves content as an HTML file named from the title', () => {
    const got = downloadAction({ ...base, content: 'Line one\nLine two' });
    expect(got.kind).toBe('file');
    if (got.kind !== 'file') return;
    expect(got.fileName).toBe('town_hall_notes.html');
    expect(got.html).toContain('Line one\nLine two');
    expect(got.html).toContain('white-space:pre-wrap');
  });

  it('opens the url when there is no content', () => {
    expect(downloadAction({ ...base, content: '  ', url: 'https://example.com/a.pdf' })).toEqual({ kind: 'url', url: 'https://example.com/a.pdf' });
  });

  it('reports nothing to download without content or url', () => {
    expect(downloadAction({ ...base, content: '' })).toEqual({ kind: 'none' });
  });

  it('escapes markup in the document', () => {
    const html = contentHtml({ ...base, title: '<b>x</b>', content: '<script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('filterContent', () => {
  const list: Pick<Content, 'title' | 'description' | 'type'>[] = [
    { title: 'Go-Live FAQ', description: 'Questions from the field', type: 'text' },
    { title: 'Training video', description: '', type: 'video' },
    { title: 'Org chart', description: 'Who does what after go-live', type: 'image' },
  ];

  it.each([
    ['', 'all', 3],
    ['GO-LIVE', 'all', 2],
    ['field', 'all', 1],
    ['', 'video', 1],
    ['go-live', 'image', 1],
    ['nothing', 'all', 0],
  ])('search %j type %s keeps %d', (search, type, n) => {
    expect(filterContent(list, search, type)).toHaveLength(n);
  });
});
