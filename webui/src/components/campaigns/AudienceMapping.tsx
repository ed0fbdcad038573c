import { Select } from '@/components/ui/select';
import { EVERYONE_CHOICE } from '@/lib/planning';
import type { Audience } from '@/lib/types';

/** AskedLabels are, per campaign, the audience labels no stored audience is named after. */
export type AskedLabels = { campaignId: string; title: string; labels: string[] }[];

/** Choices are, per campaign and label, the chosen audience id or EVERYONE_CHOICE. */
export type Choices = Record<string, Record<string, string>>;

/**
 * AudienceMapping asks once per distinct audience label that matches no
 * stored audience which audience it is (issue 29), with "Everyone" as an
 * explicit choice; the dialog remembers the answers for the campaign.
 */
export default function AudienceMapping({
  asked,
  audiences,
  choices,
  onChoose,
}: {
  asked: AskedLabels;
  audiences: Pick<Audience, 'id' | 'name'>[];
  choices: Choices;
  onChoose: (campaignId: string, label: string, value: string) => void;
}) {
  const options = [{ value: EVERYONE_CHOICE, label: 'Everyone (all audiences)' }, ...audiences.map((a) => ({ value: a.id, label: a.name }))];
  return (
    <section aria-labelledby="import-mapping-title" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4">
      <div>
        <h3 id="import-mapping-title" className="text-sm font-semibold text-slate-900">
          Map audiences
        </h3>
        <p className="text-sm text-slate-700">
          No stored audience has these names. Choose who each one is; its activities are added to the schedule for that audience.
        </p>
      </div>
      {asked.map((c) => (
        <div key={c.campaignId} className="grid gap-2">
          {asked.length > 1 && <p className="text-xs font-medium text-slate-700">{c.title}</p>}
          {c.labels.map((label) => (
            <div key={label} className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              <span className="text-sm text-slate-900">{label}</span>
              <Select
                aria-label={`Audience for ${label}`}
                value={choices[c.campaignId]?.[label] ?? ''}
                onValueChange={(v) => onChoose(c.campaignId, label, v)}
                options={options}
                placeholder="Choose an audience"
              />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
