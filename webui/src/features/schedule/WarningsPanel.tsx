// Stub: the planning work replaces this with the warnings panel.
import type { Communication, ScheduleWarning } from '@/lib/types';

/** WarningsPanel lists the schedule warnings; onOpen opens a communication. */
export function WarningsPanel(props: { warnings: ScheduleWarning[]; communications: Communication[]; onOpen: (id: string) => void }) {
  void props;
  return null;
}
