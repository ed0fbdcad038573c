import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api';
import type { Audience, DirectoryImport, Employee } from '@/lib/types';

/** DirectoryFilter narrows the directory list (GET /api/directory). */
export interface DirectoryFilter {
  q: string;
  division: string;
  location: string;
  active: '' | 'true' | 'false';
}

/** DIRECTORY_PAGE is how many entries one request reads. */
export const DIRECTORY_PAGE = 200;

/** directoryQuery is the query string of a filter and page. */
export function directoryQuery(f: DirectoryFilter, offset: number, limit = DIRECTORY_PAGE): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== '') p.set(k, v);
  p.set('offset', String(offset));
  p.set('limit', String(limit));
  return p.toString();
}

async function getPage(f: DirectoryFilter, offset: number): Promise<{ rows: Employee[]; total: number; offset: number }> {
  const res = await fetch(`/api/directory?${directoryQuery(f, offset)}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, errorMessage(res.status, res.statusText, text), null);
  return { rows: JSON.parse(text) as Employee[], total: Number(res.headers.get('X-Total-Count') ?? 0), offset };
}

/** useDirectory reads the directory a page at a time as the table scrolls (fetchNextPage). */
export function useDirectory(f: DirectoryFilter) {
  return useInfiniteQuery({
    queryKey: ['/api/directory', f],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getPage(f, pageParam),
    getNextPageParam: (last) => (last.offset + last.rows.length < last.total ? last.offset + last.rows.length : undefined),
  });
}

/** ImportOptions are an import's choices: the column mapping and whether it is a dry run. */
export interface ImportOptions {
  map?: Record<string, string>;
  dryRun?: boolean;
  partial?: boolean;
}

/** importDirectory sends a CSV file to POST /api/directory/import; a refused import (bad rows) resolves with its result too. */
export async function importDirectory(file: Blob, opts: ImportOptions): Promise<DirectoryImport> {
  const p = new URLSearchParams();
  for (const [col, field] of Object.entries(opts.map ?? {})) p.append('map', `${col}=${field}`);
  if (opts.dryRun) p.set('dryRun', 'true');
  if (opts.partial) p.set('partial', 'true');
  const res = await fetch(`/api/directory/import?${p.toString()}`, { method: 'POST', body: file, credentials: 'same-origin', headers: { 'Content-Type': 'text/csv' } });
  const text = await res.text();
  let body: { result?: DirectoryImport; error?: string; fields?: Record<string, string> } | null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (res.ok) return body as unknown as DirectoryImport;
  if (res.status === 400 && body?.result) return body.result;
  throw new ApiError(res.status, errorMessage(res.status, res.statusText, text), body);
}

/** useImportDirectory imports for real; the directory and the audiences' counts are fetched again. */
export function useImportDirectory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, opts }: { file: Blob; opts: ImportOptions }) => importDirectory(file, opts),
    onSuccess: (res) => {
      if (!res.written) return;
      void qc.invalidateQueries({ queryKey: ['/api/directory'] });
      void qc.invalidateQueries({ queryKey: ['/api/directory/facets'] });
      void qc.invalidateQueries({ queryKey: ['/api/audiences'] });
      // The organisation follows the directory: its divisions, head counts and job titles.
      void qc.invalidateQueries({ queryKey: ['/api/reference'] });
      void qc.invalidateQueries({ queryKey: ['/api/job-titles'] });
    },
  });
}

/** Facet is one value of a directory field with its number of active employees. */
export interface Facet {
  value: string;
  count: number;
}

/** DirectoryFacets are the directory's divisions, locations, levels and the rest (GET /api/directory/facets). */
export interface DirectoryFacets {
  divisions: Facet[];
  locations: Facet[];
  levels: Facet[];
  jobTitles: Facet[];
  departments: Facet[];
  employeeTypes: Facet[];
  roleGroups: Facet[];
}

/** useDirectoryFacets reads the directory's facets; an import refetches them. */
export function useDirectoryFacets() {
  return useQuery<DirectoryFacets>({ queryKey: ['/api/directory/facets'] });
}

/** AudienceCount is the live member count of an audience form (null while no directory is loaded). */
export interface AudienceCount {
  contactCount: number | null;
  asOf: string | null;
}

/** useAudienceCount previews an unsaved audience's member count as its criteria change. */
export function useAudienceCount(criteria: Pick<Audience, 'divisions' | 'locations'>, enabled: boolean) {
  return useQuery<AudienceCount>({
    queryKey: ['/api/audiences/count', criteria],
    enabled,
    queryFn: async () => {
      const res = await fetch('/api/audiences/count', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(criteria),
      });
      const text = await res.text();
      if (!res.ok) throw new ApiError(res.status, errorMessage(res.status, res.statusText, text), null);
      return JSON.parse(text) as AudienceCount;
    },
  });
}
