import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { importDirectory, useImportDirectory } from '@/hooks/directory';
import { ATTRIBUTE, mapOverrides, rememberedMapping, rememberMapping } from '@/lib/directoryMapping';
import { toast } from '@/lib/toast';
import type { DirectoryImport } from '@/lib/types';

const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

/** summary is an import's counts in one line. */
function summary(r: DirectoryImport): string {
  return `${r.created} created, ${r.updated} updated, ${r.deactivated} deactivated, ${r.unchanged} unchanged`;
}

/**
 * ImportDirectoryDialog imports an HR export: the file is read by the server
 * in a dry run, which answers its columns and the suggested mapping; the
 * user adjusts the mapping (remembered for the same columns), sees what the
 * import would do, and imports.
 */
export function ImportDirectoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DirectoryImport | null>(null);
  const [suggested, setSuggested] = useState<Record<string, string>>({});
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const run = useImportDirectory();

  function close(o: boolean) {
    if (!o) {
      setFile(null);
      setPreview(null);
      setMapping({});
      setSuggested({});
      setError(null);
    }
    onOpenChange(o);
  }

  async function check(f: File, chosen: Record<string, string> | null, base: Record<string, string>) {
    setChecking(true);
    setError(null);
    try {
      const res = await importDirectory(f, { dryRun: true, map: chosen && preview ? mapOverrides(preview.columns, chosen, base) : undefined });
      setPreview(res);
      if (!chosen) {
        setSuggested(res.mapping);
        const remembered = rememberedMapping(res.columns, res.mapping, window.localStorage);
        setMapping(remembered);
        // A remembered mapping that differs from the suggestion is checked as well.
        if (Object.keys(mapOverrides(res.columns, remembered, res.mapping)).length > 0) {
          const again = await importDirectory(f, { dryRun: true, map: mapOverrides(res.columns, remembered, res.mapping) });
          setPreview(again);
        }
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setChecking(false);
    }
  }

  function choose(column: string, field: string) {
    const next = { ...mapping, [column]: field };
    setMapping(next);
    if (file) void check(file, next, suggested);
  }

  function submit() {
    if (!file || !preview) return;
    const map = mapOverrides(preview.columns, mapping, suggested);
    run.mutate(
      { file, opts: { map } },
      {
        onSuccess: (res) => {
          if (!res.written) {
            setPreview(res);
            setError(`${res.errors.length} bad rows: nothing was imported.`);
            return;
          }
          rememberMapping(res.columns, mapping, window.localStorage);
          toast({ title: 'Directory imported', description: summary(res) });
          close(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  const fields = preview?.fields ?? [];
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Employee Directory</DialogTitle>
          <DialogDescription>
            A CSV export from HR (comma or semicolon separated). Employees missing from the file are deactivated, never deleted.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <label className="grid gap-1 text-sm font-medium text-slate-900" htmlFor="directory-file">
            CSV file
            <input
              id="directory-file"
              type="file"
              accept=".csv,text/csv"
              className="text-sm"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                setFile(f);
                setPreview(null);
                if (f) void check(f, null, {});
              }}
            />
          </label>
          {checking && (
            <p role="status" className="text-sm text-slate-600">
              Reading the file…
            </p>
          )}
          {preview && (
            <>
              <table className="w-full text-sm" aria-label="Column mapping">
                <thead>
                  <tr className="text-left text-slate-600">
                    <th className="py-1 pr-2 font-medium">Column</th>
                    <th className="py-1 font-medium">Field</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.columns.map((c) => (
                    <tr key={c}>
                      <td className="py-1 pr-2 text-slate-900">{c}</td>
                      <td className="py-1">
                        <select aria-label={`Field for ${c}`} className={selectClass} value={mapping[c] ?? ATTRIBUTE} onChange={(e) => choose(c, e.target.value)}>
                          <option value={ATTRIBUTE}>Keep as attribute</option>
                          <option value="-">Ignore</option>
                          {fields.map((f) => (
                            <option key={f} value={f}>
                              {f}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="text-sm text-slate-700" data-testid="import-preview">
                Would import: {summary(preview)}
                {preview.errors.length > 0 && `, ${preview.errors.length} bad rows`}
              </p>
              {preview.errors.length > 0 && (
                <ul className="max-h-32 overflow-y-auto text-sm text-red-700" aria-label="Bad rows">
                  {preview.errors.slice(0, 50).map((e, i) => (
                    <li key={i}>{e.line > 0 ? `Line ${e.line}${e.field ? ` ${e.field}` : ''}: ${e.message}` : e.message}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!preview || checking || run.isPending || preview.errors.length > 0}>
            Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
