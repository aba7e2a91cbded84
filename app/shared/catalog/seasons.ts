// A season per sport (ADR 091): the catalogue's default last day of each sport's main US youth season,
// month and day. The outgrown loop prompts guardians two weeks before it and on it.
import type { SportKey } from "../../../db/schema/enums";

type MonthDay = { month: number; day: number };

export const SEASON_ENDS: Readonly<Record<SportKey, MonthDay>> = {
  baseball: { month: 7, day: 31 },
  basketball: { month: 3, day: 15 },
  cycling: { month: 10, day: 31 },
  "field-hockey": { month: 11, day: 15 },
  "figure-skating": { month: 4, day: 15 },
  fitness: { month: 12, day: 31 },
  football: { month: 11, day: 30 },
  golf: { month: 9, day: 30 },
  "hike-camp": { month: 9, day: 30 },
  hockey: { month: 3, day: 31 },
  "inline-roller": { month: 8, day: 31 },
  lacrosse: { month: 6, day: 15 },
  skiing: { month: 3, day: 31 },
  snowboarding: { month: 3, day: 31 },
  soccer: { month: 11, day: 15 },
  softball: { month: 7, day: 31 },
  tennis: { month: 8, day: 31 },
};

/** Days before a season's end the first prompt comes. */
export const PROMPT_LEAD_DAYS = 14;
/** Days after a season's end its 'ended' prompt may still come (a job that missed the day). */
export const PROMPT_GRACE_DAYS = 14;

const DAY_MS = 24 * 3600 * 1000;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The season end that is current for `today`: this year's, or next year's once this year's grace is past. */
export function seasonEndFor(sport: SportKey, today: Date): string {
  const { month, day } = SEASON_ENDS[sport];
  const thisYear = Date.UTC(today.getUTCFullYear(), month - 1, day);
  const on = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (on <= thisYear + PROMPT_GRACE_DAYS * DAY_MS) return iso(new Date(thisYear));
  return iso(new Date(Date.UTC(today.getUTCFullYear() + 1, month - 1, day)));
}

/** Which prompt is due on `today` for a season ending on `end` ('YYYY-MM-DD'): 'soon', 'ended' or none. */
export function promptStage(end: string, today: Date): "soon" | "ended" | null {
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const t = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (t >= endMs && t <= endMs + PROMPT_GRACE_DAYS * DAY_MS) return "ended";
  if (t >= endMs - PROMPT_LEAD_DAYS * DAY_MS && t < endMs) return "soon";
  return null;
}
