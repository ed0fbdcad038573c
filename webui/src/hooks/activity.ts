import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@/lib/types';

/** useActivity lists the latest changes, newest first (the Dashboard's Recent Activity). */
export function useActivity(limit: number) {
  return useQuery<ActivityEntry[]>({ queryKey: [`/api/activity?limit=${limit}`] });
}
