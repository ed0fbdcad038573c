import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Upload, Users } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { SectionHeading } from '@/components/SectionHeading';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDirectory, type DirectoryFilter } from '@/hooks/directory';
import { useCan } from '@/hooks/session';
import { ImportDirectoryDialog } from './ImportDirectoryDialog';

const ROW = 40;
const selectClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900';

/** useDebounced is value once it has stayed the same for ms. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * DirectoryPage lists the employee directory: search and filters, and a
 * table drawn a row at a time over the window's scroll, read from the
 * server a page at a time as it scrolls. Admins import from here.
 */
export default function DirectoryPage() {
  const mayImport = useCan('directory.manage');
  const full = useCan('directory.read');
  const [importing, setImporting] = useState(false);
  const [filter, setFilter] = useState<DirectoryFilter>({ q: '', division: '', location: '', active: 'true' });
  const debounced = useDebounced(filter, 250);
  const query = useDirectory(debounced);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  const list = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (list.current) setMargin(list.current.getBoundingClientRect().top + window.scrollY);
  }, [query.isSuccess]);
  const virtual = useWindowVirtualizer({ count: total, estimateSize: () => ROW, overscan: 10, scrollMargin: margin });
  const items = virtual.getVirtualItems();
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (last >= rows.length - 20 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [last, rows.length, query]);

  const set = (k: keyof DirectoryFilter) => (v: string) => setFilter((f) => ({ ...f, [k]: v }));
  return (
    <div className="grid gap-6">
      <SectionHeading
        title="Employee Directory"
        action={
          mayImport && (
            <Button onClick={() => setImporting(true)}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Import CSV
            </Button>
          )
        }
      >
        <p className="text-sm text-slate-600">The people your communications reach. {!full && 'Contact details are shown to planners and above.'}</p>
      </SectionHeading>
      <div className="flex flex-wrap items-end gap-3" role="search">
        <Input aria-label="Search the directory" placeholder="Search names, emails, titles" className="w-64" value={filter.q} onChange={(e) => set('q')(e.target.value)} />
        <Input aria-label="Division" placeholder="Division" className="w-48" value={filter.division} onChange={(e) => set('division')(e.target.value)} />
        <Input aria-label="Location" placeholder="Location" className="w-40" value={filter.location} onChange={(e) => set('location')(e.target.value)} />
        <select aria-label="Status" className={selectClass} value={filter.active} onChange={(e) => set('active')(e.target.value)}>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
          <option value="">All</option>
        </select>
        <p className="text-sm text-slate-600" data-testid="directory-total" aria-live="polite">
          {total.toLocaleString('en-US')} {total === 1 ? 'employee' : 'employees'}
        </p>
      </div>
      {query.isSuccess && total === 0 ? (
        <EmptyState headingLevel="h2" icon={<Users className="h-8 w-8 text-slate-400" aria-hidden="true" />} title="No employees" text="Import an HR export, or change the filters." />
      ) : (
        <div role="table" aria-label="Employees" aria-rowcount={total} className="rounded-md border border-slate-200 bg-white text-sm">
          <div role="row" className="grid grid-cols-[1.5fr_1.8fr_1.4fr_1fr_1.4fr] gap-2 border-b border-slate-200 px-3 py-2 font-medium text-slate-600">
            <span role="columnheader">Name</span>
            <span role="columnheader">Email</span>
            <span role="columnheader">Division</span>
            <span role="columnheader">Location</span>
            <span role="columnheader">Job Title</span>
          </div>
          <div ref={list} style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const e = rows[item.index];
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="absolute left-0 right-0 grid grid-cols-[1.5fr_1.8fr_1.4fr_1fr_1.4fr] items-center gap-2 border-b border-slate-100 px-3"
                  style={{ height: ROW, transform: `translateY(${item.start - margin}px)` }}
                >
                  {e ? (
                    <>
                      <span role="cell" className="truncate text-slate-900">
                        {e.name}
                        {!e.active && <span className="ml-1 text-xs text-slate-500">(inactive)</span>}
                      </span>
                      <span role="cell" className="truncate text-slate-700">
                        {e.email ?? '—'}
                      </span>
                      <span role="cell" className="truncate text-slate-700">
                        {e.division}
                      </span>
                      <span role="cell" className="truncate text-slate-700">
                        {e.location}
                      </span>
                      <span role="cell" className="truncate text-slate-700">
                        {e.jobTitle}
                      </span>
                    </>
                  ) : (
                    <span role="cell" className="text-slate-400">
                      Loading…
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      <ImportDirectoryDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
