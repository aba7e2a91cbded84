import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";
import { drainPendingToasts, subscribeToasts, type ToastMessage } from "./toast-bus";

const VARIANT_CLASS = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  destructive: "border-red-300 bg-red-50 text-red-900",
} as const;

type Entry = ToastMessage & { id: number };
let nextId = 1;
const entries = (toasts: ToastMessage[]): Entry[] => toasts.map((toast) => ({ ...toast, id: nextId++ }));

/**
 * The toasts on screen, loaded by the Toaster only once there is one (most pages never show a
 * toast, so this is not first-load JavaScript): server toasts from the root loader, client toasts
 * from `showToast` — including any shown while this module was loading.
 */
export function ToastList({ serverToasts }: { serverToasts: ToastMessage[] }) {
  const [toasts, setToasts] = useState<Entry[]>(() => entries(serverToasts));

  // New server toasts arrive with each navigation that set some (the first ones are already in state).
  // They replace what is on screen: a 'Missing Information' from the last try is stale once the
  // server says 'Listing Created!'.
  const shown = useRef(serverToasts);
  useEffect(() => {
    if (serverToasts.length > 0 && serverToasts !== shown.current) {
      shown.current = serverToasts;
      setToasts((list) => [...list.filter((toast) => toast.keep), ...entries(serverToasts)]);
    }
  }, [serverToasts]);

  // Listen first, then take what was shown while this module loaded — in an effect, not in render: a
  // render React throws away and repeats would have drained them and lost them (seen once in CI).
  useEffect(() => {
    const unsubscribe = subscribeToasts((toast) => setToasts((list) => [...list, ...entries([toast])]));
    const early = drainPendingToasts();
    if (early.length > 0) setToasts((list) => [...list, ...entries(early)]);
    return unsubscribe;
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((list) => list.slice(1)), 6000);
    return () => clearTimeout(timer);
  }, [toasts]);

  return toasts.map((toast) => (
    <div
      key={toast.id}
      role={toast.variant === "destructive" ? "alert" : "status"}
      data-variant={toast.variant ?? "default"}
      data-lazy-part="toast-list"
      className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${VARIANT_CLASS[toast.variant ?? "default"]}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        <Button
          variant="close"
          aria-label="Dismiss notification"
          onClick={() => setToasts((list) => list.filter((t) => t.id !== toast.id))}
        >
          ✕
        </Button>
      </div>
    </div>
  ));
}
