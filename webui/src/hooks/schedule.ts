import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import {
  addWarnings,
  importSuccess,
  MSG_IMPORT_FAILED,
  previewBody,
  type CampaignImportBody,
  type CampaignImportResult,
  type ImportWarnings,
  type PreviewCandidate,
  type SavedCampaign,
  campaignActivities,
} from '@/lib/planning';
import { invalidateAfter, WARNINGS_PATH } from '@/lib/queryClient';
import { toast } from '@/lib/toast';
import { MSG_NEEDS_APPROVAL, needsApproval } from '@/lib/review';
import { crudMessages, resource } from '@/lib/resource';
import type { Blackout, BlackoutInput, CalendarFeed, ScheduleWarning } from '@/lib/types';

/** browserZone is the planner's IANA time zone, which decides the day of an instant. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** warningsKey is the query key (the API path) of the schedule warnings in the planner's zone. */
export function warningsKey(tz = browserZone()): string {
  return `${WARNINGS_PATH}?tz=${encodeURIComponent(tz)}`;
}

/**
 * useScheduleWarnings loads the overload and blackout warnings. A server
 * without the warnings route (404) has no warnings to give.
 */
export function useScheduleWarnings() {
  return useQuery<ScheduleWarning[]>({
    queryKey: [warningsKey()],
    queryFn: async ({ queryKey }) => {
      try {
        return (await apiRequest<ScheduleWarning[]>('GET', String(queryKey[0]))) ?? [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });
}

/** CampaignImportRequest is one campaign's part of an import. */
export interface CampaignImportRequest {
  campaignId: string;
  body: CampaignImportBody;
}

function importUrl(campaignId: string): string {
  return `/api/campaigns/${encodeURIComponent(campaignId)}/import`;
}

/**
 * previewCampaignImport asks the server what importing would do, writing
 * nothing: which audience labels match no stored audience (to be asked),
 * and how many activities are already on the Schedule.
 */
export function previewCampaignImport(r: CampaignImportRequest): Promise<CampaignImportResult> {
  return apiRequest<CampaignImportResult>('POST', importUrl(r.campaignId), { ...r.body, dryRun: true });
}

/**
 * useImportedActivities answers which activities of a saved campaign are
 * already on the Schedule: a dry run of importing all of them, everyone
 * for every label, whose skipped ones are the imported ones (the import's
 * one idempotency rule decides). Its key sits under the communications, so
 * every change to them asks again. Undefined while unknown or unanswerable
 * (no theme yet).
 */
export function useImportedActivities(c: SavedCampaign | undefined) {
  return useQuery<Set<string>>({
    queryKey: ['/api/communications/import-probe', c?.id ?? '', c?.updatedAt ?? ''],
    enabled: !!c,
    retry: false,
    queryFn: async () => {
      const all = campaignActivities(c).map((i) => i.activity);
      const audienceMap = Object.fromEntries(all.map((a) => [a.audience ?? '', ['']]).filter(([l]) => String(l).trim() !== ''));
      const res = await apiRequest<CampaignImportResult>('POST', importUrl(c!.id), { audienceMap, dryRun: true, requestReview: {} });
      const fresh = new Set(res.created.map((x) => x.sourceActivityId));
      return new Set(all.filter((a) => a.id && !fresh.has(a.id)).map((a) => a.id));
    },
  });
}

/** ImportOutcome is what an import did, summed over its campaigns, with the campaigns it wrote to (for Undo). */
export interface ImportOutcome {
  created: number;
  skipped: number;
  warnings: ImportWarnings;
  campaignIds: string[];
}

/**
 * useImportCampaigns imports the chosen activities of each campaign through
 * POST /api/campaigns/{id}/import (the use case the CLI's "campaign import"
 * calls: audiences and vehicles kept, already-imported activities skipped),
 * then refetches the communications and warnings. The toast says how many
 * were added and how many were already in the schedule; the answer carries
 * the Schedule warnings the import caused, for the dialog to show.
 */
export function useImportCampaigns(onSuccess?: (o: ImportOutcome) => void) {
  return useMutation<ImportOutcome, Error, CampaignImportRequest[]>({
    mutationFn: async (requests) => {
      const out: ImportOutcome = { created: 0, skipped: 0, warnings: addWarnings([]), campaignIds: [] };
      const warnings = [];
      for (const r of requests) {
        const res = await apiRequest<CampaignImportResult>('POST', importUrl(r.campaignId), r.body);
        out.created += res.created.length;
        out.skipped += res.skipped;
        warnings.push(res.warnings);
        if (res.created.length > 0) out.campaignIds.push(r.campaignId);
      }
      out.warnings = addWarnings(warnings);
      return out;
    },
    onSuccess: async (o) => {
      toast(importSuccess(o.created, o.skipped));
      onSuccess?.(o);
      await invalidateAfter('communications');
    },
    onError: async (err) => {
      toast({ ...MSG_IMPORT_FAILED, ...(needsApproval(err) ? { description: MSG_NEEDS_APPROVAL } : {}), variant: 'destructive' });
      // A part may have gone in before another failed.
      await invalidateAfter('communications');
    },
  });
}

/** MSG_UNDO_FAILED is the toast of an undo that did not go through. */
const MSG_UNDO_FAILED = { title: 'Could not undo the import', description: 'The Schedule is as it was before the undo.' };

/**
 * useUndoImport takes each campaign's import off the Schedule through
 * DELETE /api/campaigns/{id}/import (one audited act per campaign; sent
 * communications stay), then refetches the communications and warnings.
 */
export function useUndoImport(onSuccess?: () => void) {
  return useMutation<{ removed: number; kept: number }, Error, string[]>({
    mutationFn: async (campaignIds) => {
      let removed = 0;
      let kept = 0;
      for (const id of campaignIds) {
        const res = await apiRequest<{ removed: number; kept: number }>('DELETE', importUrl(id));
        removed += res.removed;
        kept += res.kept;
      }
      return { removed, kept };
    },
    onSuccess: async ({ removed, kept }) => {
      toast({ title: 'Import undone', description: `Removed ${removed} communications from the schedule${kept > 0 ? `; ${kept} already sent stay` : ''}` });
      onSuccess?.();
      await invalidateAfter('communications');
    },
    onError: async () => {
      toast({ ...MSG_UNDO_FAILED, variant: 'destructive' });
      await invalidateAfter('communications');
    },
  });
}

/**
 * useWarningsPreview asks which warnings a candidate communication would be
 * part of if saved. Nothing is asked unless it is scheduled with a date and
 * enabled (a role that saves nothing is not warned); the answer is not kept
 * once the form closes, so a reopened form asks again.
 */
export function useWarningsPreview(candidate: PreviewCandidate, enabled = true) {
  const body = previewBody(candidate);
  const tz = browserZone();
  return useQuery<ScheduleWarning[]>({
    queryKey: [`${WARNINGS_PATH}/preview`, tz, body],
    queryFn: () => apiRequest<ScheduleWarning[]>('POST', `${WARNINGS_PATH}/preview?tz=${encodeURIComponent(tz)}`, body),
    enabled: enabled && body !== null,
    gcTime: 0,
  });
}

/** blackouts: periods in which communications should not go out. */
const blackouts = resource<Blackout, BlackoutInput>({
  path: '/api/blackouts',
  entity: 'blackouts',
  messages: crudMessages('Blackout period', 'blackout period'),
});

export const useBlackouts = blackouts.useList;
export const useCreateBlackout = blackouts.useCreate;
export const useUpdateBlackout = blackouts.useUpdate;
export const useDeleteBlackout = blackouts.useDelete;

/** FeedInput is the create payload of a calendar feed. */
export interface FeedInput {
  name: string;
  includeCampaignActivities: boolean;
  /** includeConfidential keeps campaign activities with a confidentiality label (approvers and admins only). */
  includeConfidential?: boolean;
}

/** feeds: subscribable ICS feeds; deleting one revokes its URL. */
const feeds = resource<CalendarFeed, FeedInput>({
  path: '/api/calendar-feeds',
  entity: 'calendar-feeds',
  messages: {
    ...crudMessages('Calendar feed', 'calendar feed'),
    deleted: 'Calendar feed revoked',
    deleteFailed: 'Failed to revoke calendar feed',
  },
});

export const useCalendarFeeds = feeds.useList;
export const useCreateCalendarFeed = feeds.useCreate;
export const useRevokeCalendarFeed = feeds.useDelete;
