import { useQuery } from '@tanstack/react-query';
import type { SchedulerReference } from '@/lib/scheduler';
import type { Reference } from '@/lib/types';

/** useReference loads the organisation reference data (totals, divisions, generations, vehicle types). */
export function useReference() {
  return useQuery<Reference>({ queryKey: ['/api/reference'] });
}

/** useSchedulerReference is the Campaign Scheduler's view of the same GET /api/reference (one request, one cache entry). */
export function useSchedulerReference() {
  return useQuery<SchedulerReference & Pick<Reference, 'vehicleTypes'>>({ queryKey: ['/api/reference'] });
}
