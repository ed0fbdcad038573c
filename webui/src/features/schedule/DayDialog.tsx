import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { parseDate } from '@/lib/dates';
import type { Communication } from '@/lib/types';
import { AgendaItem } from './ScheduleAgenda';
import type { CampaignMark } from './ScheduleCalendar';

/**
 * DayDialog is one day of the month opened from its "+N more": every
 * communication of the day, each opening its form.
 */
export function DayDialog({
  day,
  items,
  warned,
  campaigns,
  onOpenChange,
  onEdit,
}: {
  day: string;
  items: Communication[];
  warned: Set<string>;
  campaigns: Map<string, CampaignMark>;
  onOpenChange: (open: boolean) => void;
  onEdit: (c: Communication) => void;
}) {
  const date = parseDate(day);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{date ? format(date, 'EEEE, MMMM d, yyyy') : day}</DialogTitle>
          <DialogDescription>
            {items.length} {items.length === 1 ? 'communication' : 'communications'} on this day
          </DialogDescription>
        </DialogHeader>
        <ul className="grid min-w-0 gap-2" data-testid="day-list">
          {items.map((c) => (
            <AgendaItem
              key={c.id}
              c={c}
              warned={warned.has(c.id)}
              mark={c.sourceCampaignId ? campaigns.get(c.sourceCampaignId) : undefined}
              onEdit={(x) => {
                onOpenChange(false);
                onEdit(x);
              }}
            />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
