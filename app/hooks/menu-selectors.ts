// What an open menu is: a `<details data-menu open>` or a checked `data-menu-toggle` (./dismiss-menus).
export const OPEN_DETAILS = "details[data-menu][open]";
export const OPEN_TOGGLES = "input[data-menu-toggle]:checked";
