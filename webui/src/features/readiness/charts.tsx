import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CATEGORY_STYLE } from './categoryStyle';

/** CategoryBars is the Category Comparison chart: each category's progress in percent, in its colour. */
export function CategoryBars({ data: compare }: { data: { name: string; code: number; percentage: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={compare} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis domain={[0, 100]} unit="%" />
        <Tooltip formatter={(v) => `${Number(v).toFixed(1)}%`} />
        <Bar dataKey="percentage" name="Progress" isAnimationActive={false}>
          {compare.map((c) => (
            <Cell key={c.code} fill={(CATEGORY_STYLE[c.code] ?? CATEGORY_STYLE[3]).fill} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** TrendLine is the Readiness Trend chart: Overall Readiness after each save, over the four level bands. */
export function TrendLine({ data: trend }: { data: { at: string; readiness: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={trend} accessibilityLayer={false}>
        <ReferenceArea y1={0} y2={50} fill="#fee2e2" fillOpacity={0.6} />
        <ReferenceArea y1={50} y2={75} fill="#fef9c3" fillOpacity={0.6} />
        <ReferenceArea y1={75} y2={90} fill="#dbeafe" fillOpacity={0.6} />
        <ReferenceArea y1={90} y2={100} fill="#dcfce7" fillOpacity={0.6} />
        {[50, 75, 90].map((y) => (
          <ReferenceLine key={y} y={y} stroke="#64748b" strokeDasharray="4 4" />
        ))}
        <XAxis dataKey="at" tick={{ fontSize: 11 }} minTickGap={24} />
        <YAxis domain={[0, 100]} ticks={[0, 50, 75, 90, 100]} unit="%" />
        <Tooltip formatter={(v) => `${Number(v).toFixed(1)}%`} />
        <Line type="monotone" dataKey="readiness" name="Overall Readiness" stroke="#1d4ed8" strokeWidth={2} dot isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
