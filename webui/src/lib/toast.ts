// A small toast store in the style of the spec's original: one toast at a
// time, a dismissed toast kept for 1,000,000 ms before removal (Radix plays
// its exit animation meanwhile).

/** TOAST_LIMIT is how many toasts show at once. */
export const TOAST_LIMIT = 1;
/** TOAST_REMOVE_DELAY is how long a dismissed toast stays in the store, in ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** TOAST_DURATION is how long a toast shows, in ms. */
export const TOAST_DURATION = 5000;

/** ToastItem is one toast. */
export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  /** link opens what the toast is about (an app path). */
  link?: { href: string; label: string };
  variant: 'default' | 'destructive';
  open: boolean;
}

/** ToastAction changes the toast list. */
export type ToastAction = { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

/** toastReducer applies one action; adding keeps only the newest TOAST_LIMIT toasts. */
export function toastReducer(state: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let state: ToastItem[] = [];
let counter = 0;
const listeners = new Set<(s: ToastItem[]) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  listeners.forEach((l) => l(state));
}

/** subscribeToasts calls listener with every new toast list; it returns the unsubscribe function. */
export function subscribeToasts(listener: (s: ToastItem[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** currentToasts is the toast list now. */
export function currentToasts(): ToastItem[] {
  return state;
}

/** dismissToast closes a toast and schedules its removal. */
export function dismissToast(id: string): void {
  if (!removeTimers.has(id)) {
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY),
    );
  }
  dispatch({ type: 'dismiss', id });
}

/** toast shows a message; variant destructive is for failures. */
export function toast(input: { title: string; description?: string; link?: ToastItem['link']; variant?: ToastItem['variant'] }): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { id, title: input.title, description: input.description, link: input.link, variant: input.variant ?? 'default', open: true } });
  return id;
}

/** toastError shows a destructive toast with the spec's fixed text. */
export function toastError(title: string): string {
  return toast({ title, variant: 'destructive' });
}
