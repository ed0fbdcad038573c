// Stub: the planning work replaces this with the blackouts and feeds tools.

/** PlanningTools opens the blackout and calendar feed dialogs. */
export function PlanningTools() {
  return null;
}
