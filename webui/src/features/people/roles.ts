import type { Role } from '@/hooks/session';

/** ROLE_OPTIONS are the four roles, least first, for a Select. */
export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'viewer', label: 'Viewer: reads and exports' },
  { value: 'planner', label: 'Planner: changes the plan' },
  { value: 'approver', label: 'Approver: also decides reviews' },
  { value: 'admin', label: 'Admin: also manages people' },
];
