import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardStats, upcoming, type DashboardStats } from './dashboard';
import type { Audience, Communication } from './types';

// The same vectors the Go tests of GET /api/dashboard run (pkg/api):
// the server's SQL summary and this full-list computation give the same figures.
interface Vector {
  name: string;
  now: string;
  tz: string;
  themes: { id: string; createdAt: string }[];
  content: { id: string; createdAt: string }[];
  audiences: Audience[];
  communications: Communication[];
  want: DashboardStats & { upcoming: string[] };
}
const vectors: { cases: Vector[] } = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/dashboard/vectors.json'), 'utf8'));

describe('dashboardStats and upcoming give the figures GET /api/dashboard gives', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
  it('has vectors', () => expect(vectors.cases.length).toBeGreaterThan(2));
  for (const v of vectors.cases) {
    it(v.name, () => {
      process.env.TZ = v.tz;
      const now = new Date(v.now);
      const stats = dashboardStats(v, now);
      const next = upcoming(v.communications, now).map((c) => c.id);
      expect({ ...stats, upcoming: next }).toEqual(v.want);
    });
  }
});
