import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** EmptyState is the card a screen shows when it has nothing to list: icon, heading, text and an action. */
export function EmptyState({ icon, title, text, action, headingLevel = 'h3' }: { icon: ReactNode; title: string; text: string; action?: ReactNode; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        {icon}
        <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
        <p className="max-w-sm text-sm text-slate-600">{text}</p>
        {action}
      </CardContent>
    </Card>
  );
}
