// The business readiness checklist on the client (spec 02 §2.9, §4, §5, §9):
// a mirror of pkg/checklist's scoring, tested against the same vectors as
// the Go code (testdata/checklist/vectors.json), plus the screen's filters,
// edits, reset rules and the report's file name. The server scores again on
// every save; this mirror only makes the dashboard update at once.

import { ApiError } from './api';
import type { ChecklistLimits } from './types';

/** ChecklistItem is one item, with the API's field names. */
export interface ChecklistItem {
  id: number;
  weightCode: number;
  weight: number;
  title: string;
  description: string;
  team: string;
  responsibility: string;
  actualScore: number;
  maxScore: number;
  heatMap: number;
  enabled: boolean;
  notes: string;
}

/** CategoryStats are one category's unweighted figures over enabled items. */
export interface CategoryStats {
  current: number;
  max: number;
  percentage: number;
  count: number;
}

/** ChecklistStats are the dashboard figures (pkg/checklist.Stats). */
export interface ChecklistStats {
  readinessPercentage: number;
  readinessLevel: string;
  completionPercentage: number;
  totalScore: number;
  maxPossibleScore: number;
  weightedScore: number;
  maxWeightedScore: number;
  completedItems: number;
  totalItems: number;
  disabledItems: number;
  categories: Record<string, CategoryStats>;
}

/** Category is a category as GET /api/checklist returns it. */
export interface Category {
  code: number;
  name: string;
  color: string;
  description: string;
}

/** ChecklistState is the answer of GET and PUT /api/checklist. */
export interface ChecklistState {
  items: ChecklistItem[];
  version: number;
  updatedAt?: string;
  stats: ChecklistStats;
  categories: Category[];
}

/** Snapshot is one entry of GET /api/checklist/history. */
export interface Snapshot {
  id: string;
  at: string;
  stats: ChecklistStats;
}

/** Template is a saved checklist of the repository. */
export interface ChecklistTemplate {
  id: string;
  name: string;
  description: string;
  items: unknown;
  createdAt: string;
  updatedAt?: string;
  isPublic?: boolean;
  metadata?: { version?: string; createdBy?: string; totalItems?: number; completedItems?: number; imported?: boolean };
}

/** CATEGORY_CODES are the three categories: 1 Impact, 2 User Engagement, 3 System Functionality. */
export const CATEGORY_CODES = [1, 2, 3] as const;

/** WEIGHTS are the weight choices (spec §9). */
export const WEIGHTS = [1, 2, 3, 5] as const;

/** LEVEL_BANDS are the readiness levels' lower bounds, highest first. */
export const LEVEL_BANDS = [
  { min: 90, level: 'Excellent' },
  { min: 75, level: 'Good' },
  { min: 50, level: 'Fair' },
] as const;

/**
 * percent is n/d as a percentage rounded half up to one decimal, in integer
 * arithmetic exactly as Go's checklist.Percent: tenths = ⌊(2000n + d) / 2d⌋.
 */
export function percent(n: number, d: number): number {
  if (d <= 0 || n <= 0) return 0;
  return Math.floor((2000 * n + d) / (2 * d)) / 10;
}

/** level names the readiness level of an already rounded percentage. */
export function level(pct: number): string {
  for (const b of LEVEL_BANDS) if (pct >= b.min) return b.level;
  return 'Needs Attention';
}

/** progressColor is an item's colour: green 100%, blue ≥75, yellow ≥50, else red. */
export function progressColor(pct: number): 'green' | 'blue' | 'yellow' | 'red' {
  if (pct >= 100) return 'green';
  if (pct >= 75) return 'blue';
  if (pct >= 50) return 'yellow';
  return 'red';
}

/** progressTier is a category bar's tier: completed, high, medium or low. */
export function progressTier(pct: number): 'completed' | 'high' | 'medium' | 'low' {
  if (pct >= 100) return 'completed';
  if (pct >= 75) return 'high';
  if (pct >= 50) return 'medium';
  return 'low';
}

/** isComplete: an item is complete when its score equals its maximum. */
export function isComplete(it: ChecklistItem): boolean {
  return it.actualScore === it.maxScore;
}

/** itemPercent is an item's own progress, one decimal. */
export function itemPercent(it: ChecklistItem): number {
  return percent(it.actualScore, it.maxScore);
}

/** score computes the dashboard figures; only enabled items count. */
export function score(items: ChecklistItem[]): ChecklistStats {
  const categories: Record<string, CategoryStats> = {};
  for (const c of CATEGORY_CODES) categories[String(c)] = { current: 0, max: 0, percentage: 0, count: 0 };
  const s = {
    totalScore: 0,
    maxPossibleScore: 0,
    weightedScore: 0,
    maxWeightedScore: 0,
    completedItems: 0,
    totalItems: 0,
    disabledItems: 0,
  };
  for (const it of items) {
    if (!it.enabled) {
      s.disabledItems++;
      continue;
    }
    s.totalItems++;
    s.totalScore += it.actualScore;
    s.maxPossibleScore += it.maxScore;
    s.weightedScore += it.actualScore * it.weight;
    s.maxWeightedScore += it.maxScore * it.weight;
    if (isComplete(it)) s.completedItems++;
    const cs = categories[String(it.weightCode)];
    if (cs) {
      cs.current += it.actualScore;
      cs.max += it.maxScore;
      cs.count++;
    }
  }
  for (const cs of Object.values(categories)) cs.percentage = percent(cs.current, cs.max);
  const readinessPercentage = percent(s.weightedScore, s.maxWeightedScore);
  return {
    ...s,
    readinessPercentage,
    readinessLevel: level(readinessPercentage),
    completionPercentage: percent(s.completedItems, s.totalItems),
    categories,
  };
}

/** Filters are the Checklist tab's filter bar. */
export interface Filters {
  /** category is 'all' or a category code as a string. */
  category: string;
  showCompleted: boolean;
  showIncomplete: boolean;
}

/** DEFAULT_FILTERS: All Categories, both checkboxes on. */
export const DEFAULT_FILTERS: Filters = { category: 'all', showCompleted: true, showIncomplete: true };

/** filterItems keeps the items the filter bar lets through, in order. */
export function filterItems(items: ChecklistItem[], f: Filters): ChecklistItem[] {
  return items.filter((it) => {
    if (f.category !== 'all' && String(it.weightCode) !== f.category) return false;
    return isComplete(it) ? f.showCompleted : f.showIncomplete;
  });
}

/** showingText is the filter bar's count. */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} items`;
}

/** toggleComplete sets the score to max, or to 0 when the item is complete. */
export function toggleComplete(it: ChecklistItem): ChecklistItem {
  return { ...it, actualScore: isComplete(it) ? 0 : it.maxScore };
}

/** clampScore keeps a score an integer within 0..max. */
export function clampScore(v: number, max: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.min(max, Math.max(0, Math.round(v)));
}

/** resetItems applies spec §4's reset: scores, heat map, team, responsibility, notes cleared, weight 1. */
export function resetItems(items: ChecklistItem[]): ChecklistItem[] {
  return items.map((it) => ({ ...it, actualScore: 0, heatMap: 0, team: '', responsibility: '', notes: '', weight: 1 }));
}

/** NewItemForm is the Add New Checklist Item form as typed. */
export interface NewItemForm {
  title: string;
  description: string;
  weightCode: number;
  maxScore: string;
}

/** ScoreLimits are the maximum score's range and default: GET /api/reference's limits.checklist. */
export type ScoreLimits = Pick<ChecklistLimits, 'minMaxScore' | 'maxMaxScore' | 'defaultMaxScore'>;

/** parseMaxScore reads the Max Score field: a non-number falls back to the default; else clamped to the range. */
export function parseMaxScore(raw: string, limits: ScoreLimits): number {
  const n = parseInt(raw, 10);
  if (Number.isNaN(n)) return limits.defaultMaxScore;
  return Math.min(limits.maxMaxScore, Math.max(limits.minMaxScore, n));
}

/**
 * addItem appends a new item (next id, score 0, heat map 0, weight 1,
 * enabled) or returns null when the trimmed title or description is blank,
 * since the spec ignores such a submit.
 */
export function addItem(items: ChecklistItem[], f: NewItemForm, limits: ScoreLimits): ChecklistItem[] | null {
  const title = f.title.trim();
  const description = f.description.trim();
  if (title === '' || description === '') return null;
  const id = items.reduce((m, it) => Math.max(m, it.id), 0) + 1;
  return [
    ...items,
    {
      id,
      weightCode: CATEGORY_CODES.includes(f.weightCode as 1 | 2 | 3) ? f.weightCode : 1,
      weight: 1,
      title,
      description,
      team: '',
      responsibility: '',
      actualScore: 0,
      maxScore: parseMaxScore(f.maxScore, limits),
      heatMap: 0,
      enabled: true,
      notes: '',
    },
  ];
}

/** updateItem replaces the item with id by fn(item). */
export function updateItem(items: ChecklistItem[], id: number, fn: (it: ChecklistItem) => ChecklistItem): ChecklistItem[] {
  return items.map((it) => (it.id === id ? fn(it) : it));
}

/** move swaps the item with its neighbour (-1 up, +1 down); at either end nothing changes. */
export function move(items: ChecklistItem[], id: number, dir: -1 | 1): ChecklistItem[] {
  const i = items.findIndex((it) => it.id === id);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= items.length) return items;
  const out = items.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** removeItem deletes the item with id. */
export function removeItem(items: ChecklistItem[], id: number): ChecklistItem[] {
  return items.filter((it) => it.id !== id);
}

/** localDate is a date's local calendar day as YYYY-MM-DD. */
export function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** reportFileName is the download's name: business_readiness_report_YYYY-MM-DD.html. */
export function reportFileName(d: Date): string {
  return `business_readiness_report_${localDate(d)}.html`;
}

/** templateItems returns a loaded template's items, or null when it has no items array. */
export function templateItems(t: unknown): ChecklistItem[] | null {
  if (t === null || typeof t !== 'object') return null;
  const items = (t as { items?: unknown }).items;
  return Array.isArray(items) ? (items as ChecklistItem[]) : null;
}

/**
 * failureText picks the spec's failure text: nonOk when the server answered
 * with an error status, exception for a network or other failure (spec 02 §8).
 */
export function failureText(e: unknown, nonOk: string, exception: string): string {
  return e instanceof ApiError ? nonOk : exception;
}

/** TEXTS are the spec's alerts, prompts and messages of this screen. */
export const TEXTS = {
  deleteTemplateConfirm: 'Are you sure you want to delete this checklist template?',
  resetConfirm:
    'Are you sure you want to completely reset the checklist? This will clear all scores, team assignments, responsibilities, and notes. This action cannot be undone.',
  resetDone: 'Checklist has been completely reset. All scores, assignments, and notes have been cleared.',
  saved: 'Checklist saved to repository successfully!',
  saveFailed: 'Failed to save checklist to repository',
  saveError: 'Error saving checklist to repository',
  imported: (n: number) => `Checklist imported successfully! Loaded ${n} items.`,
  importBadShape: 'Invalid checklist format in imported HTML',
  importFailed: 'Failed to import checklist from HTML',
  importError: 'Error importing checklist from HTML',
  loaded: 'Checklist loaded from repository successfully!',
  loadBadShape: 'Invalid checklist template format',
  loadFailed: 'Failed to load checklist template',
  loadError: 'Error loading checklist from repository',
  deleteFailed: 'Failed to delete template',
  deleteError: 'Error deleting template',
  conflict: 'This checklist was changed by someone else.',
  noMatch: 'No items match your filters',
  noMatchHint: 'Try adjusting your filter settings to see more items.',
  noTemplates: 'No Saved Checklists',
  importHint: 'Upload a previously downloaded HTML checklist report',
} as const;
