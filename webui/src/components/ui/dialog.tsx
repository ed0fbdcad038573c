import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type HTMLAttributes } from 'react';
import { dialogOpener, registerDialog } from '@/lib/dialogs';
import { cn } from '@/lib/cn';

/** Dialog is a Radix dialog root. */
export const Dialog = DialogPrimitive.Root;

/**
 * DialogContent is a centred modal panel with a close button; focus is
 * trapped by Radix. On close, focus returns to the control that opened it
 * (see DialogPanel).
 */
export function DialogContent(props: ComponentPropsWithoutRef<typeof DialogPrimitive.Content>) {
  // The panel mounts with every opening (the portal renders only while open).
  return (
    <DialogPrimitive.Portal>
      <DialogPanel {...props} />
    </DialogPrimitive.Portal>
  );
}

/**
 * DialogPanel remembers the focused control when the dialog opens (Radix
 * only returns focus to a DialogTrigger, and our dialogs are opened by
 * buttons and menu items) and gives focus back to it on close. It also
 * registers the dialog so that Escape reaches it while a toast is open.
 */
function DialogPanel({ className, children, onCloseAutoFocus, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Content>) {
  // Read during the first render: a menu item is still in the document then.
  const [opener] = useState(() => dialogOpener(document.activeElement));
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => registerDialog(() => closeRef.current?.click()), []);
  return (
    <>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented || !opener?.isConnected) return;
          e.preventDefault();
          opener.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeRef}
          className="absolute right-4 top-4 rounded-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          aria-label="Close"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </>
  );
}

/** DialogHeader holds the title and description. */
export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 pr-6', className)} {...props} />;
}

/** DialogFooter holds the actions. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** DialogTitle names the dialog. */
export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

/** DialogDescription describes the dialog. */
export function DialogDescription({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}

/** DialogClose closes the dialog. */
export const DialogClose = DialogPrimitive.Close;
