import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** NotFound is the content of an unknown route. */
export default function NotFound() {
  return (
    <div className="flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-red-600" aria-hidden="true" />
            <h2 className="text-2xl font-bold text-slate-900">Page Not Found</h2>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  );
}
