import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

type DismissMenus = typeof import("./dismiss-menus");

/**
 * Mount once (root): closes every open menu on Escape, outside click and navigation
 * (./dismiss-menus, loaded after hydration: the menus open and close without JavaScript anyway).
 */
export function useDismissMenus() {
  const location = useLocation();
  const firstKey = useRef(location.key);
  const menus = useRef<DismissMenus | null>(null);

  useEffect(() => {
    // Not on hydration: what the server rendered open (a chosen club's Filters) stays open.
    if (location.key === firstKey.current) return;
    menus.current?.closeMenus();
  }, [location.key]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("./dismiss-menus").then((module) => {
      if (unmounted) return;
      menus.current = module;
      stop = module.listen();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
}
