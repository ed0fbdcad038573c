import { ArrowLeft, Check } from 'lucide-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeIcon } from '@/components/ThemeIcon';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { VirtualCardGrid } from '@/components/VirtualCardGrid';
import { STEPS, type Step } from '@/lib/assembly';
import { virtualises } from '@/lib/cardRows';
import { cn } from '@/lib/cn';
import { colorClasses, plural } from '@/lib/themeOptions';
import { settingsSummary } from '@/lib/vehicles';
import type { Question, Theme, Vehicle } from '@/lib/types';

/** StepIndicator shows the four steps and marks the current one. */
export function StepIndicator({ step }: { step: Step }) {
  return (
    <nav aria-label="Assembly steps">
      <ol className="grid gap-2 sm:grid-cols-4">
        {STEPS.map((s) => {
          const done = s.step < step;
          const current = s.step === step;
          return (
            <li
              key={s.step}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md border p-2 text-sm',
                current ? 'border-blue-600 bg-blue-50 text-blue-900' : done ? 'border-green-600 bg-green-50 text-green-900' : 'border-slate-200 bg-white text-slate-700',
              )}
            >
              <span
                className={cn(
                  'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  current ? 'bg-blue-700 text-white' : done ? 'bg-green-700 text-white' : 'bg-slate-200 text-slate-800',
                )}
              >
                {done ? <Check className="h-3.5 w-3.5" aria-label="done" /> : s.step}
              </span>
              <span>{s.label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function StepButtons({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
      <Button variant="outline" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back
      </Button>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** ThemeStep shows the themes as cards; a click chooses one and moves on. */
export function ThemeStep({ themes, loading, selectedId, onChoose }: { themes?: Theme[]; loading: boolean; selectedId: string | null; onChoose: (id: string) => void }) {
  if (loading) {
    return (
      <div className="grid gap-3 md:grid-cols-2" role="status" aria-label="Loading themes">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (!themes || themes.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-slate-700">No themes available. Please create a theme first.</p>
        <Link to="/themes" className="text-sm font-medium text-blue-700 underline">
          Go to Themes
        </Link>
      </div>
    );
  }
  const choice = (t: Theme) => <ThemeChoice theme={t} selected={t.id === selectedId} onChoose={onChoose} />;
  if (virtualises(themes.length)) {
    return (
      <VirtualCardGrid label="Themes" items={themes} itemKey={(t) => t.id} rowHeight={THEME_CHOICE_ROW} maxColumns={2}>
        {choice}
      </VirtualCardGrid>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Themes">
      {themes.map((t) => (
        <li key={t.id}>{choice(t)}</li>
      ))}
    </ul>
  );
}

/** THEME_CHOICE_ROW is the estimated height of a row of theme choices, until the row is measured. */
const THEME_CHOICE_ROW = 118;

/** ThemeChoice is a theme of the first step: a button that chooses it. */
function ThemeChoice({ theme: t, selected, onChoose }: { theme: Theme; selected: boolean; onChoose: (id: string) => void }) {
  const c = colorClasses(t.color);
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onChoose(t.id)}
      className={cn(
        'flex h-full w-full items-start gap-3 rounded-lg border bg-white p-4 text-left transition-colors hover:border-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
        selected ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
      )}
    >
      <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', c.bg, c.text)}>
        <ThemeIcon icon={t.icon} className="h-5 w-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{t.name}</span>
        {t.description && <span className="block text-sm text-slate-600">{t.description}</span>}
        <span className="mt-1 block text-xs text-slate-600">{plural(t.questionCount ?? 0, 'question')}</span>
      </span>
    </button>
  );
}

/** QuestionStep lists the chosen theme's questions as checkboxes. */
export function QuestionStep({
  theme,
  questions,
  loading,
  selected,
  onToggle,
}: {
  theme: Theme | null;
  questions: Question[];
  loading: boolean;
  selected: string[];
  onToggle: (id: string) => void;
}) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading questions">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (questions.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <p className="text-sm text-slate-700">{theme ? `${theme.name} has no questions yet.` : 'Choose a theme first.'}</p>
        <Link to="/questions" className="text-sm font-medium text-blue-700 underline">
          Go to Questions
        </Link>
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm text-slate-700">
        Choose the questions of <span className="font-medium text-slate-900">{theme?.name}</span> that this communication should answer.
      </legend>
      {questions.map((q, i) => {
        const id = `assembly-q-${q.id}`;
        const on = selected.includes(q.id);
        return (
          <label
            key={q.id}
            htmlFor={id}
            className={cn('flex cursor-pointer items-start gap-3 rounded-md border p-3', on ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50')}
          >
            <input id={id} type="checkbox" checked={on} onChange={() => onToggle(q.id)} className="mt-1 h-4 w-4 accent-blue-700" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">
                {i + 1}. {q.question}
              </span>
              {q.description && <span className="block text-sm text-slate-600">{q.description}</span>}
              <span className="block text-xs text-slate-600">{plural(q.contentCount ?? 0, 'content piece')}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** VehicleChoice is the vehicle template choice, one radio card per vehicle. */
export function VehicleChoice({
  vehicles,
  loading,
  selectedId,
  typeLabel,
  onChoose,
}: {
  vehicles?: Vehicle[];
  loading: boolean;
  selectedId: string | null;
  typeLabel: (type: string) => string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Vehicle Template</legend>
      {loading ? (
        <Skeleton className="h-16 w-full" />
      ) : !vehicles || vehicles.length === 0 ? (
        <p className="text-sm text-slate-700">
          No delivery vehicles yet.{' '}
          <Link to="/vehicles" className="font-medium text-blue-700 underline">
            Create one under Delivery Vehicles
          </Link>
          .
        </p>
      ) : (
        <div className="grid gap-2 md:grid-cols-2">
          {vehicles.map((v) => {
            const id = `assembly-vehicle-${v.id}`;
            const on = v.id === selectedId;
            return (
              <label
                key={v.id}
                htmlFor={id}
                className={cn('flex cursor-pointer items-start gap-3 rounded-md border p-3', on ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50')}
              >
                <input id={id} type="radio" name="assembly-vehicle" checked={on} onChange={() => onChoose(v.id)} className="mt-1 h-4 w-4 accent-blue-700" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{v.name}</span>
                  <span className="block text-xs text-slate-600">
                    {typeLabel(v.type)} · {settingsSummary(v.settings)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
