import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** TabItem is one tab: its value, label and panel. */
export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs follows the WAI-ARIA tabs pattern: one tab stop (the selected tab),
 * arrow keys, Home and End move and select, and the panel is labelled by its
 * tab. Only the selected panel is rendered; it scrolls when its parent
 * limits the height.
 */
export function Tabs({
  id,
  value,
  onValueChange,
  items,
  label,
  className,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  items: TabItem[];
  label: string;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    items.findIndex((t) => t.value === value),
  );

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const last = items.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onValueChange(items[to].value);
    refs.current[to]?.focus();
  }

  const active = items[index];
  return (
    <div className={cn('flex min-h-0 flex-col gap-3', className)}>
      <div role="tablist" aria-label={label} className="inline-flex w-fit gap-1 rounded-md bg-slate-100 p-1">
        {items.map((t, i) => {
          const selected = i === index;
          return (
            <button
              key={t.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${t.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(t.value)}
              onKeyDown={onKeyDown}
              className={cn(
                'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${id}-panel-${active.value}`}
          aria-labelledby={`${id}-tab-${active.value}`}
          // The panel scrolls on its own in a height-limited parent (a dialog), so it takes focus.
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
