import { lazy, Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { CATEGORY_STYLE } from './categoryStyle';
import { type Category, type ChecklistStats, progressTier, type Snapshot } from '@/lib/checklist';
import { TREND_POINTS, useHistory } from '@/hooks/checklist';

// The two charts are recharts (about 100 KB compressed) and sit below the
// cards: they load after the first paint, in figures that already hold
// their size.
const CategoryBars = lazy(() => import('./charts').then((m) => ({ default: m.CategoryBars })));
const TrendLine = lazy(() => import('./charts').then((m) => ({ default: m.TrendLine })));

const TIER_STYLE = {
  completed: 'bg-green-600',
  high: 'bg-blue-600',
  medium: 'bg-yellow-500',
  low: 'bg-red-600',
} as const;

function StatCard({ id, title, value, note }: { id: string; title: string; value: string; note: string }) {
  return (
    <Card data-testid={`card-${id}`}>
      <CardHeader className="pb-1">
        <CardTitle as="h2" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold text-slate-900" data-testid={`value-${id}`}>
          {value}
        </p>
        <p className="text-sm text-slate-600" data-testid={`note-${id}`}>
          {note}
        </p>
      </CardContent>
    </Card>
  );
}

/** Dashboard is the Dashboard tab: the four cards, the category cards, the comparison and the trend. */
export function Dashboard({ stats, categories }: { stats: ChecklistStats; categories: Category[] }) {
  const history = useHistory();
  const compare = categories.map((c) => ({ name: c.name, code: c.code, percentage: stats.categories[String(c.code)]?.percentage ?? 0 }));
  const trend = (history.data ?? []).slice(-TREND_POINTS).map((h: Snapshot) => ({
    at: new Date(h.at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    readiness: h.stats.readinessPercentage,
  }));
  return (
    <div className="grid gap-6">
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard id="readiness" title="Overall Readiness" value={`${stats.readinessPercentage.toFixed(1)}%`} note={stats.readinessLevel} />
        <StatCard
          id="completion"
          title="Completion"
          value={`${stats.completedItems}/${stats.totalItems}`}
          note={`${stats.completionPercentage.toFixed(1)}% of items complete`}
        />
        <StatCard id="score" title="Total Score" value={`${stats.totalScore}/${stats.maxPossibleScore}`} note="points earned" />
        <StatCard id="disabled" title="Disabled Items" value={String(stats.disabledItems)} note="excluded as not applicable" />
      </section>

      <section aria-labelledby="categories-heading" className="grid gap-4">
        <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
          Categories
        </h2>
        <div className="grid gap-4 lg:grid-cols-3">
          {categories.map((c) => {
            const cs = stats.categories[String(c.code)] ?? { current: 0, max: 0, percentage: 0, count: 0 };
            const tier = progressTier(cs.percentage);
            const style = CATEGORY_STYLE[c.code] ?? CATEGORY_STYLE[3];
            return (
              <Card key={c.code} className={cn('border-2', style.card)} data-testid={`category-${c.code}`}>
                <CardHeader className="pb-2">
                  <CardTitle as="h3">{c.name}</CardTitle>
                  <p className="text-sm text-slate-700">{c.description}</p>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm text-slate-800">
                  <p>{cs.count === 1 ? '1 item' : `${cs.count} items`}</p>
                  <div className="flex items-center justify-between">
                    <span>Progress</span>
                    <span className="font-semibold" data-testid={`category-${c.code}-pct`}>
                      {cs.percentage.toFixed(1)}% <span className="font-normal text-slate-700">({tier})</span>
                    </span>
                  </div>
                  <div
                    className="h-2 overflow-hidden rounded bg-white"
                    role="progressbar"
                    aria-label={`${c.name} progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={cs.percentage}
                  >
                    <div className={cn('h-full', TIER_STYLE[tier])} style={{ width: `${Math.min(100, cs.percentage)}%` }} data-tier={tier} />
                  </div>
                  <p>
                    {cs.current}/{cs.max} points
                  </p>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Category Comparison</CardTitle>
            <p className="text-sm text-slate-600">Progress of each category, in points earned over the maximum.</p>
          </CardHeader>
          <CardContent>
            <figure
              role="img"
              aria-label={`Category progress: ${compare.map((c) => `${c.name} ${c.percentage.toFixed(1)}%`).join(', ')}`}
              className="h-64"
            >
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <CategoryBars data={compare} />
              </Suspense>
            </figure>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Readiness Trend</CardTitle>
            <p className="text-sm text-slate-600">
              Overall Readiness after each save. Bands: Needs Attention below 50%, Fair from 50%, Good from 75%, Excellent from 90%.
            </p>
          </CardHeader>
          <CardContent>
            {history.isLoading ? (
              <Skeleton className="h-64 w-full" />
            ) : trend.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-600" data-testid="trend-empty">
                No saves yet: the trend starts with the first change to the checklist.
              </p>
            ) : (
              <figure
                role="img"
                data-testid="trend"
                data-points={trend.length}
                aria-label={`Readiness trend over ${trend.length} saves, latest ${trend[trend.length - 1].readiness.toFixed(1)}%`}
                className="h-64"
              >
                <Suspense fallback={<Skeleton className="h-full w-full" />}>
                  <TrendLine data={trend} />
                </Suspense>
              </figure>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
