import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useReference } from '@/hooks/reference';
import { addSubSection, editSection, editSubSection, removeSubSection, setSectionEnabled } from '@/lib/newsletter';
import type { NewsletterSection, NewsletterTemplate } from '@/lib/types';

/** Edit changes the numbered section of a template. */
export type Edit = (t: NewsletterTemplate, number: number) => NewsletterTemplate;

/** SectionEditor is one section: a header that expands it, its switch, and when expanded its fields and sub-sections. */
export function SectionEditor({
  section: s,
  expanded,
  onToggle,
  onChange,
}: {
  section: NewsletterSection;
  expanded: boolean;
  onToggle: () => void;
  onChange: (f: Edit) => void;
}) {
  const id = `nl-section-${s.number}`;
  const name = `${s.number}. ${s.title}`;
  // The server's limit; adding waits for the reference data.
  const maxSubSections = useReference().data?.limits?.newsletterSubSections ?? 0;
  return (
    <li className="rounded-md border border-slate-200" data-section={s.number}>
      <div className="flex items-center gap-3 p-3">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {expanded ? <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" /> : <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />}
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900" title={name}>
              {name}
            </span>
            <span className="block truncate text-xs text-slate-600" title={s.purpose}>
              {s.purpose}
            </span>
          </span>
        </button>
        <Badge variant={s.required ? 'default' : 'secondary'}>{s.required ? 'Required' : 'Optional'}</Badge>
        <Switch
          checked={s.required || s.enabled}
          disabled={s.required}
          onCheckedChange={(on) => onChange((t, n) => setSectionEnabled(t, n, on))}
          aria-label={s.required ? `${name} (required, always included)` : `Include ${name}`}
        />
      </div>
      {expanded && (
        <div id={`${id}-body`} className="grid gap-3 border-t border-slate-200 p-3">
          <Field id={`${id}-title`} label="Section Title" error={s.title.trim() === '' ? 'Section title is required' : undefined}>
            <Input
              id={`${id}-title`}
              value={s.title}
              onChange={(e) => onChange((t, n) => editSection(t, n, { title: e.target.value }))}
              {...fieldAria(`${id}-title`, s.title.trim() === '' ? 'Section title is required' : undefined)}
            />
          </Field>
          <Field id={`${id}-content`} label="Content">
            <Textarea
              id={`${id}-content`}
              rows={6}
              value={s.content}
              placeholder={s.defaultText}
              onChange={(e) => onChange((t, n) => editSection(t, n, { content: e.target.value }))}
            />
          </Field>
          <div className="grid gap-3 md:grid-cols-2">
            <Field id={`${id}-guidelines`} label="Content Guidelines">
              <Textarea id={`${id}-guidelines`} rows={3} value={s.guidelines} onChange={(e) => onChange((t, n) => editSection(t, n, { guidelines: e.target.value }))} />
            </Field>
            <Field id={`${id}-default`} label="Default Template Text">
              <Textarea id={`${id}-default`} rows={3} value={s.defaultText} onChange={(e) => onChange((t, n) => editSection(t, n, { defaultText: e.target.value }))} />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">Sub-sections</legend>
            {(s.subSections ?? []).length === 0 && <p className="text-sm text-slate-600">No sub-sections.</p>}
            {(s.subSections ?? []).map((x, i) => (
              <div key={x.id} className="grid gap-2 rounded-md bg-slate-50 p-3">
                <div className="flex items-end gap-2">
                  <div className="flex-1">
                    <Field id={`${id}-sub-${x.id}-title`} label={`Sub-section ${i + 1} Title`}>
                      <Input
                        id={`${id}-sub-${x.id}-title`}
                        value={x.title}
                        onChange={(e) => onChange((t, n) => editSubSection(t, n, x.id, { title: e.target.value }))}
                      />
                    </Field>
                  </div>
                  <Button variant="ghost" size="icon" aria-label={`Remove sub-section ${i + 1}`} onClick={() => onChange((t, n) => removeSubSection(t, n, x.id))}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
                <Field id={`${id}-sub-${x.id}-content`} label={`Sub-section ${i + 1} Content`}>
                  <Textarea
                    id={`${id}-sub-${x.id}-content`}
                    rows={3}
                    value={x.content}
                    onChange={(e) => onChange((t, n) => editSubSection(t, n, x.id, { content: e.target.value }))}
                  />
                </Field>
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={(s.subSections ?? []).length >= maxSubSections}
              onClick={() => onChange((t, n) => addSubSection(t, n, maxSubSections))}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Sub-section
            </Button>
          </fieldset>
        </div>
      )}
    </li>
  );
}
