import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import {
  addItem,
  type ChecklistItem,
  type ChecklistStats,
  DEFAULT_FILTERS,
  failureText,
  filterItems,
  level,
  move,
  clampScore,
  type NewItemForm,
  removeItem,
  type ScoreLimits,
  updateItem,
  percent,
  progressColor,
  progressTier,
  reportFileName,
  resetItems,
  score,
  showingText,
  templateItems,
  TEXTS,
  toggleComplete,
} from './checklist';

// The same vectors the Go tests of pkg/checklist run.
const vectors: { vectors: { name: string; items: ChecklistItem[]; stats: ChecklistStats }[] } = JSON.parse(
  readFileSync(resolve(__dirname, '../../../testdata/checklist/vectors.json'), 'utf8'),
);

describe('score mirrors pkg/checklist.Score', () => {
  it('has vectors', () => expect(vectors.vectors.length).toBeGreaterThan(10));
  for (const v of vectors.vectors) {
    it(v.name, () => expect(score(v.items)).toEqual(v.stats));
  }
  it('rounds half up in integers', () => {
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(1, 16)).toBe(6.3);
    expect(percent(1799, 2000)).toBe(90); // 89.95
    expect(percent(0, 0)).toBe(0);
  });
  it('levels, colours and tiers at their bounds', () => {
    expect([90, 89.9, 75, 74.9, 50, 49.9].map(level)).toEqual([
      'Excellent', 'Good', 'Good', 'Fair', 'Fair', 'Needs Attention',
    ]);
    expect([100, 99.9, 75, 74.9, 50, 49.9].map(progressColor)).toEqual(['green', 'blue', 'blue', 'yellow', 'yellow', 'red']);
    expect([100, 75, 50, 0].map(progressTier)).toEqual(['completed', 'high', 'medium', 'low']);
  });
});

const initial = vectors.vectors[0].items;

describe('filters', () => {
  it('show everything by default', () => {
    const shown = filterItems(initial, DEFAULT_FILTERS);
    expect(shown).toHaveLength(26);
    expect(showingText(shown.length, initial.length)).toBe('Showing 26 of 26 items');
  });
  it('filter by category and completion', () => {
    expect(filterItems(initial, { ...DEFAULT_FILTERS, category: '2' })).toHaveLength(8);
    expect(filterItems(initial, { ...DEFAULT_FILTERS, showCompleted: false })).toHaveLength(14);
    expect(filterItems(initial, { ...DEFAULT_FILTERS, showIncomplete: false })).toHaveLength(12);
    expect(filterItems(initial, { category: '1', showCompleted: true, showIncomplete: false })).toHaveLength(0);
    expect(filterItems(initial, { ...DEFAULT_FILTERS, showCompleted: false, showIncomplete: false })).toHaveLength(0);
  });
});

// The edit vectors pkg/checklist's Go tests check against the server's rules.
const edits: {
  limits: ScoreLimits;
  items: ChecklistItem[];
  vectors: { name: string; op: string; id?: number; value?: number; dir?: -1 | 1; form?: NewItemForm; items?: ChecklistItem[]; want: ChecklistItem[] | null }[];
} = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/checklist/edits.json'), 'utf8'));

function apply(v: (typeof edits.vectors)[number], items: ChecklistItem[]): ChecklistItem[] | null {
  switch (v.op) {
    case 'toggleComplete':
      return updateItem(items, v.id!, toggleComplete);
    case 'setScore':
      return updateItem(items, v.id!, (it) => ({ ...it, actualScore: clampScore(v.value!, it.maxScore) }));
    case 'reset':
      return resetItems(items);
    case 'add':
      return addItem(items, v.form!, edits.limits);
    case 'move':
      return move(items, v.id!, v.dir!);
    case 'remove':
      return removeItem(items, v.id!);
  }
  throw new Error(`unknown op ${v.op}`);
}

describe('edits', () => {
  it.each(edits.vectors.map((v) => [v.name, v] as const))('%s', (_, v) => {
    const items = structuredClone(v.items ?? edits.items);
    const before = structuredClone(items);
    expect(apply(v, items)).toEqual(v.want);
    expect(items).toEqual(before); // input untouched
  });
  it('report file name and template shape', () => {
    expect(reportFileName(new Date(2025, 2, 7, 23, 59))).toBe('business_readiness_report_2025-03-07.html');
    expect(templateItems({ items: [] })).toEqual([]);
    expect(templateItems({ items: 'x' })).toBeNull();
    expect(templateItems(null)).toBeNull();
  });
});

describe('failureText', () => {
  it('tells a non-OK answer from a network error (spec 02 §8)', () => {
    const nonOk = new ApiError(500, '500: boom', null);
    expect(failureText(nonOk, TEXTS.deleteFailed, TEXTS.deleteError)).toBe('Failed to delete template');
    expect(failureText(new TypeError('Failed to fetch'), TEXTS.deleteFailed, TEXTS.deleteError)).toBe('Error deleting template');
  });
});
