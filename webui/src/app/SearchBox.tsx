import { FileText, HelpCircle, Mail, Palette, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useSearch } from '@/hooks/search';
import type { SearchHit } from '@/lib/types';
import { groupHits, hitTarget, SEARCH_MIN_LENGTH } from '@/lib/search';

const kindIcons = { theme: Palette, question: HelpCircle, content: FileText, communication: Mail } as const;

/**
 * SearchBox searches themes, questions, content and communications through
 * GET /api/search. Below 640 px it is a Search button that opens the field
 * over the header's row (the header stays one row on a phone); Escape, Close
 * or leaving it empty folds it back.
 */
export function SearchBox() {
  const [expanded, setExpanded] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  // Debounce typing so each keystroke is not a request.
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);

  const enabled = q.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching, isError } = useSearch(q);
  const hits = enabled ? (data ?? []) : [];
  const groups = groupHits(hits);
  const flat = groups.flatMap((g) => g.hits);

  useEffect(() => setActive(0), [q]);

  useEffect(() => {
    function onDown(e: MouseEvent) {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  function go(hit: SearchHit) {
    navigate(hitTarget(hit));
    setOpen(false);
    setExpanded(false);
    setText('');
  }

  function fold(refocus: boolean) {
    setExpanded(false);
    setOpen(false);
    if (refocus) requestAnimationFrame(() => openerRef.current?.focus());
  }

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  const showPanel = open && text.trim().length >= SEARCH_MIN_LENGTH;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        aria-label="Search"
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
        className={cn('inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 sm:hidden', expanded && 'invisible')}
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </button>
      <div
        ref={boxRef}
        className={cn(
          'min-w-0 sm:relative sm:block sm:w-48 sm:p-0 2xl:w-72',
          expanded ? 'absolute inset-x-0 top-0 z-40 flex h-full items-center gap-2 bg-white px-4' : 'hidden',
        )}
        onBlur={(e) => {
          // Folds back on a phone once focus leaves it with nothing typed.
          if (expanded && text.trim() === '' && !e.currentTarget.contains(e.relatedTarget as Node | null)) fold(false);
        }}
      >
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-500" aria-hidden="true" />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label="Search"
            aria-expanded={showPanel}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showPanel && flat.length > 0 ? optionId(active) : undefined}
            placeholder="Search content..."
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && expanded && !showPanel) fold(true);
              else if (e.key === 'Escape') setOpen(false);
              else if (e.key === 'ArrowDown') {
                e.preventDefault();
                setActive((a) => Math.min(a + 1, Math.max(flat.length - 1, 0)));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((a) => Math.max(a - 1, 0));
              } else if (e.key === 'Enter' && flat[active]) {
                e.preventDefault();
                go(flat[active]);
              }
            }}
            className="h-9 w-full rounded-md border border-slate-300 bg-white pl-8 pr-3 text-sm placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          />
          {showPanel && (
            <div className="absolute right-0 top-10 z-50 max-h-96 w-96 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              <ul id={listId} role="listbox" aria-label="Search results">
                {groups.map((g) => (
                  <li key={g.kind} role="group" aria-label={g.label}>
                    <p className="px-2 pb-1 pt-2 text-xs font-semibold uppercase text-slate-600" aria-hidden="true">
                      {g.label}
                    </p>
                    <ul role="presentation">
                      {g.hits.map((hit) => {
                        const i = flat.indexOf(hit);
                        const Icon = kindIcons[hit.kind] ?? FileText;
                        return (
                          <li
                            key={`${hit.kind}-${hit.id}`}
                            id={optionId(i)}
                            role="option"
                            aria-selected={i === active}
                            onMouseDown={(e) => e.preventDefault()}
                            onClick={() => go(hit)}
                            onMouseEnter={() => setActive(i)}
                            className={cn('flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-slate-100')}
                          >
                            <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
                            <span className="min-w-0">
                              <span className="block truncate font-medium text-slate-900" title={hit.title}>
                                {hit.title}
                              </span>
                              {hit.snippet && (
                                <span className="block truncate text-xs text-slate-600" title={hit.snippet}>
                                  {hit.snippet}
                                </span>
                              )}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                ))}
              </ul>
              {flat.length === 0 && (
                <p className="px-2 py-3 text-sm text-slate-600" role="status">
                  {isFetching || q !== text.trim() ? 'Searching...' : isError ? 'Search failed' : `No results for "${text.trim()}"`}
                </p>
              )}
            </div>
          )}
        </div>
        {expanded && (
          <button
            type="button"
            aria-label="Close search"
            onClick={() => {
              setText('');
              fold(true);
            }}
            className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 sm:hidden"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </div>
    </>
  );
}
