// One condition scale for listings, filters and cards. The source product had
// two (Excellent/Good/Fair/Used on cards, New/Like New/Gently Used/Well Worn in
// the browse filter, spec 01 §3); a filter that cannot match what sellers
// choose is a bug, so we keep the filter's scale everywhere (see the ADR).

import { LISTING_CONDITIONS } from "../../../db/schema/enums";
export const CONDITIONS = LISTING_CONDITIONS;

export type Condition = (typeof CONDITIONS)[number];

export type ConditionBadge = { label: string; className: string };

export const CONDITION_BADGES: Readonly<Record<Condition, ConditionBadge>> = {
  new: { label: "New", className: "bg-emerald-100 text-emerald-800" },
  "like-new": { label: "Like New", className: "bg-sky-100 text-sky-800" },
  "gently-used": { label: "Gently Used", className: "bg-amber-100 text-amber-800" },
  "well-worn": { label: "Well Worn", className: "bg-orange-100 text-orange-800" },
};

/** Shown for a value outside the scale (old data, hand-edited rows). */
export const UNKNOWN_CONDITION_BADGE: ConditionBadge = {
  label: "Used",
  className: "bg-gray-100 text-gray-800",
};

/** Options for selects and filter checkboxes, in scale order. */
export const CONDITION_OPTIONS: readonly { value: Condition; label: string }[] = /* @__PURE__ */ CONDITIONS.map((value) => ({
  value,
  label: CONDITION_BADGES[value].label,
}));

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

export function conditionBadge(value: string | null | undefined): ConditionBadge {
  return isCondition(value) ? CONDITION_BADGES[value] : UNKNOWN_CONDITION_BADGE;
}

/** Label for a condition value; 'Used' for anything outside the scale. */
export function conditionLabel(value: string | null | undefined): string {
  return conditionBadge(value).label;
}

/** Tailwind classes for a condition badge; neutral grey for unknown values. */
export function conditionClassName(value: string | null | undefined): string {
  return conditionBadge(value).className;
}
