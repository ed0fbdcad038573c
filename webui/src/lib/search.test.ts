import { describe, expect, it } from 'vitest';
import { groupHits, hitTarget, searchKey } from './search';
import type { SearchHit } from './types';

const hit = (kind: SearchHit['kind'], id: string): SearchHit => ({ kind, id, title: id, snippet: '' });

describe('search', () => {
  it('builds the query key as the API path', () => {
    expect(searchKey('go live & more')).toBe('/api/search?q=go%20live%20%26%20more');
  });

  it('groups hits in a fixed kind order', () => {
    const groups = groupHits([hit('content', 'c1'), hit('theme', 't1'), hit('content', 'c2'), hit('communication', 'm1')]);
    expect(groups.map((g) => [g.label, g.hits.map((h) => h.id)])).toEqual([
      ['Themes', ['t1']],
      ['Content', ['c1', 'c2']],
      ['Communications', ['m1']],
    ]);
  });

  it.each([
    ['theme', '/themes?focus=x'],
    ['question', '/questions?focus=x'],
    ['content', '/content?preview=x'],
    ['communication', '/schedule?focus=x'],
  ] as const)('a %s hit leads to %s', (kind, want) => {
    expect(hitTarget(hit(kind, 'x'))).toBe(want);
  });
});
