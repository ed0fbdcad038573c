import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { registerDialog } from '@/lib/dialogs';
import { SidebarContent } from './Sidebar';

/** MENU_DRAWER_ID is the drawer's id, named by the Menu button's aria-controls. */
const MENU_DRAWER_ID = 'menu-drawer';
/** MENU_BUTTON_ID is the Menu button's id: focus returns to it when the drawer closes. */
const MENU_BUTTON_ID = 'menu-button';

/**
 * MenuButton opens the navigation drawer below 768 px (md); from 768 px the
 * sidebar is always shown and the button is hidden.
 */
export function MenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      id={MENU_BUTTON_ID}
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? MENU_DRAWER_ID : undefined}
      onClick={onOpen}
      className="-ml-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 md:hidden"
    >
      <Menu className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/** DrawerPanel registers the drawer so that Escape reaches it while a toast is open. */
function DrawerPanel({ onLogout, onClose }: { onLogout: () => void; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => registerDialog(() => closeRef.current?.click()), []);
  return (
    <>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
      <DialogPrimitive.Content
        id={MENU_DRAWER_ID}
        aria-describedby={undefined}
        onCloseAutoFocus={(e) => {
          // Radix returns focus only to its own trigger; the Menu button lives in the header.
          const button = document.getElementById(MENU_BUTTON_ID);
          if (button && button.offsetParent !== null) {
            e.preventDefault();
            button.focus();
          }
        }}
        className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none md:hidden"
      >
        <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
        <SidebarContent
          onNavigate={onClose}
          onLogout={() => {
            onClose();
            onLogout();
          }}
        />
        <DialogPrimitive.Close
          ref={closeRef}
          aria-label="Close menu"
          className="absolute right-3 top-4 inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </>
  );
}

/**
 * MenuDrawer is the sidebar's navigation as a modal drawer from the left
 * (below 768 px): Radix traps focus in it, Escape and the overlay close it,
 * and focus returns to the Menu button. Following a link closes it.
 */
export function MenuDrawer({ open, onOpenChange, onLogout }: { open: boolean; onOpenChange: (open: boolean) => void; onLogout: () => void }) {
  // Widened past 768 px while open, the sidebar shows: the drawer closes.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const onChange = () => wide.matches && onOpenChange(false);
    onChange();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open, onOpenChange]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DrawerPanel onLogout={onLogout} onClose={() => onOpenChange(false)} />
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
