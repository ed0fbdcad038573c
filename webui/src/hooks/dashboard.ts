import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@/lib/types';
import { browserZone } from './schedule';

/** DASHBOARD_PATH is the summary's path; its key carries ?tz=, so invalidation matches by prefix. */
export const DASHBOARD_PATH = '/api/dashboard';

/** useDashboard reads the Dashboard's summary, computed by the server in the planner's zone (GET /api/dashboard). */
export function useDashboard() {
  return useQuery<DashboardSummary>({ queryKey: [`${DASHBOARD_PATH}?tz=${encodeURIComponent(browserZone())}`] });
}
