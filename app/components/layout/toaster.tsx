import { Suspense, useEffect, useState } from "react";

import { lazyPart } from "./lazy-part";
import { PENDING, wakers, type ToastMessage } from "./toast-bus";

export { showToast, type ToastMessage } from "./toast-bus";

/** The toasts on screen: a lazy part entry.client loads before hydration when the server rendered one (./lazy-part). */
export const ToastList = /* @__PURE__ */ lazyPart("toast-list", () => import("./toast-list").then((module) => module.ToastList));

/**
 * The toasts' live region, always on the page so screen readers announce what appears in it. The
 * list itself (timers, dismiss buttons) loads with the first toast: server-rendered when the root
 * loader has one (its module then loaded before hydration), and on the first client toast.
 */
export function Toaster({ serverToasts }: { serverToasts: ToastMessage[] }) {
  const [woken, setWoken] = useState(false);
  useEffect(() => {
    if (woken) return;
    if (PENDING.length > 0) setWoken(true);
    const wake = () => setWoken(true);
    wakers.add(wake);
    return () => void wakers.delete(wake);
  }, [woken]);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[22rem] max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {woken || serverToasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList serverToasts={serverToasts} />
        </Suspense>
      ) : null}
    </section>
  );
}
