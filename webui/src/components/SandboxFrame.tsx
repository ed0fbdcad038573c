import { cn } from '@/lib/cn';

/**
 * SandboxFrame shows an HTML document the app built (generated content,
 * newsletter previews) in an iframe sandboxed without allow-scripts or
 * allow-same-origin: nothing in it runs or reaches the app.
 */
export function SandboxFrame({ title, html, className }: { title: string; html: string; className?: string }) {
  return <iframe title={title} sandbox="" srcDoc={html} className={cn('w-full rounded-md border border-slate-200 bg-white', className)} />;
}
