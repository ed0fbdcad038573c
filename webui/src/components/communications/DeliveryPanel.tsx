import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { deliveryDone, useDeliveries, useSendAction, useSendTest, type DeliveryCounts } from '@/hooks/delivery';
import { useCan } from '@/hooks/session';
import { useReference } from '@/hooks/reference';
import { useVehicles } from '@/hooks/vehicles';
import type { Communication } from '@/lib/types';

/** SENDING_TYPES are the vehicle types commsplan sends (docs/delivery.md); every other one is planned only. */
export const SENDING_TYPES = ['email', 'newsletter', 'yammer_teams', 'slack'];

/** deliveredText is the Schedule's "412 of 415 delivered". */
export function deliveredText(c: DeliveryCounts): string {
  return `${c.sent} of ${c.total} delivered`;
}

/** progress is the share of recipients no longer waiting, 0 to 100. */
export function progress(c: DeliveryCounts): number {
  return c.total === 0 ? 0 : Math.round(((c.total - c.queued - c.sending) / c.total) * 100);
}

const STATES: (keyof Omit<DeliveryCounts, 'total'>)[] = ['queued', 'sending', 'sent', 'failed', 'skipped'];
const ROW = 32;

/**
 * DeliveryPanel is a stored communication's send (docs/delivery.md): Send
 * and a test copy, a progress bar while it goes out, the counts by state,
 * the recipients in a table that draws only the rows in view, Retry failed
 * and Pause / Resume. It sits inside the Communication form, so its buttons
 * never submit it.
 */
export function DeliveryPanel({ communication }: { communication: Communication }) {
  const uid = useId();
  const headingId = `${uid}-heading`;
  const maySend = useCan('delivery.send');
  const { data: vehicles } = useVehicles();
  const types = useReference().data?.vehicleTypes;
  const vehicle = vehicles?.find((v) => v.id === communication.vehicleId);
  const sends = !!vehicle && SENDING_TYPES.includes(vehicle.type);
  const record = useDeliveries(communication.id);
  const send = useSendAction('send');
  const pause = useSendAction('pause');
  const resume = useSendAction('resume');
  const retry = useSendAction('retry-failed');
  const test = useSendTest();
  const [testTo, setTestTo] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const rows = record.data?.rows ?? [];
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 8 });
  const counts = record.data?.summary;
  const run = record.data?.run;
  const typeLabel = types?.find((t) => t.type === vehicle?.type)?.label ?? vehicle?.type;
  const why = maySend ? '' : 'Sending needs the delivery.send permission (approvers and admins).';

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="delivery-panel">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Delivery
      </h3>
      {!vehicle ? (
        <p className="text-sm text-slate-600">Choose a delivery vehicle to send it.</p>
      ) : !sends ? (
        <p className="text-sm text-slate-600">{typeLabel} is planned only: commsplan does not send it. Deliver it by hand.</p>
      ) : (
        <>
          {why && <p className="text-sm text-slate-600">{why}</p>}
          <div className="flex flex-wrap items-end gap-2">
            <Button type="button" size="sm" disabled={!maySend || send.isPending} onClick={() => send.mutate(communication.id)}>
              {counts && counts.total > 0 ? 'Send to new members' : 'Send now'}
            </Button>
            <div className="grid gap-1">
              <label htmlFor={`${uid}-test`} className="text-xs text-slate-600">
                Test copy to
              </label>
              <Input id={`${uid}-test`} type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} placeholder="you@example.com" className="h-8 w-56" />
            </div>
            <Button type="button" size="sm" variant="outline" disabled={!maySend || test.isPending} onClick={() => test.mutate({ id: communication.id, email: testTo })}>
              Send test
            </Button>
          </div>
          {counts && counts.total > 0 && (
            <>
              <div className="grid gap-1">
                <div
                  role="progressbar"
                  aria-label="Delivery progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress(counts)}
                  className="h-2 w-full overflow-hidden rounded bg-slate-100"
                >
                  <div className="h-full bg-emerald-600" style={{ width: `${progress(counts)}%` }} />
                </div>
                <p className="text-sm text-slate-700" data-testid="delivery-summary">
                  {deliveredText(counts)} ({progress(counts)}%)
                  {run?.paused ? ` · Paused: ${run.pauseReason}` : deliveryDone(counts) ? '' : ' · Sending…'}
                </p>
              </div>
              <dl className="flex flex-wrap gap-3 text-xs text-slate-700">
                {STATES.map((s) => (
                  <div key={s} className="flex gap-1">
                    <dt className="capitalize">{s}</dt>
                    <dd data-testid={`delivery-count-${s}`}>{counts[s]}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex flex-wrap gap-2">
                {counts.failed > 0 && (
                  <Button type="button" size="sm" variant="outline" disabled={!maySend || retry.isPending} onClick={() => retry.mutate(communication.id)}>
                    Retry failed
                  </Button>
                )}
                {run?.paused ? (
                  <Button type="button" size="sm" variant="outline" disabled={!maySend || resume.isPending} onClick={() => resume.mutate(communication.id)}>
                    Resume
                  </Button>
                ) : (
                  !deliveryDone(counts) && (
                    <Button type="button" size="sm" variant="outline" disabled={!maySend || pause.isPending} onClick={() => pause.mutate(communication.id)}>
                      Pause
                    </Button>
                  )
                )}
              </div>
              <div role="table" aria-label="Recipients" aria-rowcount={rows.length} className="text-xs">
                <div role="row" className="grid grid-cols-[2fr_1fr_1fr_3fr] gap-2 border-b border-slate-200 font-medium">
                  <span role="columnheader">Recipient</span>
                  <span role="columnheader">State</span>
                  <span role="columnheader">Attempts</span>
                  <span role="columnheader">Last error</span>
                </div>
                <div ref={scroller} className="max-h-64 overflow-auto">
                  <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
                    {virtual.getVirtualItems().map((item) => {
                      const d = rows[item.index];
                      return (
                        <div
                          key={d.id}
                          role="row"
                          aria-rowindex={item.index + 1}
                          className="absolute left-0 grid w-full grid-cols-[2fr_1fr_1fr_3fr] gap-2"
                          style={{ height: ROW, transform: `translateY(${item.start}px)` }}
                        >
                          <span role="cell" className="truncate" title={d.name}>
                            {d.recipient}
                          </span>
                          <span role="cell">{d.state}</span>
                          <span role="cell">{d.attempts}</span>
                          <span role="cell" className="truncate" title={d.lastError}>
                            {d.lastError}
                          </span>
                        </div>
                      );
                    })}
                  </div>
                </div>
                {record.data && record.data.total > rows.length && (
                  <p className="text-slate-500">
                    The first {rows.length} of {record.data.total} recipients; commsplan deliveries lists them all.
                  </p>
                )}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
