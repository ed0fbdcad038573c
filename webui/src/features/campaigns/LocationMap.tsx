import { geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The atlas is packaged (us-atlas, already projected to Albers USA at
// 975×610), so the map draws from the bundle and never from another host.
import statesTopo from 'us-atlas/states-albers-10m.json';
import { markerRadius } from '@/lib/scheduler';
import type { ReferenceItem } from '@/lib/types';

type StateProps = { name: string };
const topo = statesTopo as unknown as Topology<{ states: GeometryCollection<StateProps>; nation: GeometryCollection }>;

/**
 * LocationMap draws the United States with one marker per location group,
 * sized by head count. Markers are toggle buttons (aria-pressed) reached by
 * Tab and pressed with Enter or Space; a location whose state is not in the
 * atlas gets no marker (the checkbox grid still offers it).
 */
export default function LocationMap({
  locations,
  selected,
  onToggle,
}: {
  locations: ReferenceItem[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { states, borders, markers } = useMemo(() => {
    const path = geoPath();
    const fc = feature(topo, topo.objects.states) as FeatureCollection<Geometry, StateProps>;
    const byName = new Map<string, Feature<Geometry, StateProps>>(fc.features.map((f) => [f.properties.name.toLowerCase(), f]));
    const max = Math.max(0, ...locations.map((l) => l.count));
    const markers = locations.flatMap((l) => {
      const f = byName.get(l.label.toLowerCase());
      if (!f) return [];
      const [x, y] = path.centroid(f);
      return [{ ...l, x, y, r: markerRadius(l.count, max), labelled: false }];
    });
    // Label the largest markers first and skip a label that would overlap
    // one already placed (the north-east is crowded); every marker keeps its
    // name as a tooltip and as its accessible name.
    const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
    for (const m of [...markers].sort((a, b) => b.count - a.count)) {
      const w = m.label.length * 12;
      const box = { x0: m.x - w / 2, x1: m.x + w / 2, y0: m.y + m.r + 2, y1: m.y + m.r + 26 };
      if (boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
      boxes.push(box);
      m.labelled = true;
    }
    return {
      states: fc.features.map((f) => ({ name: f.properties.name, d: path(f) ?? '' })),
      borders: path(mesh(topo, topo.objects.states, (a, b) => a !== b)) ?? '',
      markers,
    };
  }, [locations]);

  return (
    <svg viewBox="0 0 975 610" className="h-auto w-full" role="group" aria-label="Map of employee locations">
      <g aria-hidden="true">
        {states.map((s) => (
          <path key={s.name} d={s.d} className="fill-slate-100" />
        ))}
        <path d={borders} className="fill-none stroke-slate-300" strokeWidth={1} />
      </g>
      {markers.map((m) => {
        const on = selected.includes(m.id);
        return (
          <g
            key={m.id}
            role="button"
            tabIndex={0}
            aria-pressed={on}
            aria-label={`${m.label}, ${m.count} employees`}
            data-location={m.id}
            className="cursor-pointer focus:outline-none [&:focus-visible>circle]:stroke-blue-900 [&:focus-visible>circle]:stroke-[4]"
            onClick={() => onToggle(m.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onToggle(m.id);
              }
            }}
          >
            <title>{`${m.label}: ${m.count} employees`}</title>
            <circle cx={m.x} cy={m.y} r={m.r} className={on ? 'fill-blue-700 stroke-blue-900' : 'fill-blue-300/70 stroke-blue-700'} strokeWidth={3} />
            {m.labelled && (
              <text x={m.x} y={m.y + m.r + 22} textAnchor="middle" className="fill-slate-800 text-[22px] font-medium" aria-hidden="true">
                {m.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
