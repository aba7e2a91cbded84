/** Joins the class names that are set: `cx("ui-btn", busy && "opacity-60", className)`. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");
