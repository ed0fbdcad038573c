import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { routes } from '@/lib/routes';

/** PlaceholderPage stands in for the screens of spec 02 until they are built. */
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const route = routes.find((r) => r.path === pathname);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <Construction className="h-10 w-10 text-slate-500" aria-hidden="true" />
        <h2 className="text-lg font-semibold text-slate-900">{route?.label ?? 'This screen'} is coming soon</h2>
        <p className="max-w-md text-sm text-slate-600">This part of the planner is still being built. The rest of the app is ready to use.</p>
      </CardContent>
    </Card>
  );
}
