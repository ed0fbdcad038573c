import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
import { serverMessage } from '@/lib/review';

/** DeliveryState is one recipient's state in a send. */
export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** Delivery is one recipient of a communication on one channel (GET /api/communications/{id}/deliveries). */
export interface Delivery {
  id: string;
  channel: 'email' | 'teams' | 'slack';
  recipient: string;
  name: string;
  state: DeliveryState;
  attempts: number;
  lastError: string;
  sentAt: string | null;
}

/** DeliveryCounts are a send's deliveries by state. */
export interface DeliveryCounts {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
  total: number;
}

/** DeliveryRun is a send as a whole: paused or not, and why. */
export interface DeliveryRun {
  paused: boolean;
  pauseReason: string;
  consecutiveErrors: number;
  startedAt: string;
}

/** DeliveryRecord is one page of the record with its counts. */
export interface DeliveryRecord {
  rows: Delivery[];
  total: number;
  more: boolean;
  summary: DeliveryCounts;
  run: DeliveryRun | null;
}

/** DELIVERY_PAGE is how many recipients the panel reads; the table draws only those in view. */
export const DELIVERY_PAGE = 1000;

const base = (id: string) => `/api/communications/${encodeURIComponent(id)}`;

/** deliveryDone says no recipient waits. */
export function deliveryDone(c: DeliveryCounts | undefined): boolean {
  return !!c && c.queued === 0 && c.sending === 0;
}

/** useDeliveries reads a communication's delivery record, polling every second while a send is under way. */
export function useDeliveries(id: string | undefined, state: DeliveryState | '' = '') {
  const q = new URLSearchParams({ limit: String(DELIVERY_PAGE) });
  if (state) q.set('state', state);
  return useQuery<DeliveryRecord>({
    queryKey: [`${base(id ?? '')}/deliveries?${q.toString()}`],
    enabled: !!id,
    refetchInterval: (query) => {
      const d = query.state.data as DeliveryRecord | undefined;
      return d && d.summary.total > 0 && !deliveryDone(d.summary) && !d.run?.paused ? 1000 : false;
    },
  });
}

/** SendAction is one of the panel's actions. */
export type SendAction = 'send' | 'pause' | 'resume' | 'retry-failed';

const sendPath: Record<SendAction, string> = { send: 'send', pause: 'send/pause', resume: 'send/resume', 'retry-failed': 'send/retry-failed' };
const sendToast: Record<SendAction, string> = { send: 'Sending', pause: 'Send paused', resume: 'Send resumed', 'retry-failed': 'Retrying the failed deliveries' };

/** useSendAction sends, pauses, resumes or retries a communication's send. */
export function useSendAction(action: SendAction) {
  return useApiMutation<unknown, string>({
    request: (id) => ({ method: 'POST', url: `${base(id)}/${sendPath[action]}` }),
    entity: 'communications',
    success: sendToast[action],
    failure: (err) => ({ title: 'The send did not start', description: serverMessage(err) }),
  });
}

/** useSendTest sends one copy to an address (or the caller's own). */
export function useSendTest() {
  return useApiMutation<{ sentTo: string }, { id: string; email: string }>({
    request: ({ id, email }) => ({ method: 'POST', url: `${base(id)}/send/test`, body: { email } }),
    entity: 'communications',
    success: (r) => `Test copy sent to ${r.sentTo}`,
    failure: (err) => ({ title: 'Failed to send the test copy', description: serverMessage(err) }),
  });
}
