import { describe, expect, it } from 'vitest';
import { invalidateAfter, queryClient, refreshedLists } from './queryClient';

describe('refreshedLists', () => {
  it.each([
    ['content', ['/api/content', '/api/questions', '/api/themes']],
    ['questions', ['/api/questions', '/api/themes']],
    ['themes', ['/api/themes', '/api/questions', '/api/communications']],
    ['audiences', ['/api/audiences', '/api/communications', '/api/schedule/warnings']],
    ['vehicles', ['/api/vehicles', '/api/communications']],
    ['communications', ['/api/communications', '/api/vehicles', '/api/schedule/warnings']],
    ['blackouts', ['/api/blackouts', '/api/schedule/warnings']],
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

describe('invalidateAfter', () => {
  it('refetches the warnings, whose keys carry ?tz=, after a communication, audience or blackout change', async () => {
    const warnings = ['/api/schedule/warnings?tz=Europe%2FParis'];
    const themes = ['/api/themes'];
    for (const entity of ['communications', 'audiences', 'blackouts', 'themes'] as const) {
      queryClient.setQueryData(warnings, []);
      queryClient.setQueryData(themes, []);
      // No query function runs: these queries have no observers, so invalidation only marks them.
      await invalidateAfter(entity);
      expect(queryClient.getQueryState(warnings)?.isInvalidated, entity).toBe(entity !== 'themes');
      expect(queryClient.getQueryState(themes)?.isInvalidated, entity).toBe(entity === 'themes');
    }
    queryClient.clear();
  });
});
