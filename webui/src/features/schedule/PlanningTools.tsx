import { CalendarOff, Rss } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { BlackoutsDialog } from './BlackoutsDialog';
import { FeedsDialog } from './FeedsDialog';

/** PlanningTools are the Schedule screen's "Blackout Periods" and "Calendar Feeds" buttons and their dialogs. */
export function PlanningTools() {
  const [open, setOpen] = useState<'blackouts' | 'feeds' | null>(null);
  const setter = (which: 'blackouts' | 'feeds') => (o: boolean) => setOpen(o ? which : null);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen('blackouts')}>
        <CalendarOff className="h-4 w-4" aria-hidden="true" />
        Blackout Periods
      </Button>
      <Button variant="outline" onClick={() => setOpen('feeds')}>
        <Rss className="h-4 w-4" aria-hidden="true" />
        Calendar Feeds
      </Button>
      <BlackoutsDialog open={open === 'blackouts'} onOpenChange={setter('blackouts')} />
      <FeedsDialog open={open === 'feeds'} onOpenChange={setter('feeds')} />
    </>
  );
}
