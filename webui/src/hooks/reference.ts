import { useQuery } from '@tanstack/react-query';
import type { Reference } from '@/lib/types';

/** useReference loads the organisation reference data (totals, divisions, generations, vehicle types). */
export function useReference() {
  return useQuery<Reference>({ queryKey: ['/api/reference'] });
}
