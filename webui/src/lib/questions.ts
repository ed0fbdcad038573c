import type { Question } from './types';

/** MISSING_SORT_ORDER is where a question without a sortOrder sorts (spec 01 §9). */
export const MISSING_SORT_ORDER = 999;

/** sortValue reads a question's sortOrder, which may arrive as text; missing or unreadable is 999. */
export function sortValue(sortOrder: number | string | null | undefined): number {
  if (sortOrder === null || sortOrder === undefined || sortOrder === '') return MISSING_SORT_ORDER;
  const n = typeof sortOrder === 'number' ? sortOrder : Number.parseInt(sortOrder, 10);
  return Number.isFinite(n) ? n : MISSING_SORT_ORDER;
}

/** sortQuestions orders questions by sortOrder, then creation time, without changing the input. */
export function sortQuestions<T extends Pick<Question, 'sortOrder' | 'createdAt'>>(list: T[]): T[] {
  return [...list].sort((a, b) => sortValue(a.sortOrder) - sortValue(b.sortOrder) || (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** ThemeGroup is one card of the Questions screen. */
export interface ThemeGroup<T> {
  themeId: string;
  questions: T[];
}

/** groupByTheme gives one sorted group per theme that has at least one question, in themeOrder. */
export function groupByTheme<T extends Pick<Question, 'themeId' | 'sortOrder' | 'createdAt'>>(questions: T[], themeOrder: string[]): ThemeGroup<T>[] {
  const byTheme = new Map<string, T[]>();
  for (const q of questions) {
    const list = byTheme.get(q.themeId);
    if (list) list.push(q);
    else byTheme.set(q.themeId, [q]);
  }
  const order = [...themeOrder.filter((id) => byTheme.has(id)), ...[...byTheme.keys()].filter((id) => !themeOrder.includes(id))];
  return order.map((themeId) => ({ themeId, questions: sortQuestions(byTheme.get(themeId)!) }));
}

/** moveItem moves the item at from to index to, returning a new array. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** renumber gives each question of one theme its new sortOrder, from 1 in list order. */
export function renumber<T extends { id: string }>(list: T[]): { id: string; sortOrder: number }[] {
  return list.map((q, i) => ({ id: q.id, sortOrder: i + 1 }));
}

/**
 * reorderWithinTheme moves activeId onto overId's position inside one theme
 * and returns the new orders, or null when the move is not allowed (other
 * theme, same place, unknown id).
 */
export function reorderWithinTheme<T extends Pick<Question, 'id' | 'themeId' | 'sortOrder' | 'createdAt'>>(
  all: T[],
  activeId: string,
  overId: string,
): { themeId: string; questionOrders: { id: string; sortOrder: number }[] } | null {
  if (activeId === overId) return null;
  const active = all.find((q) => q.id === activeId);
  const over = all.find((q) => q.id === overId);
  if (!active || !over || active.themeId !== over.themeId) return null;
  const themeList = sortQuestions(all.filter((q) => q.themeId === active.themeId));
  const from = themeList.findIndex((q) => q.id === activeId);
  const to = themeList.findIndex((q) => q.id === overId);
  return { themeId: active.themeId, questionOrders: renumber(moveItem(themeList, from, to)) };
}

/** applyOrders returns the list with the given sortOrders applied (the optimistic update). */
export function applyOrders<T extends Pick<Question, 'id' | 'sortOrder'>>(all: T[], orders: { id: string; sortOrder: number }[]): T[] {
  const map = new Map(orders.map((o) => [o.id, o.sortOrder]));
  return all.map((q) => (map.has(q.id) ? { ...q, sortOrder: map.get(q.id)! } : q));
}
