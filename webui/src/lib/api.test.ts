import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, onUnauthorized, queryPath } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : body, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('errorMessage', () => {
  it.each([
    [404, 'Not Found', '{"error":"theme not found"}', '404: {"error":"theme not found"}'],
    [500, 'Internal Server Error', '', '500: Internal Server Error'],
    [502, 'Bad Gateway', '   ', '502: Bad Gateway'],
  ])('%d', (status, text, body, want) => {
    expect(errorMessage(status, text, body)).toBe(want);
  });
});

describe('apiRequest', () => {
  it('sends JSON with the same-origin cookie and parses the answer', async () => {
    const fetchMock = stubFetch(201, '{"id":"1"}');
    await expect(apiRequest('POST', '/api/themes', { name: 'x' })).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/themes');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('revalidates a GET with the HTTP cache and leaves writes to the network', async () => {
    const fetchMock = stubFetch(200, '[]');
    await apiRequest('GET', '/api/themes');
    await apiRequest('POST', '/api/themes', { name: 'x' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0][1].cache).toBe('no-cache');
    expect(calls[1][1].cache).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    stubFetch(204, '');
    await expect(apiRequest('DELETE', '/api/themes/1')).resolves.toBeUndefined();
  });

  it('throws ApiError with the status and parsed body', async () => {
    stubFetch(400, '{"error":"invalid","fields":{"name":"is required"}}', 'Bad Request');
    const err = (await apiRequest('POST', '/api/themes', {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe('400: {"error":"invalid","fields":{"name":"is required"}}');
    expect(err.body?.fields).toEqual({ name: 'is required' });
  });

  it('tells listeners about a 401, except for the login itself', async () => {
    const seen = vi.fn();
    const off = onUnauthorized(seen);
    stubFetch(401, '{"error":"no session"}');
    await apiRequest('GET', '/api/themes').catch(() => {});
    expect(seen).toHaveBeenCalledTimes(1);
    await apiRequest('POST', '/api/session', { code: 'x' }).catch(() => {});
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    await apiRequest('GET', '/api/themes').catch(() => {});
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('queryPath', () => {
  it('joins key segments with slashes', () => {
    expect(queryPath(['/api/themes'])).toBe('/api/themes');
    expect(queryPath(['/api/campaigns', 'abc'])).toBe('/api/campaigns/abc');
  });
});
