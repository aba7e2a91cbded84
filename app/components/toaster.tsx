import { useEffect, useRef, useState } from "react";
import { Button } from "./ui/button";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** Stays when the next navigation's toasts arrive: news about that very navigation (a photo left out of the save). */
  keep?: boolean;
};

const listeners = new Set<(toast: ToastMessage) => void>();

/** Client-side toasts (instant feedback before a round trip). Server toasts come through the root loader. */
export function showToast(toast: ToastMessage) {
  for (const listener of listeners) listener(toast);
}

const VARIANT_CLASS = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  destructive: "border-red-300 bg-red-50 text-red-900",
} as const;

type Entry = ToastMessage & { id: number };
let nextId = 1;

export function Toaster({ serverToasts }: { serverToasts: ToastMessage[] }) {
  const [toasts, setToasts] = useState<Entry[]>(() => serverToasts.map((toast) => ({ ...toast, id: nextId++ })));

  // New server toasts arrive with each navigation that set some (the first ones are already in state).
  // They replace what is on screen: a 'Missing Information' from the last try is stale once the
  // server says 'Listing Created!'.
  const shown = useRef(serverToasts);
  useEffect(() => {
    if (serverToasts.length > 0 && serverToasts !== shown.current) {
      shown.current = serverToasts;
      setToasts((list) => [...list.filter((toast) => toast.keep), ...serverToasts.map((toast) => ({ ...toast, id: nextId++ }))]);
    }
  }, [serverToasts]);

  useEffect(() => {
    const listener = (toast: ToastMessage) => setToasts((list) => [...list, { ...toast, id: nextId++ }]);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((list) => list.slice(1)), 6000);
    return () => clearTimeout(timer);
  }, [toasts]);

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[22rem] max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          data-variant={toast.variant ?? "default"}
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
      ))}
    </section>
  );
}
