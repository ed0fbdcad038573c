import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { closeTopDialog } from '@/lib/dialogs';
import { currentToasts, dismissToast, subscribeToasts, TOAST_DURATION, type ToastItem } from '@/lib/toast';

/** Toaster renders the toast store with Radix: 5 s, swipe right past 50 px, F8 focuses the region. */
export function Toaster() {
  const [toasts, setToasts] = useState<ToastItem[]>(currentToasts);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          // A toast is a Radix dismissable layer; shown over a dialog it is the top layer and would take
          // Escape for itself. Escape belongs to the dialog: close that and let the toast time out.
          onEscapeKeyDown={(e) => {
            if (e.target instanceof Element && e.target.closest('[data-toast]')) return;
            if (closeTopDialog()) e.preventDefault();
          }}
          data-toast=""
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg',
            'data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
            {t.link && (
              <a
                href={t.link.href}
                className="text-sm font-medium underline"
                onClick={(e) => {
                  // The toaster sits outside the router: an in-app move is a history entry the router hears.
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  window.history.pushState({}, '', t.link!.href);
                  window.dispatchEvent(new PopStateEvent('popstate'));
                  dismissToast(t.id);
                }}
              >
                {t.link.label}
              </a>
            )}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
