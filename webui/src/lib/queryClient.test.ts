import { describe, expect, it } from 'vitest';
import { queryClient, refreshedLists } from './queryClient';

describe('refreshedLists', () => {
  it.each([
    ['content', ['/api/content', '/api/questions', '/api/themes']],
    ['questions', ['/api/questions', '/api/themes']],
    ['themes', ['/api/themes', '/api/questions', '/api/communications']],
    ['audiences', ['/api/audiences', '/api/communications']],
    ['communications', ['/api/communications', '/api/vehicles']],
  ] as const)('%s', (entity, want) => {
    expect(refreshedLists(entity)).toEqual(want);
  });
});

describe('queryClient defaults', () => {
  it('never goes stale, never refetches on focus, never retries', () => {
    const q = queryClient.getDefaultOptions().queries!;
    expect(q.staleTime).toBe(Infinity);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.retry).toBe(false);
  });
});
