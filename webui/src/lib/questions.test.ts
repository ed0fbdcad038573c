import { describe, expect, it } from 'vitest';
import {
  applyOrders,
  CARD_CHROME,
  cardHeight,
  groupByTheme,
  MISSING_SORT_ORDER,
  moveItem,
  QUESTION_ROW,
  QUESTIONS_PAGE,
  questionSearchPath,
  questionTotal,
  renumber,
  reorderWithinTheme,
  ROW_GAP,
  sortQuestions,
  sortValue,
  themeQuestionsPath,
  themesWithQuestions,
} from './questions';

const q = (id: string, themeId: string, sortOrder: number | string | null, createdAt = '2025-01-01T00:00:00Z') => ({ id, themeId, sortOrder, createdAt });

describe('sortValue', () => {
  it.each([
    [3, 3],
    ['7', 7],
    ['0', 0],
    [0, 0],
    [null, MISSING_SORT_ORDER],
    [undefined, MISSING_SORT_ORDER],
    ['', MISSING_SORT_ORDER],
    ['abc', MISSING_SORT_ORDER],
  ])('%j sorts as %d', (input, want) => {
    expect(sortValue(input as number | string | null | undefined)).toBe(want);
  });

  it('puts questions without a sortOrder after numbered ones', () => {
    const sorted = sortQuestions([q('none', 't', null), q('b', 't', '2'), q('a', 't', 1)]);
    expect(sorted.map((x) => x.id)).toEqual(['a', 'b', 'none']);
  });

  it('breaks ties by creation time', () => {
    const sorted = sortQuestions([q('late', 't', 0, '2025-02-01T00:00:00Z'), q('early', 't', 0, '2025-01-01T00:00:00Z')]);
    expect(sorted.map((x) => x.id)).toEqual(['early', 'late']);
  });
});

describe('renumber and moveItem', () => {
  it('renumbers from 1 in list order', () => {
    expect(renumber([{ id: 'x' }, { id: 'y' }, { id: 'z' }])).toEqual([
      { id: 'x', sortOrder: 1 },
      { id: 'y', sortOrder: 2 },
      { id: 'z', sortOrder: 3 },
    ]);
  });

  it.each([
    { from: 0, to: 2, want: ['b', 'c', 'a'] },
    { from: 2, to: 0, want: ['c', 'a', 'b'] },
    { from: 1, to: 1, want: ['a', 'b', 'c'] },
  ])('moves $from to $to', ({ from, to, want }) => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, from, to)).toEqual(want);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('reorderWithinTheme', () => {
  const all = [q('a', 't1', 1), q('b', 't1', 2), q('c', 't1', 3), q('x', 't2', 1)];

  it('moves the dragged question onto the target position and renumbers the theme', () => {
    expect(reorderWithinTheme(all, 'c', 'a')).toEqual({
      themeId: 't1',
      questionOrders: [
        { id: 'c', sortOrder: 1 },
        { id: 'a', sortOrder: 2 },
        { id: 'b', sortOrder: 3 },
      ],
    });
  });

  it('renumbers unnumbered questions from 1 too', () => {
    // Sorted: a (0), c (5), b (missing, 999). Dropping a onto c puts it second.
    const loose = [q('a', 't', 0), q('b', 't', null), q('c', 't', '5')];
    expect(reorderWithinTheme(loose, 'a', 'c')!.questionOrders).toEqual([
      { id: 'c', sortOrder: 1 },
      { id: 'a', sortOrder: 2 },
      { id: 'b', sortOrder: 3 },
    ]);
  });

  it.each([
    ['across themes', 'a', 'x'],
    ['onto itself', 'a', 'a'],
    ['unknown id', 'a', 'nope'],
  ])('refuses a move %s', (_name, active, over) => {
    expect(reorderWithinTheme(all, active, over)).toBeNull();
  });

  it('applyOrders updates only the listed questions', () => {
    const next = applyOrders(all, [{ id: 'b', sortOrder: 9 }]);
    expect(next.map((x) => x.sortOrder)).toEqual([1, 9, 3, 1]);
    expect(all[1].sortOrder).toBe(2);
  });
});

describe('groupByTheme', () => {
  it('gives one sorted group per theme with questions, in theme order', () => {
    const groups = groupByTheme([q('b', 't2', 2), q('a', 't2', 1), q('c', 't1', 1), q('o', 'orphan', 1)], ['t1', 'empty', 't2']);
    expect(groups.map((g) => [g.themeId, g.questions.map((x) => x.id)])).toEqual([
      ['t1', ['c']],
      ['t2', ['a', 'b']],
      ['orphan', ['o']],
    ]);
  });
});

describe('the Questions screen at scale', () => {
  const themes = [
    { id: 'a', questionCount: 3 },
    { id: 'b', questionCount: 0 },
    { id: 'c', questionCount: 10 },
  ];

  it('counts the questions from the themes, so the whole list is read only while it is one page', () => {
    expect(questionTotal(themes)).toBe(13);
    expect(questionTotal([])).toBe(0);
    // 200 themes of 10 questions, the five-year scale: past one page.
    expect(questionTotal(Array.from({ length: 200 }, (_, i) => ({ id: String(i), questionCount: 10 })))).toBeGreaterThan(QUESTIONS_PAGE);
  });

  it('draws a card for each theme holding a question, in list order, or only the filtered theme', () => {
    expect(themesWithQuestions(themes).map((t) => t.id)).toEqual(['a', 'c']);
    expect(themesWithQuestions(themes, 'c').map((t) => t.id)).toEqual(['c']);
    expect(themesWithQuestions(themes, 'b')).toEqual([]);
  });

  it('asks the server for a search: the text trimmed and escaped, the theme when filtered, the page size', () => {
    expect(questionSearchPath('  go-live & pay ', '', 200)).toBe('/api/questions?q=go-live+%26+pay&limit=200');
    expect(questionSearchPath('why', 't 1', 400)).toBe('/api/questions?q=why&themeId=t+1&limit=400');
    expect(themeQuestionsPath('t/1')).toBe('/api/questions?themeId=t%2F1');
  });

  it('estimates a card from its count: header, rows and the gaps between them', () => {
    expect(cardHeight(1)).toBe(CARD_CHROME + QUESTION_ROW);
    expect(cardHeight(10)).toBe(CARD_CHROME + 10 * QUESTION_ROW + 9 * ROW_GAP);
    expect(cardHeight(0)).toBe(cardHeight(1));
  });
});
