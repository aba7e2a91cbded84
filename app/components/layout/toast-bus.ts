// The toasts' message bus: `showToast` from anywhere, the list (toast-list.tsx) listening once it is
// loaded, and the Toaster woken by the first client toast to load it (toaster.tsx).
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** Stays when the next navigation's toasts arrive: news about that very navigation (a photo left out of the save). */
  keep?: boolean;
};

/** The mounted toast list. */
const listeners = new Set<(toast: ToastMessage) => void>();
/** The Toaster, waiting for its first toast to load the list. */
export const wakers = new Set<() => void>();
/** Client toasts shown before the list was loaded; it takes them when it mounts. */
const PENDING_TOASTS: ToastMessage[] = [];
/** Read-only view for the Toaster: whether toasts wait for the list. */
export const PENDING: readonly ToastMessage[] = PENDING_TOASTS;

/** Client-side toasts (instant feedback before a round trip). Server toasts come through the root loader. */
export function showToast(toast: ToastMessage) {
  if (listeners.size === 0) {
    PENDING_TOASTS.push(toast);
    for (const wake of wakers) wake();
  }
  for (const listener of listeners) listener(toast);
}

export function subscribeToasts(listener: (toast: ToastMessage) => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function drainPendingToasts() {
  return PENDING_TOASTS.splice(0);
}
