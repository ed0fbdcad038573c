import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { campaignMilestones, type Milestone } from '@/lib/calendar';
import { ApiError, apiRequest } from '@/lib/api';
import type { CampaignCheck, CampaignConfig, CampaignInput, CampaignSchedule, CampaignSummary, GeneratedCampaign, SavedCampaign } from '@/lib/campaigns';
import { useApiMutation } from '@/lib/mutation';
import { resource } from '@/lib/resource';
import { toast } from '@/lib/toast';

/** CAMPAIGNS_PATH lists the saved campaigns (the inventory and the Schedule's import). */
export const CAMPAIGNS_PATH = '/api/campaigns';

// The spec's inventory toasts (spec 02 §8); a campaign is only created by the scheduler's save form.
const campaigns = resource<SavedCampaign, CampaignInput>({
  path: CAMPAIGNS_PATH,
  entity: 'campaigns',
  messages: {
    created: 'Campaign saved',
    updated: 'Campaign updated',
    deleted: 'Campaign deleted',
    createFailed: 'Failed to save campaign',
    updateFailed: 'Failed to update campaign',
    deleteFailed: 'Failed to delete campaign',
  },
});

/**
 * fetchCampaign reads one saved campaign with its htmlContent, which the
 * list leaves out (docs/openapi.yaml) so that it stays small.
 */
export function fetchCampaign(id: string): Promise<SavedCampaign> {
  return apiRequest<SavedCampaign>('GET', `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`);
}

/** CAMPAIGN_SUMMARIES_PATH lists the saved campaigns' summaries, without schedule and HTML. */
export const CAMPAIGN_SUMMARIES_PATH = `${CAMPAIGNS_PATH}?fields=summary`;

/**
 * useCampaignSummaries lists the saved campaigns as summaries: a few hundred
 * bytes each where a whole record carries its schedule (about 120 KB for
 * 130 activities). useSavedCampaign reads the one a screen opens.
 */
export function useCampaignSummaries(enabled = true) {
  return useQuery<CampaignSummary[]>({ queryKey: [CAMPAIGN_SUMMARIES_PATH], enabled });
}

/** CAMPAIGN_PAGE is how many saved campaigns the inventory shows before "Show more". */
export const CAMPAIGN_PAGE = 20;

/**
 * useCampaignSummaryPage fetches the first limit saved campaigns' summaries,
 * newest first as the list has them: a page the server cuts from its cached
 * summaries. A card shows only a summary's figures; an action
 * that needs the schedule or the HTML reads that one campaign (fetchCampaign).
 */
export function useCampaignSummaryPage(limit: number) {
  return useQuery<CampaignSummary[]>({ queryKey: [campaignSummaryPagePath(limit)], placeholderData: keepPreviousData });
}

/** campaignSummaryPagePath is the address of the first limit campaign summaries. */
export function campaignSummaryPagePath(limit: number): string {
  return `${CAMPAIGN_SUMMARIES_PATH}&limit=${limit}`;
}

/** useSavedCampaign reads one saved campaign with its htmlContent (a link to one not on screen); off while id is empty. */
export function useSavedCampaign(id: string) {
  return useQuery<SavedCampaign>({ queryKey: [`${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`], enabled: id !== '' });
}

/**
 * useCampaignMilestones reads the saved campaigns of ids (those a month on
 * screen imported from; the records useSavedCampaign shares) and answers
 * their milestones by day, for the calendar to mark.
 */
export function useCampaignMilestones(ids: string[]): Map<string, Milestone[]> {
  const results = useQueries({
    queries: ids.map((id) => ({ queryKey: [`${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`], retry: false })),
  });
  const records = results.map((r) => r.data as SavedCampaign | undefined);
  const key = records.map((r) => r?.id ?? '').join(',');
  return useMemo(() => {
    const out = new Map<string, Milestone[]>();
    for (const r of records) {
      if (!r) continue;
      for (const m of campaignMilestones(r)) out.set(m.day, [...(out.get(m.day) ?? []), m]);
    }
    return out;
    // The records change only when the set of those read does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** useDeleteCampaign deletes a saved campaign ("Campaign deleted"). */
export const useDeleteCampaign = campaigns.useDelete;

/**
 * useUpdateCampaignSchedule stores an edited schedule at once (spec 02 §4).
 * Only the schedule is sent: PATCH re-renders the stored HTML on the server
 * when a schedule comes without htmlContent, so the browser never renders.
 */
export function useUpdateCampaignSchedule() {
  return useApiMutation<SavedCampaign, { id: string; schedule: CampaignSchedule }>({
    request: ({ id, schedule }) => ({ method: 'PATCH', url: `${CAMPAIGNS_PATH}/${id}`, body: { schedule } }),
    entity: 'campaigns',
    success: 'Campaign updated',
    failure: 'Failed to update campaign',
  });
}

/** CampaignExportFormat is a format of GET /api/campaigns/{id}/export. */
export type CampaignExportFormat = 'html' | 'json' | 'csv' | 'ics';

/** exportUrl is the download address of a saved campaign in a format. */
export function exportUrl(id: string, format: CampaignExportFormat): string {
  return `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}/export?format=${format}`;
}

/**
 * useGenerateCampaign asks the server for a phased schedule
 * ("Campaign Schedule Generated" with its activity count); a refused config
 * (400) shows the server's reason under "Generation Failed".
 */
export function useGenerateCampaign(onGenerated: (g: GeneratedCampaign, cfg: CampaignConfig) => void) {
  return useMutation<GeneratedCampaign, Error, CampaignConfig>({
    mutationFn: (cfg) => apiRequest<GeneratedCampaign>('POST', `${CAMPAIGNS_PATH}/generate`, cfg),
    onSuccess: (g, cfg) => {
      onGenerated(g, cfg);
      toast({ title: 'Campaign Schedule Generated', description: `${g.schedule.totalActivities} activities scheduled` });
    },
    onError: (err) => {
      const msg = err instanceof ApiError && err.status === 400 && err.body?.error ? err.body.error : 'Failed to generate campaign schedule';
      toast({ title: 'Generation Failed', description: msg, variant: 'destructive' });
    },
  });
}

/** renderCampaign asks the server's renderer for an edited schedule's HTML. */
export async function renderCampaign(schedule: CampaignSchedule): Promise<string> {
  const r = await apiRequest<{ htmlContent: string }>('POST', `${CAMPAIGNS_PATH}/render`, { schedule });
  return r.htmlContent;
}

/** useSaveCampaign saves a generated campaign to the inventory (spec 02 §8's toasts). */
export function useSaveCampaign(onSaved: () => void) {
  return useApiMutation<SavedCampaign, CampaignInput>({
    request: (body) => ({ method: 'POST', url: CAMPAIGNS_PATH, body }),
    entity: 'campaigns',
    success: { title: 'Campaign saved', description: 'Campaign schedule has been saved to Campaign Inventory.' },
    failure: 'Failed to save campaign',
    onSuccess: onSaved,
  });
}

/** CAMPAIGN_CHECK_PATH is the plan checker (pkg/campaign/check), which stores nothing. */
export const CAMPAIGN_CHECK_PATH = '/api/campaigns/check';

// Each schedule object an edit produces gets a number: the query key names
// the version checked without hashing its activities on every render.
const scheduleVersions = new WeakMap<CampaignSchedule, number>();
let lastVersion = 0;

function scheduleVersion(s: CampaignSchedule): number {
  let v = scheduleVersions.get(s);
  if (v === undefined) {
    v = ++lastVersion;
    scheduleVersions.set(s, v);
  }
  return v;
}

/**
 * useCampaignCheck reads a schedule with the server's plan checker, again on
 * every edit (an edit makes a new schedule object). The rules have one
 * implementation, in Go (docs/decisions.md, "Plan checker in the UI"); the
 * last answer stays on screen while the next is on its way.
 */
export function useCampaignCheck(schedule: CampaignSchedule | null) {
  return useQuery<CampaignCheck>({
    queryKey: [CAMPAIGN_CHECK_PATH, schedule ? scheduleVersion(schedule) : 0],
    queryFn: () => apiRequest<CampaignCheck>('POST', CAMPAIGN_CHECK_PATH, { schedule }),
    enabled: schedule !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
