import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { importSuccess, MSG_IMPORT_FAILED, previewBody, type CampaignImportBody, type CampaignImportResult, type PreviewCandidate } from '@/lib/planning';
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
 * useImportCampaigns imports the chosen activities of each campaign through
 * POST /api/campaigns/{id}/import (the use case the CLI's "campaign import"
 * calls: audiences and vehicles kept, already-imported activities skipped),
 * then refetches the communications and warnings. The toast says how many
 * were added and how many were already in the schedule.
 */
export function useImportCampaigns(onSuccess?: () => void) {
  return useMutation<{ created: number; skipped: number }, Error, CampaignImportRequest[]>({
    mutationFn: async (requests) => {
      let created = 0;
      let skipped = 0;
      for (const r of requests) {
        const res = await apiRequest<CampaignImportResult>('POST', importUrl(r.campaignId), r.body);
        created += res.created.length;
        skipped += res.skipped;
      }
      return { created, skipped };
    },
    onSuccess: async ({ created, skipped }) => {
      toast(importSuccess(created, skipped));
      onSuccess?.();
      await invalidateAfter('communications');
    },
    onError: async (err) => {
      toast({ ...MSG_IMPORT_FAILED, ...(needsApproval(err) ? { description: MSG_NEEDS_APPROVAL } : {}), variant: 'destructive' });
      // A part may have gone in before another failed.
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
