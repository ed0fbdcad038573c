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
      return [{ ...l, x, y, r: markerRadius(l.count, max) }];
    });
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
            <circle cx={m.x} cy={m.y} r={m.r} className={on ? 'fill-blue-700 stroke-blue-900' : 'fill-blue-300/70 stroke-blue-700'} strokeWidth={2} />
            <text x={m.x} y={m.y + m.r + 14} textAnchor="middle" className="fill-slate-800 text-[13px] font-medium" aria-hidden="true">
              {m.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
