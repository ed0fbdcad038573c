import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Database, Search, X } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { divisionBadges, matchesDivision, matchesSearch, rolesCaption, VISIBLE_DIVISIONS, visibleBadges } from '@/lib/roles';
import type { JobTitle } from '@/lib/types';
import { useJobTitles } from '@/hooks/audiences';

function DivisionCell({ record, expanded, onToggle }: { record: JobTitle; expanded: boolean; onToggle: () => void }) {
  const badges = divisionBadges(record);
  const { shown, hidden } = visibleBadges(badges, expanded);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {shown.map((b) => (
        <Badge key={b.label} variant="outline" className="font-normal">
          {b.label} ({b.count})
        </Badge>
      ))}
      {hidden > 0 && (
        <Button variant="ghost" size="sm" className="h-6 px-2 text-xs text-blue-800" onClick={onToggle} aria-label={`Show ${hidden} more divisions for ${record.jobTitle}`}>
          +{hidden} more
        </Button>
      )}
      {expanded && badges.length > VISIBLE_DIVISIONS && (
        <Button variant="ghost" size="sm" className="h-6 px-2 text-xs text-blue-800" onClick={onToggle} aria-label={`Show less for ${record.jobTitle}`}>
          Show less
        </Button>
      )}
    </div>
  );
}

/** RolesTable is the Roles Database: job titles with search, division filter, sorting and expandable divisions. */
export function RolesTable() {
  const { data, isLoading, isError } = useJobTitles();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'totalEmployees', desc: true }]);
  const [search, setSearch] = useState('');
  const [division, setDivision] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const columnFilters = useMemo<ColumnFiltersState>(
    () => [
      { id: 'jobTitle', value: search },
      { id: 'divisionBreakdown', value: division },
    ],
    [search, division],
  );

  const columns = useMemo<ColumnDef<JobTitle>[]>(
    () => [
      {
        id: 'jobTitle',
        accessorKey: 'jobTitle',
        header: 'Job Title',
        filterFn: (row, _id, value: string) => matchesSearch(row.original, value),
        cell: (c) => <span className="font-medium text-slate-900">{c.row.original.jobTitle}</span>,
      },
      { id: 'totalEmployees', accessorKey: 'totalEmployees', header: 'Total Employees', sortDescFirst: true },
      { id: 'divisionsCount', accessorKey: 'divisionsCount', header: 'Divisions', sortDescFirst: true },
      {
        id: 'divisionBreakdown',
        accessorFn: (r) => r.divisions.join(' '),
        header: 'Division Breakdown',
        enableSorting: false,
        filterFn: (row, _id, value: string) => matchesDivision(row.original, value),
        cell: (c) => {
          const title = c.row.original.jobTitle;
          return (
            <DivisionCell
              record={c.row.original}
              expanded={expanded.has(title)}
              onToggle={() =>
                setExpanded((prev) => {
                  const next = new Set(prev);
                  if (next.has(title)) next.delete(title);
                  else next.add(title);
                  return next;
                })
              }
            />
          );
        },
      },
    ],
    [expanded],
  );

  const table = useReactTable({
    data: data ?? [],
    columns,
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => r.jobTitle,
  });

  const rows = table.getRowModel().rows;
  const total = data?.length ?? 0;
  // Only the rows in view are in the page (241 rows had made 3,461 DOM nodes); spacer rows keep the scroll height.
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 58, overscan: 8 });
  const items = virtual.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtual.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Database className="h-5 w-5 text-slate-600" aria-hidden="true" />
            <CardTitle>Roles Database</CardTitle>
            {data && <Badge>{total} Authentic Job Titles</Badge>}
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setSearch('');
              setDivision('');
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Clear Search
          </Button>
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-500" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search job titles"
            placeholder="Search job titles (e.g., FA/LV Installer, Sprinkler Fitter, Service Coordinator)..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-8"
          />
        </div>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          // The table's own height, so nothing moves when it arrives.
          <div className="h-[640px]" role="status" aria-label="Loading job titles">
            <Skeleton className="h-full w-full" />
          </div>
        ) : isError ? (
          <p className="py-8 text-center text-sm text-slate-600">The roles database could not be loaded.</p>
        ) : (
          <div ref={scroller} className="max-h-[640px] overflow-auto rounded-md border border-slate-200">
            {/* Below 768 px each row is a card (its cells stacked, each named by its column) and the
                header a row of sort buttons and the division filter: no sideways scroll. The roles
                keep the table's semantics where display: block would drop them. */}
            <table role="table" className="w-full border-collapse text-sm max-md:block">
              <caption className="caption-bottom border-t border-slate-200 p-2 text-left text-xs text-slate-600 max-md:block" data-testid="roles-caption">
                {rolesCaption(table.getFilteredRowModel().rows.length, total)}
              </caption>
              <thead role="rowgroup" className="sticky top-0 z-10 bg-slate-50 max-md:static max-md:block">
                {table.getHeaderGroups().map((hg) => (
                  <tr key={hg.id} role="row" className="max-md:flex max-md:flex-wrap max-md:border-b max-md:border-slate-200 max-md:p-1">
                    {hg.headers.map((h) => {
                      const sorted = h.column.getIsSorted();
                      const label = flexRender(h.column.columnDef.header, h.getContext());
                      return (
                        <th
                          key={h.id}
                          scope="col"
                          role="columnheader"
                          aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                          className={`border-b border-slate-200 px-3 py-2 text-left align-top font-semibold text-slate-800 max-md:block max-md:border-0 max-md:px-2 max-md:py-1 ${h.column.getCanSort() ? '' : 'max-md:basis-full'}`}
                        >
                          {h.column.getCanSort() ? (
                            <button type="button" className="inline-flex items-center gap-1 hover:text-slate-950" onClick={h.column.getToggleSortingHandler()}>
                              {label}
                              {sorted === 'asc' ? (
                                <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                              ) : sorted === 'desc' ? (
                                <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                              ) : (
                                <ArrowUpDown className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />
                              )}
                            </button>
                          ) : (
                            <div className="grid gap-1.5">
                              <span>{label}</span>
                              {h.column.id === 'divisionBreakdown' && (
                                <Input
                                  aria-label="Filter by division"
                                  placeholder="Filter by division..."
                                  value={division}
                                  onChange={(e) => setDivision(e.target.value)}
                                  className="h-8 font-normal"
                                />
                              )}
                            </div>
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody role="rowgroup" className="max-md:block">
                {rows.length === 0 ? (
                  <tr className="max-md:block">
                    <td colSpan={4} className="px-3 py-8 text-center text-slate-600 max-md:block">
                      No roles found matching the current filters
                    </td>
                  </tr>
                ) : (
                  <>
                    {padTop > 0 && <tr aria-hidden="true" className="max-md:block" style={{ height: padTop }} />}
                    {items.map((v) => {
                      const row = rows[v.index];
                      return (
                        <tr
                          key={row.id}
                          ref={virtual.measureElement}
                          data-index={v.index}
                          role="row"
                          className="border-b border-slate-100 align-top last:border-0 max-md:grid max-md:gap-1 max-md:py-2"
                          data-testid="role-row"
                        >
                          {row.getVisibleCells().map((cell) => {
                            const header = cell.column.columnDef.header;
                            return (
                              <td key={cell.id} role="cell" className="px-3 py-2 text-slate-800 max-md:block max-md:py-0">
                                {/* A card names each value but the title by its column. */}
                                {cell.column.id !== 'jobTitle' && typeof header === 'string' && <span className="mr-1 text-slate-600 md:hidden">{header}:</span>}
                                {flexRender(cell.column.columnDef.cell, cell.getContext())}
                              </td>
                            );
                          })}
                        </tr>
                      );
                    })}
                    {padBottom > 0 && <tr aria-hidden="true" className="max-md:block" style={{ height: padBottom }} />}
                  </>
                )}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
