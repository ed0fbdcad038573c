import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { discardDraft } from '@/hooks/assembly';
import { toast } from '@/lib/toast';

/** LeaveTarget is where the planner was going: another page of the app, or a new run (Reset). */
export type LeaveTarget = { kind: 'link'; href: string } | { kind: 'reset' };

/** LeaveGuard is the pending question and its answers (useLeaveGuard). */
export interface LeaveGuard {
  pending: LeaveTarget | null;
  /** ask runs proceed at once when there is no draft to ask about, else asks first. */
  ask: (target: LeaveTarget, proceed: () => void) => void;
  keep: () => void;
  discard: () => Promise<void>;
  stay: () => void;
  busy: boolean;
}

/**
 * useLeaveGuard asks, before the planner leaves the wizard by an in-app link
 * or starts a new run, whether to keep or discard the run's draft, while
 * draftId names one that was neither scheduled nor saved to the library.
 * (The app's router cannot hold a move back: the links are intercepted
 * before it sees them. Closing the tab or the browser's Back keeps the
 * draft, which stays in the backlog; docs/decisions.md.)
 */
export function useLeaveGuard(draftId: string | null): LeaveGuard {
  const navigate = useNavigate();
  const [pending, setPending] = useState<LeaveTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const proceedRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!draftId) return;
    function onClick(e: MouseEvent) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement) || a.target === '_blank' || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      const href = url.pathname + url.search + url.hash;
      proceedRef.current = () => navigate(href);
      setPending({ kind: 'link', href });
    }
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [draftId, navigate]);

  const done = () => {
    setPending(null);
    proceedRef.current();
  };
  return {
    pending,
    busy,
    ask: (target, proceed) => {
      if (!draftId) {
        proceed();
        return;
      }
      proceedRef.current = proceed;
      setPending(target);
    },
    keep: done,
    discard: async () => {
      if (!draftId) return done();
      setBusy(true);
      try {
        await discardDraft(draftId);
        done();
      } catch (err) {
        toast({ title: 'Failed to discard the draft', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
      } finally {
        setBusy(false);
      }
    },
    stay: () => setPending(null),
  };
}

/** LeaveDraftDialog asks whether to keep or discard the run's draft. */
export function LeaveDraftDialog({ leave, title }: { leave: LeaveGuard; title: string }) {
  return (
    <Dialog open={leave.pending !== null} onOpenChange={(open) => !open && leave.stay()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keep this draft?</DialogTitle>
          <DialogDescription>
            {title ? `“${title}”` : 'This run’s draft'} is neither scheduled nor saved to the Content Library. Keep it as a draft in the backlog, or discard it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={leave.stay} disabled={leave.busy}>
            Stay
          </Button>
          <Button variant="outline" onClick={() => void leave.discard()} disabled={leave.busy}>
            Discard draft
          </Button>
          <Button onClick={leave.keep} disabled={leave.busy}>
            Keep draft
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
