import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { OPEN_DETAILS, OPEN_TOGGLES } from "./menu-selectors";

/** A navigation closes every open menu: here, not in the lazy module, so it holds from the first navigation. */
function closeMenus() {
  document.querySelectorAll(OPEN_DETAILS).forEach((element) => element.removeAttribute("open"));
  document.querySelectorAll<HTMLInputElement>(OPEN_TOGGLES).forEach((input) => void (input.checked = false));
}

/**
 * Mount once (root): closes every open menu on navigation, and — once ./dismiss-menus has loaded,
 * right after hydration (the menus open and close without JavaScript anyway) — on Escape and a click
 * outside. That module marks `<html data-menus-ready>` when it listens.
 */
export function useDismissMenus() {
  const location = useLocation();
  const firstKey = useRef(location.key);

  useEffect(() => {
    // Not on hydration: what the server rendered open (a chosen club's Filters) stays open.
    if (location.key === firstKey.current) return;
    closeMenus();
  }, [location.key]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("./dismiss-menus").then((module) => {
      if (!unmounted) stop = module.listen();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
}
