import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { importWarningCounts, type ImportWarnings } from '@/lib/planning';

/** ImportFigures are what an import will do (from its dry run) or did. */
export interface ImportFigures {
  activities: number;
  communications: number;
  audiences: number;
  themes: number;
  skipped: number;
  warnings: ImportWarnings;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** importSentence is the summary's one line, e.g. "182 activities → 4 audiences, 3 themes, 12 warnings expected". */
export function importSentence(f: ImportFigures, done = false): string {
  const head = `${plural(f.activities, 'activity', 'activities')} → ${plural(f.audiences, 'audience')}, ${plural(f.themes, 'theme')}`;
  return `${head}, ${plural(f.warnings.total, 'warning')} ${done ? 'caused' : 'expected'}`;
}

/**
 * ImportSummary says, before Add, what the import will put on the
 * Schedule (the server's dry run: the communications, audiences and
 * themes, the activities already there, the warnings it would cause, by
 * kind and the first few named); after Add, what it did, in the same
 * words.
 */
export function ImportSummary({ figures, done = false }: { figures: ImportFigures; done?: boolean }) {
  const w = figures.warnings;
  return (
    <section aria-labelledby="import-summary-title" className="grid min-w-0 gap-3" data-testid="import-summary">
      <h3 id="import-summary-title" className="text-sm font-semibold text-slate-900">
        {done ? 'Added to the Schedule' : 'Summary'}
      </h3>
      <p className="break-words text-base font-medium text-slate-900" data-testid="import-sentence">
        {importSentence(figures, done)}
      </p>
      <ul className="grid gap-1 text-sm text-slate-700">
        <li>
          {plural(figures.communications, 'communication')} {done ? 'added' : 'to add'}
          {figures.communications !== figures.activities && ' (a name mapped to several audiences gives one per audience)'}
        </li>
        {figures.skipped > 0 && <li>{plural(figures.skipped, 'activity', 'activities')} already on the Schedule, left as they are</li>}
      </ul>
      {w.total === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
          {done ? 'The import caused no scheduling warnings.' : 'No scheduling warnings expected.'}
        </p>
      ) : (
        <div className="grid min-w-0 gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="import-warnings">
          <p className="flex items-start gap-2 font-medium text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {done ? 'The Schedule now shows' : 'The Schedule would show'} {plural(w.total, 'warning')} for them: {importWarningCounts(w)}
          </p>
          <ul className="grid gap-0.5 pl-6 text-slate-800">
            {w.first.map((m) => (
              <li key={m} className="break-words">
                {m}
              </li>
            ))}
            {w.total > w.first.length && <li className="text-slate-600">and {w.total - w.first.length} more</li>}
          </ul>
          <p className="pl-6 text-xs text-slate-700">Warnings never block the import.</p>
        </div>
      )}
    </section>
  );
}
