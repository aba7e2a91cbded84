import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser (and at once for
 * anything mounted later, with no extra render). The one switch between the no-JavaScript version
 * of a control and its enhanced version: render the plain one until this is true.
 *
 *   const hydrated = useHydrated();
 *   return hydrated ? <Combobox … /> : <select …>;
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
