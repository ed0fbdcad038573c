// The one HTTP client of the UI. Every call goes to the same origin, sends the
// session cookie and, with a body, JSON. A failed call throws ApiError whose
// message is "<status>: <body or status text>" (spec 01 §8).

/** ApiError is a non-OK answer. body is the parsed JSON error, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: { error?: string; fields?: Record<string, string> } | null;

  constructor(status: number, message: string, body: ApiError['body']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * onUnauthorized registers a listener called when any call (other than the
 * login itself) answers 401, so the app can return to the access gate.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** errorMessage builds the spec's "<status>: <body or status text>". */
export function errorMessage(status: number, statusText: string, body: string): string {
  return `${status}: ${body.trim() !== '' ? body : statusText}`;
}

async function throwIfNotOk(res: Response, url: string): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: ApiError['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  // A failed login is the gate's own business; any other 401 means the
  // session is gone.
  if (res.status === 401 && url !== '/api/session') {
    unauthorizedListeners.forEach((l) => l());
  }
  throw new ApiError(res.status, errorMessage(res.status, res.statusText, text), body);
}

/**
 * apiRequest sends one request and returns the parsed JSON (undefined for 204).
 * A GET revalidates through the browser's HTTP cache: the lists answer with an
 * ETag, so a refetch of unchanged data costs a 304, which fetch hands back as
 * the cached 200 (docs/performance.md).
 */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'same-origin',
    cache: method === 'GET' ? 'no-cache' : undefined,
  });
  await throwIfNotOk(res, url);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** apiText sends one request and returns the answer's text (e.g. an HTML report). */
export async function apiText(method: string, url: string, data?: unknown): Promise<string> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'same-origin',
  });
  await throwIfNotOk(res, url);
  return res.text();
}

/** queryPath joins a query key's segments with slashes (spec 01 §7). */
export function queryPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/** fetchQuery is the default react-query query function: GET the key's path. */
export function fetchQuery<T>({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> {
  return apiRequest<T>('GET', queryPath(queryKey));
}

/** Page is one page of a list: its rows, the next page's path (from the Link header) and the whole list's size. */
export interface Page<T> {
  rows: T[];
  next: string | undefined;
  total: number;
}

/** apiPage GETs one page of a list (?limit, ?after) and reads its Link and X-Total-Count headers. */
export async function apiPage<T>(url: string): Promise<Page<T>> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-cache' });
  await throwIfNotOk(res, url);
  const rows = (await res.json()) as T[];
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
  const total = Number.parseInt(res.headers.get('X-Total-Count') ?? '', 10);
  return { rows, next, total: Number.isFinite(total) ? total : rows.length };
}
