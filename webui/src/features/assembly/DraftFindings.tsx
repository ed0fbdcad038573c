import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDraftCheck } from '@/hooks/assembly';

/**
 * DraftFindings lists what the draft checker finds in the piece as the
 * planner edits it (the server's compose.Check, so browser, CLI and tests
 * read one rule set; docs/decisions.md, "Draft checker in the wizard").
 */
export function DraftFindings({
  communicationId,
  content,
  format,
  placeholders,
}: {
  communicationId: string | null;
  content: string;
  format: string | undefined;
  placeholders: boolean;
}) {
  const { data, isError, isFetching } = useDraftCheck(communicationId, content, format, placeholders);
  const findings = data?.findings ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle id="draft-check-heading">Draft check</CardTitle>
      </CardHeader>
      <CardContent>
        <section aria-labelledby="draft-check-heading" aria-busy={isFetching} data-testid="draft-findings">
          {isError && <p className="text-sm text-red-800">The draft could not be checked.</p>}
          {data && findings.length === 0 && (
            <p className="flex items-center gap-2 text-sm text-green-800" role="status">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              No findings: the draft can be sent as it is.
            </p>
          )}
          {findings.length > 0 && (
            <>
              <p className="text-sm text-slate-700" role="status">
                {data?.errors ? `${data.errors} to fix` : 'Nothing to fix'}
                {findings.length - (data?.errors ?? 0) > 0 && `, ${findings.length - (data?.errors ?? 0)} to look at`}
              </p>
              <ul className="mt-2 grid gap-2">
                {findings.map((f, i) => (
                  <li key={i} className="flex gap-2 text-sm" data-rule={f.rule} data-severity={f.severity}>
                    {f.severity === 'error' ? (
                      <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-label="Error" />
                    ) : (
                      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-label="Warning" />
                    )}
                    <span className="break-words text-slate-900">{f.message}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
