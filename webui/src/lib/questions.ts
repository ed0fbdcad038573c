import type { Question, Theme } from './types';

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

/**
 * QUESTIONS_PAGE is the most questions the Questions screen reads as one
 * list, and a search's page. Past it each theme's card reads
 * its own questions as it scrolls into view, and a search goes to the
 * server a page at a time.
 */
export const QUESTIONS_PAGE = 200;

/** questionTotal is how many questions the themes hold, from their counts. */
export function questionTotal(themes: Pick<Theme, 'questionCount'>[]): number {
  return themes.reduce((n, t) => n + (t.questionCount ?? 0), 0);
}

/** themesWithQuestions are the Questions screen's cards: the themes holding a question, in list order, or only themeId's when given. */
export function themesWithQuestions<T extends Pick<Theme, 'id' | 'questionCount'>>(themes: T[], themeId = ''): T[] {
  return themes.filter((t) => (t.questionCount ?? 0) > 0 && (themeId === '' || t.id === themeId));
}

/** questionSearchPath is GET /api/questions for a search: q (trimmed), within themeId when given, the first limit matches. */
export function questionSearchPath(q: string, themeId: string, limit: number): string {
  const p = new URLSearchParams({ q: q.trim() });
  if (themeId !== '') p.set('themeId', themeId);
  p.set('limit', String(limit));
  return `/api/questions?${p}`;
}

/** themeQuestionsPath is GET /api/questions for one theme's questions. */
export function themeQuestionsPath(themeId: string): string {
  return `/api/questions?themeId=${encodeURIComponent(themeId)}`;
}

/**
 * Card sizes in px, as the Questions screen draws them (a card's header and
 * padding, a row without a description, the gap between rows): a card that
 * is not drawn yet, or still loading, is estimated from its theme's count,
 * so nothing below it moves when its questions arrive.
 */
export const CARD_CHROME = 88;
export const QUESTION_ROW = 66;
export const ROW_GAP = 8;

/** cardHeight is the estimated height of a theme card of count questions. */
export function cardHeight(count: number): number {
  return CARD_CHROME + Math.max(count, 1) * (QUESTION_ROW + ROW_GAP) - ROW_GAP;
}
