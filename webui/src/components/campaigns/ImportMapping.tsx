import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { AudienceMap } from '@/lib/planning';
import type { Audience, Theme } from '@/lib/types';

/** MappedLabel is one audience label of the chosen activities: its campaign, how many activities carry it. */
export interface MappedLabel {
  campaignId: string;
  label: string;
  count: number;
}

/** PhaseCount is one phase of the chosen activities and how many it holds. */
export interface PhaseCount {
  campaignId: string;
  phase: string;
  count: number;
}

/** SAME_AS_ALL is the per-phase choice "the theme chosen for all" (a Radix select item cannot be ""). */
export const SAME_AS_ALL = '__all__';

/**
 * ImportMapping is the import's second step, before anything is added:
 * each audience label of the chosen activities mapped to one or more
 * stored audiences (or everyone; a label named after a stored audience
 * starts on it), and the theme, for all or per phase. It is a step of its
 * own, so the activity list keeps its room.
 */
export default function ImportMapping({
  labels,
  phases,
  audiences,
  themes,
  map,
  onMap,
  theme,
  onTheme,
  phaseThemes,
  onPhaseTheme,
  showCampaign,
}: {
  labels: MappedLabel[];
  phases: PhaseCount[];
  audiences: Pick<Audience, 'id' | 'name'>[];
  themes: Pick<Theme, 'id' | 'name'>[];
  map: Record<string, AudienceMap>;
  onMap: (campaignId: string, label: string, ids: string[]) => void;
  theme: string;
  onTheme: (id: string) => void;
  phaseThemes: Record<string, Record<string, string>>;
  onPhaseTheme: (campaignId: string, phase: string, id: string) => void;
  /** showCampaign names each row's campaign (several campaigns are imported at once). */
  showCampaign: (campaignId: string) => string | undefined;
}) {
  const themeOptions = themes.map((t) => ({ value: t.id, label: t.name }));
  return (
    <div className="grid min-w-0 gap-5">
      <section aria-labelledby="import-mapping-title" className="grid min-w-0 gap-3">
        <div>
          <h3 id="import-mapping-title" className="text-sm font-semibold text-slate-900">
            Map audiences
          </h3>
          <p className="text-sm text-slate-700">Choose who each name in the campaign is. A name may stand for several audiences: each gets its own communication.</p>
        </div>
        <ul className="grid min-w-0 gap-2" aria-label="Audience names">
          {labels.map(({ campaignId, label, count }) => {
            const chosen = map[campaignId]?.[label] ?? [];
            const everyone = chosen.includes('');
            const toggle = (id: string) => {
              if (id === '') return onMap(campaignId, label, everyone ? [] : ['']);
              const rest = chosen.filter((x) => x !== '');
              onMap(campaignId, label, rest.includes(id) ? rest.filter((x) => x !== id) : [...rest, id]);
            };
            const groupId = `import-map-${campaignId}-${label}`.replace(/[^A-Za-z0-9_-]/g, '-');
            return (
              <li key={`${campaignId}:${label}`} className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]" data-testid="import-label">
                <div className="min-w-0">
                  <p id={groupId} className="break-words text-sm font-medium text-slate-900">
                    {label}
                  </p>
                  <p className="text-xs text-slate-600">
                    {count} {count === 1 ? 'activity' : 'activities'}
                    {showCampaign(campaignId) ? ` · ${showCampaign(campaignId)}` : ''}
                  </p>
                  {chosen.length === 0 && <p className="text-xs font-medium text-red-800">Choose at least one</p>}
                </div>
                <div role="group" aria-labelledby={groupId} className="flex min-w-0 flex-wrap gap-1.5">
                  {[{ id: '', name: 'Everyone (all audiences)' }, ...audiences].map((a) => {
                    const on = a.id === '' ? everyone : chosen.includes(a.id);
                    return (
                      <label
                        key={a.id || 'everyone'}
                        className="inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-2.5 py-1 text-xs text-slate-800 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
                      >
                        <input type="checkbox" className="h-3.5 w-3.5 accent-blue-700" checked={on} onChange={() => toggle(a.id)} />
                        <span className="min-w-0 break-words">{a.name}</span>
                      </label>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="import-themes-title" className="grid min-w-0 gap-3">
        <div>
          <h3 id="import-themes-title" className="text-sm font-semibold text-slate-900">
            Themes
          </h3>
          <p className="text-sm text-slate-700">Choose the theme the activities are filed under, and, where a phase differs, that phase's own.</p>
        </div>
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="import-theme">Theme for all activities</Label>
          <Select id="import-theme" value={theme} onValueChange={onTheme} options={themeOptions} placeholder="Choose a theme" aria-invalid={!theme} />
        </div>
        {phases.length > 1 && (
          <ul className="grid min-w-0 gap-2 sm:grid-cols-2" aria-label="Theme per phase">
            {phases.map(({ campaignId, phase, count }) => (
              <li key={`${campaignId}:${phase}`} className="grid min-w-0 gap-1">
                <span className="text-xs text-slate-700">
                  {phase || 'No phase'} ({count}){showCampaign(campaignId) ? ` · ${showCampaign(campaignId)}` : ''}
                </span>
                <Select
                  aria-label={`Theme for ${phase || 'No phase'}`}
                  value={phaseThemes[campaignId]?.[phase] ?? SAME_AS_ALL}
                  onValueChange={(v) => onPhaseTheme(campaignId, phase, v)}
                  options={[{ value: SAME_AS_ALL, label: 'Same as all' }, ...themeOptions]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
