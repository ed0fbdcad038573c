// Open dialogs, newest last, so that code outside a dialog can close it, and
// the element a dialog returns focus to.

const open: (() => void)[] = [];

/** registerDialog records an open dialog's close function; call the result when it closes. */
export function registerDialog(close: () => void): () => void {
  open.push(close);
  return () => {
    const i = open.lastIndexOf(close);
    if (i >= 0) open.splice(i, 1);
  };
}

/** closeTopDialog closes the newest open dialog; false when none is open. */
export function closeTopDialog(): boolean {
  const close = open.at(-1);
  if (!close) return false;
  close();
  return true;
}

/**
 * dialogOpener is the control to give focus back to when a dialog opened
 * from el closes. A menu item is removed when its menu closes, so an item
 * stands for the menu's trigger (Radix labels a menu by its trigger).
 * null for nothing or the page body.
 */
export function dialogOpener(el: Element | null): HTMLElement | null {
  if (!el || el === el.ownerDocument.body || !(el instanceof el.ownerDocument.defaultView!.HTMLElement)) return null;
  const menu = el.closest('[role="menu"]');
  if (!menu) return el;
  const triggerId = menu.getAttribute('aria-labelledby');
  const trigger = triggerId ? el.ownerDocument.getElementById(triggerId) : null;
  return trigger instanceof el.ownerDocument.defaultView!.HTMLElement ? trigger : null;
}
