import { describe, expect, it } from 'vitest';
import { activeMention, insertMention, matchingPeople, mentionParts } from './mentions';

const people = [
  { id: 'a', name: 'Ari Stone' },
  { id: 'd', name: 'Dana Reyes' },
  { id: 'r', name: 'Dana Reyes-Ortiz' },
];

describe('activeMention', () => {
  it('finds the mention being typed before the caret', () => {
    expect(activeMention('hi @Da', 6)).toEqual({ start: 3, query: 'Da' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('see @Dana Re', 12)).toEqual({ start: 4, query: 'Dana Re' });
  });
  it('is none in an email address, after a line break or a closed quote', () => {
    expect(activeMention('mail ann@example', 16)).toBeNull();
    expect(activeMention('@Dana\nnext', 10)).toBeNull();
    expect(activeMention('@"Dana Reyes" ok', 16)).toBeNull();
    expect(activeMention('plain text', 10)).toBeNull();
  });
});

describe('matchingPeople', () => {
  it('matches the start of the name or of one of its words, case aside', () => {
    expect(matchingPeople(people, '').map((p) => p.id)).toEqual(['a', 'd', 'r']);
    expect(matchingPeople(people, 'da').map((p) => p.id)).toEqual(['d', 'r']);
    expect(matchingPeople(people, 'stone').map((p) => p.id)).toEqual(['a']);
    expect(matchingPeople(people, 'dana.reyes-').map((p) => p.id)).toEqual(['r']);
    expect(matchingPeople(people, 'zed')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces the typed query with the quoted name and a space', () => {
    const text = 'ask @da about it';
    const m = activeMention(text, 7)!;
    expect(insertMention(text, m, 7, 'Dana Reyes')).toEqual({ text: 'ask @"Dana Reyes"  about it', caret: 18 });
  });
});

describe('mentionParts', () => {
  it('splits quoted and bare mentions of the named people into chips', () => {
    expect(mentionParts('hi @"dana reyes", see @Ari.Stone.', ['Dana Reyes', 'Ari Stone'])).toEqual([
      { text: 'hi ' },
      { mention: 'Dana Reyes', text: '@"dana reyes"' },
      { text: ', see ' },
      { mention: 'Ari Stone', text: '@Ari.Stone' },
      { text: '.' },
    ]);
  });
  it('takes the longest name and leaves unknown or email @s as text', () => {
    expect(mentionParts('@Dana Reyes-Ortiz ok', ['Dana Reyes', 'Dana Reyes-Ortiz'])).toEqual([
      { mention: 'Dana Reyes-Ortiz', text: '@Dana Reyes-Ortiz' },
      { text: ' ok' },
    ]);
    expect(mentionParts('mail a@Ari Stone or @Nobody', ['Ari Stone'])).toEqual([{ text: 'mail a@Ari Stone or @Nobody' }]);
    expect(mentionParts('@Ari Stoned', ['Ari Stone'])).toEqual([{ text: '@Ari Stoned' }]);
  });
});
