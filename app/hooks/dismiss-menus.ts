// Our menus and drawers open without JavaScript: a `<details data-menu>` (header menus, account,
// notifications, the home Filters and Sports drawers) or a CSS side sheet driven by a
// `<input type="checkbox" data-menu-toggle aria-controls="…">` (the sport page's filters).
// Once hydrated, this closes them the way people expect: Escape (focus goes back to the control
// that opened it), a click outside, and a navigation (which is also what Apply Filters does).
// Loaded after hydration by ./use-dismiss (its own chunk: ~0.35 KB gzip off every page's first load).

import { OPEN_DETAILS, OPEN_TOGGLES } from "./menu-selectors";

type Menu = { panel: Element; opener: HTMLElement | null; close: () => void };

function openMenus(): Menu[] {
  const details = [...document.querySelectorAll<HTMLDetailsElement>(OPEN_DETAILS)].map((element) => ({
    panel: element as Element,
    opener: element.querySelector<HTMLElement>(":scope > summary"),
    close: () => element.removeAttribute("open"),
  }));
  const toggles = [...document.querySelectorAll<HTMLInputElement>(OPEN_TOGGLES)].flatMap((input) => {
    const panel = document.getElementById(input.getAttribute("aria-controls") ?? "");
    return panel ? [{ panel, opener: input as HTMLElement, close: () => void (input.checked = false) }] : [];
  });
  return [...details, ...toggles];
}

/** Whether a click/focus at `target` belongs to the menu (its panel or what opens it, e.g. a label). */
function inside(menu: Menu, target: Node) {
  if (menu.panel.contains(target)) return true;
  const input = menu.opener as HTMLInputElement | null;
  return Boolean(input?.labels && [...input.labels].some((label) => label.contains(target)));
}

/** Listens for Escape and clicks outside; returns the function that stops listening. */
export function listen() {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const menus = openMenus();
    if (menus.length === 0) return;
    const active = document.activeElement;
    for (const menu of menus) {
      const hadFocus = active && menu.panel.contains(active);
      menu.close();
      if (hadFocus || active === menu.opener) menu.opener?.focus();
    }
  }
  function onPointerDown(event: PointerEvent) {
    const target = event.target as Node;
    for (const menu of openMenus()) if (!inside(menu, target)) menu.close();
  }
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  document.documentElement.setAttribute("data-menus-ready", "");
  return () => {
    document.documentElement.removeAttribute("data-menus-ready");
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}
