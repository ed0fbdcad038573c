import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { CreateDialogsProvider } from './CreateDialogs';
import { Footer } from './Footer';
import { Header } from './Header';
import NotFound from './NotFound';
import { Sidebar } from './Sidebar';

// Every screen is its own chunk.
const Dashboard = lazy(() => import('@/features/dashboard/DashboardPage'));
const Themes = lazy(() => import('@/features/themes/ThemesPage'));
const Questions = lazy(() => import('@/features/questions/QuestionsPage'));
const ContentLibrary = lazy(() => import('@/features/content/ContentPage'));
const Audiences = lazy(() => import('@/features/audiences/AudiencesPage'));
const Assembly = lazy(() => import('@/features/assembly/AssemblyPage'));
const Placeholder = lazy(() => import('@/features/placeholder/PlaceholderPage'));

function PageFallback() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** AppShell is the signed-in layout: sidebar, header, routed content and footer. */
export function AppShell({ onLogout }: { onLogout: () => void }) {
  return (
    <CreateDialogsProvider>
      <div className="flex min-h-screen">
        <Sidebar onLogout={onLogout} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header />
          <main className="flex-1 p-6">
            <Suspense fallback={<PageFallback />}>
              <Routes>
                <Route path="/" element={<Dashboard />} />
                <Route path="/themes" element={<Themes />} />
                <Route path="/questions" element={<Questions />} />
                <Route path="/content" element={<ContentLibrary />} />
                <Route path="/audiences" element={<Audiences />} />
                <Route path="/campaign-scheduler" element={<Placeholder />} />
                <Route path="/campaign-inventory" element={<Placeholder />} />
                <Route path="/vehicles" element={<Placeholder />} />
                <Route path="/assembly" element={<Assembly />} />
                <Route path="/schedule" element={<Placeholder />} />
                <Route path="/business-readiness" element={<Placeholder />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
    </CreateDialogsProvider>
  );
}
