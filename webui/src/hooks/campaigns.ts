import { apiRequest } from '@/lib/api';
import { useApiMutation } from '@/lib/mutation';
import { resource } from '@/lib/resource';
import type { CampaignInput, CampaignSchedule, SavedCampaign } from '@/lib/campaigns';

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

/** useCampaignList lists the saved campaigns (without their htmlContent). */
export const useCampaignList = campaigns.useList;

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
