import { Copy, Rss, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { GuardedButton, ViewOnlyNotice } from '@/components/CanEdit';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatShortDate } from '@/lib/dates';
import { feedUrl } from '@/lib/planning';
import { toast } from '@/lib/toast';
import type { CalendarFeed } from '@/lib/types';
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed } from '@/hooks/schedule';
import { useCan, useMayEdit, useSession } from '@/hooks/session';

/** FEED_REVOKE_CONFIRM is the confirm prompt before a feed is revoked. */
export const FEED_REVOKE_CONFIRM = 'Revoke this calendar feed? Calendars subscribed to it will stop receiving updates. This cannot be undone.';

/** NewFeedUrl shows a just-created feed's address, once, with a Copy button. */
function NewFeedUrl({ feed, onDone }: { feed: CalendarFeed; onDone: () => void }) {
  const url = feedUrl(window.location.origin, feed.url ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const [hint, setHint] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setHint('');
      toast({ title: 'Feed URL copied', description: 'Paste it into your calendar app to subscribe.' });
      return;
    } catch {
      // No clipboard access (insecure origin or denied): select the text instead.
    }
    const input = inputRef.current;
    input?.focus();
    input?.select();
    let copied: boolean;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    if (copied) toast({ title: 'Feed URL copied', description: 'Paste it into your calendar app to subscribe.' });
    else setHint('The address is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  }

  return (
    <section aria-labelledby="new-feed-title" className="grid gap-2 rounded-md border border-green-300 bg-green-50 p-3">
      <h3 id="new-feed-title" className="text-sm font-semibold text-slate-900">
        Subscription URL for “{feed.name}”
      </h3>
      <div className="flex gap-2">
        <label htmlFor="new-feed-url" className="sr-only">
          Subscription URL
        </label>
        <Input id="new-feed-url" ref={inputRef} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button variant="outline" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-xs text-slate-700">
        Copy this URL now: it will not be shown again. Anyone with the URL can read the schedule, so share it only with people who should.
      </p>
      {hint && (
        <p className="text-xs font-medium text-slate-900" role="status">
          {hint}
        </p>
      )}
      <div>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

/**
 * FeedsDialog manages the subscribable calendar feeds: it lists them by
 * name, creates one (showing its URL once) and revokes one.
 */
export function FeedsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: feeds, isLoading, isError } = useCalendarFeeds();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [name, setName] = useState('');
  const [includeCampaigns, setIncludeCampaigns] = useState(false);
  const [includeConfidential, setIncludeConfidential] = useState(false);
  // Publishing confidential activities is an approver's or admin's decision.
  const mayPublishSecret = useCan('reviews.decide');
  // A feed is revoked by its owner, or by an admin (feeds.manage).
  const edit = useMayEdit();
  const mayManageOthers = useCan('feeds.manage');
  const me = useSession().data?.id;
  const whyNotRevoke = (f: CalendarFeed) =>
    edit.reason ?? (f.ownerId && f.ownerId !== me && !mayManageOthers ? `Only ${f.ownerName || 'its owner'} or an admin can revoke this feed.` : undefined);
  const confidentialId = useId();
  const [nameError, setNameError] = useState('');
  const [created, setCreated] = useState<CalendarFeed | null>(null);
  const includeId = useId();

  // The URL is shown once: closing the dialog forgets it.
  useEffect(() => {
    if (open) return;
    setCreated(null);
    setName('');
    setIncludeCampaigns(false);
    setIncludeConfidential(false);
    setNameError('');
  }, [open]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!edit.allowed) return;
    if (name.trim() === '') {
      setNameError('Name is required');
      return;
    }
    setNameError('');
    create.mutate(
      { name: name.trim(), includeCampaignActivities: includeCampaigns, includeConfidential: includeCampaigns && includeConfidential },
      {
        onSuccess: (feed) => {
          setCreated(feed);
          setName('');
          setIncludeCampaigns(false);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Calendar Feeds</DialogTitle>
          <DialogDescription>Subscribe to the schedule from Outlook, Google Calendar or any calendar app; it stays up to date.</DialogDescription>
        </DialogHeader>

        {created && <NewFeedUrl feed={created} onDone={() => setCreated(null)} />}

        <section aria-labelledby="feeds-list-title" className="grid gap-2">
          <h3 id="feeds-list-title" className="text-sm font-semibold text-slate-900">
            Your feeds
          </h3>
          {isLoading ? (
            <p role="status" className="text-sm text-slate-600">
              Loading calendar feeds...
            </p>
          ) : isError ? (
            <p role="alert" className="text-sm text-red-700">
              Could not load the calendar feeds.
            </p>
          ) : (feeds ?? []).length === 0 ? (
            <p className="text-sm text-slate-600">No calendar feeds yet.</p>
          ) : (
            <ul className="grid max-h-[40vh] gap-2 overflow-y-auto" aria-label="Calendar feeds">
              {[...(feeds ?? [])]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((f) => (
                  <li key={f.id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm" data-testid="feed-row">
                    <div className="grid gap-0.5">
                      <span className="flex items-center gap-2 font-medium text-slate-900">
                        <Rss className="h-4 w-4 text-orange-600" aria-hidden="true" />
                        {f.name}
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        Created {formatShortDate(f.createdAt)}
                        {f.ownerName && ` by ${f.ownerName}`}
                        {f.includeCampaignActivities && <Badge variant="secondary">Includes campaign activities</Badge>}
                        {f.includeConfidential && <Badge variant="secondary">Includes confidential activities</Badge>}
                      </span>
                    </div>
                    <GuardedButton
                      variant="outline"
                      size="sm"
                      className="text-red-700"
                      aria-label={`Revoke ${f.name}`}
                      why={whyNotRevoke(f)}
                      onClick={() => {
                        if (window.confirm(FEED_REVOKE_CONFIRM)) {
                          if (created?.id === f.id) setCreated(null);
                          revoke.mutate(f.id);
                        }
                      }}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Revoke
                    </GuardedButton>
                  </li>
                ))}
            </ul>
          )}
        </section>

        <form onSubmit={submit} className="grid gap-3 border-t border-slate-200 pt-4" noValidate aria-labelledby="new-feed-form-title">
          <h3 id="new-feed-form-title" className="text-sm font-semibold text-slate-900">
            New feed
          </h3>
          {/* A role that may not change the plan creates no feed: the fields are read-only, Create says why. */}
          <ViewOnlyNotice />
          <fieldset disabled={!edit.allowed} className="group/fields grid min-w-0 gap-3">
            <Field id="feed-name" label="Feed Name" error={nameError}>
              <Input id="feed-name" placeholder="e.g., Comms team Outlook" value={name} onChange={(e) => setName(e.target.value)} {...fieldAria('feed-name', nameError)} />
            </Field>
            <div className="flex items-center gap-2 text-sm">
              <input id={includeId} type="checkbox" className="h-4 w-4 accent-blue-700" checked={includeCampaigns} onChange={(e) => setIncludeCampaigns(e.target.checked)} />
              <label htmlFor={includeId} className="text-slate-800">
                Include campaign activities
              </label>
            </div>
            {mayPublishSecret && includeCampaigns && (
              <div className="flex items-center gap-2 text-sm">
                <input
                  id={confidentialId}
                  type="checkbox"
                  className="h-4 w-4 accent-blue-700"
                  checked={includeConfidential}
                  onChange={(e) => setIncludeConfidential(e.target.checked)}
                />
                <label htmlFor={confidentialId} className="text-slate-800">
                  Include confidential activities (left out by default)
                </label>
              </div>
            )}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <GuardedButton type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Feed'}
            </GuardedButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
