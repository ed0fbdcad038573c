import { describe, expect, it } from 'vitest';
import { contentHtml, downloadAction, downloadFileName, pieceFormat } from './content';

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
    expect(got.body).toContain('Line one\nLine two');
    expect(got.body).toContain('white-space:pre-wrap');
  });

  it('saves a generated html piece as the page it is, under a policy that runs nothing', () => {
    const got = downloadAction({ ...base, content: '<h1>Go-live</h1><p>Tablets arrive.</p>', vehicleType: 'email', sourceData: { format: 'html' } }, 'html');
    expect(got.kind).toBe('file');
    if (got.kind !== 'file') return;
    expect(got.fileName).toBe('town_hall_notes.html');
    expect(got.type).toBe('text/html;charset=utf-8');
    expect(got.body).toContain('<h1>Go-live</h1><p>Tablets arrive.</p>');
    expect(got.body).not.toContain('&lt;h1&gt;');
    expect(got.body).toContain("default-src 'none'");
  });

  it('saves text as .txt and markdown as .md, as written', () => {
    const sms = downloadAction({ ...base, content: 'Go-live is 3 Nov. Questions? Ask your lead.', vehicleType: 'sms' }, 'text');
    expect(sms).toEqual({ kind: 'file', fileName: 'town_hall_notes.txt', body: 'Go-live is 3 Nov. Questions? Ask your lead.\n', type: 'text/plain;charset=utf-8' });
    const blog = downloadAction({ ...base, content: '# Go-live\n\n- Tablets\n', vehicleType: 'blog' }, 'markdown');
    expect(blog).toEqual({ kind: 'file', fileName: 'town_hall_notes.md', body: '# Go-live\n\n- Tablets\n', type: 'text/markdown;charset=utf-8' });
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

describe('pieceFormat', () => {
  const types = [
    { type: 'email', defaultSettings: { format: 'html' } },
    { type: 'blog', defaultSettings: { format: 'markdown' } },
    { type: 'sms', defaultSettings: { format: 'text' } },
  ] as Parameters<typeof pieceFormat>[1];
  it('takes the format saved with the piece', () => {
    expect(pieceFormat({ vehicleType: 'email', sourceData: { format: 'text' } }, types)).toBe('text');
    expect(pieceFormat({ vehicleType: 'sms', sourceData: { format: 'html' } }, types)).toBe('html');
  });
  it("else the vehicle type's default, for pieces saved before formats were recorded", () => {
    expect(pieceFormat({ vehicleType: 'email', sourceData: { communicationId: 'c1' } }, types)).toBe('html');
    expect(pieceFormat({ vehicleType: 'blog' }, types)).toBe('markdown');
    expect(pieceFormat({ vehicleType: 'sms' }, types)).toBe('text');
    expect(pieceFormat({ vehicleType: 'email' }, undefined)).toBe('text');
  });
  it('calls a piece written by hand plain', () => {
    expect(pieceFormat({ vehicleType: '' }, types)).toBe('plain');
    expect(pieceFormat({}, types)).toBe('plain');
  });
});
