import type { ReactNode } from 'react';
import { useCan } from '@/hooks/session';

/** CanEdit shows its controls only to a role that may change the plan (plan.edit); a viewer sees none. */
export function CanEdit({ children }: { children: ReactNode }) {
  return useCan('plan.edit') ? <>{children}</> : null;
}
