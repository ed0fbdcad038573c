import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ActivityFormValues, sanitizeTitle, validateActivity } from './campaigns';

// The vectors pkg/campaign's Go tests run too.
const vectors: {
  validateActivity: { name: string; activity: ActivityFormValues; errors: [keyof ActivityFormValues, string][] }[];
  sanitizeTitle: { title: string; want: string }[];
} = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/campaign/rules.json'), 'utf8'));

describe('validateActivity vectors', () => {
  it.each(vectors.validateActivity.map((v) => [v.name, v] as const))('%s', (_, v) => {
    const errors = validateActivity(v.activity);
    expect(errors).toEqual(Object.fromEntries(v.errors));
    // The form shows the fields in the server's order.
    expect(Object.keys(errors)).toEqual(v.errors.map(([field]) => field));
  });
});

describe('sanitizeTitle vectors', () => {
  it.each(vectors.sanitizeTitle.map((v) => [JSON.stringify(v.title), v] as const))('%s', (_, v) => {
    expect(sanitizeTitle(v.title)).toBe(v.want);
  });
});
