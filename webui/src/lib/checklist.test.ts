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
  parseMaxScore,
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

describe('edits', () => {
  it('completion toggles between max and 0', () => {
    expect(toggleComplete(initial[0]).actualScore).toBe(10);
    expect(toggleComplete(initial[14]).actualScore).toBe(0);
  });
  it('reset clears scores, heat map, team, responsibility, notes and weight only', () => {
    const items = initial.map((it, i) => ({ ...it, weight: 5, notes: 'n', enabled: i !== 3 }));
    const out = resetItems(items);
    for (const [i, it] of out.entries()) {
      expect(it).toEqual({
        ...items[i], actualScore: 0, heatMap: 0, team: '', responsibility: '', notes: '', weight: 1,
      });
    }
    expect(out[3].enabled).toBe(false);
    expect(items[0].weight).toBe(5); // input untouched
  });
  it('add-item defaults', () => {
    const out = addItem(initial, { title: '  New  ', description: ' Q?\nQ2? ', weightCode: 3, maxScore: 'abc' });
    expect(out).not.toBeNull();
    expect(out!.at(-1)).toEqual({
      id: 27, weightCode: 3, weight: 1, title: 'New', description: 'Q?\nQ2?', team: '', responsibility: '',
      actualScore: 0, maxScore: 10, heatMap: 0, enabled: true, notes: '',
    });
    expect(addItem([], { title: 'a', description: 'b', weightCode: 1, maxScore: '5' })![0].id).toBe(1);
    expect(addItem(initial, { title: '  ', description: 'x', weightCode: 1, maxScore: '5' })).toBeNull();
    expect(addItem(initial, { title: 'x', description: ' ', weightCode: 1, maxScore: '5' })).toBeNull();
    expect(['', '0', '21', '7', '20', '1'].map(parseMaxScore)).toEqual([10, 1, 20, 7, 20, 1]);
  });
  it('move up and down, nothing at the ends', () => {
    const ids = (xs: ChecklistItem[]) => xs.slice(0, 3).map((x) => x.id);
    expect(ids(move(initial, 2, -1))).toEqual([2, 1, 3]);
    expect(ids(move(initial, 2, 1))).toEqual([1, 3, 2]);
    expect(move(initial, 1, -1)).toBe(initial);
    expect(move(initial, 26, 1)).toBe(initial);
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
