// Mentions in a comment box, without React: the @-picker's query, its
// choices and insertion, and the chips of a written comment. The server
// decides who is mentioned (domain.Mentions); this follows its rule to show
// it: an @ starts a mention unless a letter, digit, '.', '_' or '@' stands
// before it; @"Full Name" names a person exactly; otherwise the longest
// name that follows, a space written as a space, '.' or '_'.

import type { Ref } from './types';

/** MAX_QUERY is how far back from the caret an open mention may start. */
const MAX_QUERY = 40;

/** mentionStart says whether the @ at i starts a mention. */
function mentionStart(text: string, i: number): boolean {
  return i === 0 || !/[\p{L}\p{N}._@]/u.test(text[i - 1]);
}

/** ActiveMention is the mention being typed: the @ at start, the text typed after it up to the caret. */
export interface ActiveMention {
  start: number;
  query: string;
}

/**
 * activeMention finds the mention being typed before caret: an @ that
 * starts a mention, followed by no line break, quote or double space.
 * null when the caret is not in one.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  for (let i = caret - 1; i >= 0 && caret - i <= MAX_QUERY; i--) {
    const ch = text[i];
    if (ch === '\n' || ch === '"') return null;
    if (ch === '@') {
      if (!mentionStart(text, i)) return null;
      const query = text.slice(i + 1, caret);
      if (query.includes('  ') || query.startsWith(' ')) return null;
      return { start: i, query };
    }
  }
  return null;
}

/** fold is a name as the matching sees it: lower case, '.' and '_' as spaces, runs of spaces as one. */
function fold(s: string): string {
  return s.toLowerCase().replace(/[._]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** matchingPeople are the people whose name, or a word of it, starts with query (all when it is empty), at most limit, in the given order. */
export function matchingPeople(people: Ref[], query: string, limit = 8): Ref[] {
  const q = fold(query);
  const out = people.filter((p) => {
    if (q === '') return true;
    const name = fold(p.name);
    return name.startsWith(q) || name.split(' ').some((w) => w.startsWith(q));
  });
  return out.slice(0, limit);
}

/** insertMention replaces the mention being typed (from m.start to caret) with @"Name" and a space; it answers the text and the caret after it. */
export function insertMention(text: string, m: ActiveMention, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@"${name}" `;
  return { text: text.slice(0, m.start) + inserted + text.slice(caret), caret: m.start + inserted.length };
}

/** MentionPart is a piece of a comment's text: plain, or a mention of a person by name. */
export type MentionPart = { text: string } | { mention: string; text: string };

/** matchAt is the length of name written at text[i:] (a space as ' ', '.' or '_', case aside) ending a word, else 0. */
function matchAt(text: string, i: number, name: string): number {
  const words = name.trim().split(/\s+/);
  let j = i;
  for (let w = 0; w < words.length; w++) {
    if (w > 0) {
      if (!/[ ._]/.test(text[j] ?? '')) return 0;
      while (text[j] === ' ') j++;
      if (text[j - 1] !== ' ') j++;
    }
    const word = words[w];
    if (text.slice(j, j + word.length).toLowerCase() !== word.toLowerCase()) return 0;
    j += word.length;
  }
  return /[\p{L}\p{N}]/u.test(text[j] ?? '') ? 0 : j - i;
}

/**
 * mentionParts splits a comment's text into plain text and mentions of the
 * people named (the comment's mentions, by name), so each shows as a chip.
 * An @ that names no one of them stays text.
 */
export function mentionParts(text: string, names: string[]): MentionPart[] {
  const parts: MentionPart[] = [];
  let plain = '';
  const folded = names.map((n) => ({ name: n, key: fold(n) }));
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '@' && mentionStart(text, i)) {
      let found: { name: string; len: number } | null = null;
      if (text[i + 1] === '"') {
        const end = text.indexOf('"', i + 2);
        const inner = end > 0 ? fold(text.slice(i + 2, end)) : '';
        const hit = end > 0 ? folded.find((f) => f.key === inner) : undefined;
        if (hit) found = { name: hit.name, len: end - i + 1 };
      } else {
        for (const n of names) {
          const len = matchAt(text, i + 1, n);
          if (len > 0 && (!found || len + 1 > found.len)) found = { name: n, len: len + 1 };
        }
      }
      if (found) {
        if (plain) parts.push({ text: plain });
        plain = '';
        parts.push({ mention: found.name, text: text.slice(i, i + found.len) });
        i += found.len - 1;
        continue;
      }
    }
    plain += text[i];
  }
  if (plain) parts.push({ text: plain });
  return parts;
}
