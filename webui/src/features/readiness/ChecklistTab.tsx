import { ArrowDown, ArrowUp, Check, History, Pencil, Plus, SearchX, Trash2, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { CanEdit, GuardedButton } from '@/components/CanEdit';
import { HistoryDialog } from '@/components/HistoryDialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import {
  type Category,
  type ChecklistItem,
  clampScore,
  type Filters,
  filterItems,
  isComplete,
  itemPercent,
  move,
  progressColor,
  removeItem,
  showingText,
  TEXTS,
  toggleComplete,
  updateItem,
  WEIGHTS,
} from '@/lib/checklist';
import { useMayEdit } from '@/hooks/session';
import { CATEGORY_STYLE } from './categoryStyle';

const COLOR_STYLE = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  red: 'bg-red-600',
} as const;

const nativeSelect =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60';

/** Draft is an item's team, responsibility and notes while its edit mode is open. */
export type Draft = Pick<ChecklistItem, 'team' | 'responsibility' | 'notes'>;

/** useKeptScroll keeps the window's scroll position across the render that follows keep(). */
function useKeptScroll() {
  const saved = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (saved.current !== null) {
      window.scrollTo({ top: saved.current });
      saved.current = null;
    }
  });
  return () => {
    saved.current = window.scrollY;
  };
}

interface ItemCardProps {
  item: ChecklistItem;
  categories: Category[];
  index: number;
  count: number;
  draft?: Draft;
  onChange: (fn: (items: ChecklistItem[]) => ChecklistItem[]) => void;
  onDraft: (id: number, draft: Draft | undefined) => void;
  onHistory: (item: ChecklistItem) => void;
}

/**
 * ItemCard is one checklist item. For a role that may not change the plan
 * every control that would change it is disabled, its wrapper saying why
 * (as GuardedButton does); History stays open to every reader.
 */
function ItemCard({ item, categories, index, count, draft, onChange, onDraft, onHistory }: ItemCardProps) {
  const keep = useKeptScroll();
  const { allowed: mayEdit, reason } = useMayEdit();
  const pct = itemPercent(item);
  const color = progressColor(pct);
  const disabled = !item.enabled;
  // A field is locked when the item is not applicable or the role may not edit.
  const locked = disabled || !mayEdit;
  const complete = isComplete(item);
  const set = (fn: (it: ChecklistItem) => ChecklistItem) => onChange((items) => updateItem(items, item.id, fn));
  const cat = categories.find((c) => c.code === item.weightCode);
  const base = `item-${item.id}`;
  return (
    <Card
      // Dimmed by colour, not opacity, so the text keeps its contrast.
      className={cn('p-4', disabled && 'border-dashed bg-slate-100 [&_*]:!text-slate-600')}
      data-testid={base}
      data-enabled={item.enabled}
      data-color={color}
      aria-labelledby={`${base}-title`}
      role="group"
    >
      <div className="flex flex-wrap items-start gap-3">
        <span title={reason} className="inline-flex shrink-0 gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={item.enabled}
            aria-label={`Enabled: ${item.title}`}
            disabled={!mayEdit}
            onClick={() => set((it) => ({ ...it, enabled: !it.enabled }))}
            className={cn(
              'mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60',
              item.enabled ? 'bg-blue-700' : 'bg-slate-400',
            )}
          >
            <span className={cn('h-4 w-4 rounded-full bg-white shadow transition-transform', item.enabled && 'translate-x-4')} />
          </button>
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 accent-green-700"
            checked={complete}
            disabled={locked}
            aria-label={`Complete: ${item.title}`}
            onChange={() => set(toggleComplete)}
          />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${base}-title`} className="text-base font-semibold text-slate-900">
              {item.title}
            </h3>
            {cat && <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', CATEGORY_STYLE[cat.code]?.badge)}>{cat.name}</span>}
            {disabled && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Not applicable</span>}
          </div>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{item.description}</p>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={`History of ${item.title}`} title="History" onClick={() => onHistory(item)}>
            <History className="h-4 w-4" aria-hidden="true" />
          </Button>
          <GuardedButton variant="ghost" size="icon" aria-label={`Move ${item.title} up`} disabled={index === 0} onClick={() => onChange((items) => move(items, item.id, -1))}>
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          </GuardedButton>
          <GuardedButton
            variant="ghost"
            size="icon"
            aria-label={`Move ${item.title} down`}
            disabled={index === count - 1}
            onClick={() => onChange((items) => move(items, item.id, 1))}
          >
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </GuardedButton>
          <GuardedButton
            variant="ghost"
            size="icon"
            aria-label={`Edit team, responsibility and notes of ${item.title}`}
            disabled={disabled || draft !== undefined}
            onClick={() => {
              keep();
              onDraft(item.id, { team: item.team, responsibility: item.responsibility, notes: item.notes });
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </GuardedButton>
          <GuardedButton variant="ghost" size="icon" aria-label={`Delete ${item.title}`} onClick={() => onChange((items) => removeItem(items, item.id))}>
            <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
          </GuardedButton>
        </div>
      </div>

      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-center">
        <div className="flex items-center gap-3" title={reason}>
          <label htmlFor={`${base}-score`} className="text-sm text-slate-700">
            Score
          </label>
          <input
            id={`${base}-score`}
            type="range"
            min={0}
            max={item.maxScore}
            step={1}
            value={item.actualScore}
            disabled={locked}
            aria-label={`Score for ${item.title}`}
            aria-valuetext={`${item.actualScore} of ${item.maxScore}`}
            onChange={(e) => {
              const v = clampScore(Number(e.target.value), item.maxScore);
              set((it) => ({ ...it, actualScore: v }));
            }}
            className="min-w-0 flex-1 accent-blue-700"
          />
          <span className="w-28 whitespace-nowrap text-right text-sm font-medium text-slate-900" data-testid={`${base}-points`}>
            {item.actualScore}/{item.maxScore} ({pct.toFixed(1)}%)
          </span>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700" title={reason}>
          Weight
          <select
            className={nativeSelect}
            value={item.weight}
            disabled={locked}
            aria-label={`Weight for ${item.title}`}
            onChange={(e) => {
              const w = Number(e.target.value);
              set((it) => ({ ...it, weight: w }));
            }}
          >
            {WEIGHTS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700" title={reason}>
          Category
          <select
            className={nativeSelect}
            value={item.weightCode}
            disabled={locked}
            aria-label={`Category for ${item.title}`}
            onChange={(e) => {
              const c = Number(e.target.value);
              set((it) => ({ ...it, weightCode: c }));
            }}
          >
            {categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <div className={cn('h-full', COLOR_STYLE[color])} style={{ width: `${pct}%` }} />
      </div>

      {draft ? (
        <div className="mt-3 grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor={`${base}-team`}>Team</Label>
              <input
                id={`${base}-team`}
                className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
                value={draft.team}
                onChange={(e) => onDraft(item.id, { ...draft, team: e.target.value })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${base}-responsibility`}>Responsibility</Label>
              <input
                id={`${base}-responsibility`}
                className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
                value={draft.responsibility}
                onChange={(e) => onDraft(item.id, { ...draft, responsibility: e.target.value })}
              />
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${base}-notes`}>Notes</Label>
            <Textarea id={`${base}-notes`} rows={3} className="min-h-0" value={draft.notes} onChange={(e) => onDraft(item.id, { ...draft, notes: e.target.value })} />
          </div>
          <div className="flex justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                keep();
                onDraft(item.id, undefined);
              }}
            >
              <X className="h-4 w-4" aria-hidden="true" /> Cancel
            </Button>
            <Button
              size="sm"
              onClick={() => {
                keep();
                set((it) => ({ ...it, ...draft }));
                onDraft(item.id, undefined);
              }}
            >
              <Check className="h-4 w-4" aria-hidden="true" /> Save
            </Button>
          </div>
        </div>
      ) : (
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          {(
            [
              ['Team', item.team],
              ['Responsibility', item.responsibility],
              ['Notes', item.notes],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="whitespace-pre-line text-slate-900" data-testid={`${base}-${label.toLowerCase()}`}>
                {value || '—'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

/** ChecklistTabProps: the items, how to change them, and the filter and edit-mode state kept by the page. */
export interface ChecklistTabProps {
  items: ChecklistItem[];
  categories: Category[];
  filters: Filters;
  onFilters: (f: Filters) => void;
  drafts: Record<number, Draft>;
  onDraft: (id: number, draft: Draft | undefined) => void;
  onChange: (fn: (items: ChecklistItem[]) => ChecklistItem[]) => void;
  onAdd: () => void;
}

/** ChecklistTab is the filter bar and the item cards. */
export function ChecklistTab({ items, categories, filters, onFilters, drafts, onDraft, onChange, onAdd }: ChecklistTabProps) {
  const shown = filterItems(items, filters);
  const [history, setHistory] = useState<ChecklistItem | null>(null);
  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-center gap-4 p-4" role="search" aria-label="Filter checklist items">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          Category
          <select aria-label="Category" className={cn(nativeSelect, 'h-9')} value={filters.category} onChange={(e) => onFilters({ ...filters, category: e.target.value })}>
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c.code} value={String(c.code)}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={filters.showCompleted} onChange={(e) => onFilters({ ...filters, showCompleted: e.target.checked })} />
          Show Completed
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={filters.showIncomplete} onChange={(e) => onFilters({ ...filters, showIncomplete: e.target.checked })} />
          Show Incomplete
        </label>
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="showing">
          {showingText(shown.length, items.length)}
        </p>
        <CanEdit>
          <Button className="ml-auto" onClick={onAdd}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Item
          </Button>
        </CanEdit>
      </Card>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX className="h-10 w-10 text-slate-500" aria-hidden="true" />} title={TEXTS.noMatch} text={TEXTS.noMatchHint} headingLevel="h2" />
      ) : (
        <section className="grid gap-3" aria-labelledby="items-heading">
          <h2 id="items-heading" className="sr-only">
            Checklist items
          </h2>
          {shown.map((it) => (
            <ItemCard
              key={it.id}
              item={it}
              categories={categories}
              index={items.indexOf(it)}
              count={items.length}
              draft={drafts[it.id]}
              onChange={onChange}
              onDraft={onDraft}
              onHistory={setHistory}
            />
          ))}
        </section>
      )}
      {history && (
        <HistoryDialog
          entity="checklist_item"
          id={String(history.id)}
          name={history.title}
          categories={Object.fromEntries(categories.map((c) => [String(c.code), c.name]))}
          open
          onOpenChange={(o) => !o && setHistory(null)}
        />
      )}
    </div>
  );
}
