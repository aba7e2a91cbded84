// Sizes per kind of gear (ADR 091): the scales a guardian picks a player's sizes from, written the way
// listings write theirs in `size_numeric` (spec 02 §2: '10.5', 'M', '32"'), so a player's size and a
// listing's size are the same string. Each kind names the equipment types it fits (the catalogue's
// types, app/shared/catalog/equipment*.ts); 'height' fits no type — it is kept for the guardian.
import { PLAYER_SIZE_KINDS, type PlayerSizeKind } from "../../../db/schema/player-size-kinds";

export { PLAYER_SIZE_KINDS, type PlayerSizeKind };

const halves = (from: number, to: number, prefix = "") => {
  const out: string[] = [];
  for (let n = from; n <= to; n += 0.5) out.push(`${prefix}${n}`);
  return out;
};
const inches = (from: number, to: number, step = 1) => {
  const out: string[] = [];
  for (let n = from; n <= to; n += step) out.push(`${n}"`);
  return out;
};

type SizeScale = { label: string; values: readonly string[]; types: readonly string[] };

export const SIZE_SCALES: Readonly<Record<PlayerSizeKind, SizeScale>> = {
  skate: {
    label: "Skate",
    values: [...halves(8, 13.5, "Y"), ...halves(1, 13)],
    types: ["Skates", "Inline Skates", "Roller Hockey Skates", "Roller Skates"],
  },
  shoe: {
    label: "Shoe / cleat",
    values: [...halves(10, 13.5, "Y"), ...halves(1, 15)],
    types: ["Cleats", "Shoes", "Cleats & Turf Shoes", "Indoor Shoes", "Hiking Boots", "Boots"],
  },
  helmet: { label: "Helmet", values: ["XXS", "XS", "S", "M", "L", "XL"], types: ["Helmets", "Batting Helmets"] },
  glove: { label: "Glove", values: inches(8, 15, 0.5), types: ["Gloves", "Gloves & Mitts", "Batting Gloves", "Goalkeeper Gloves"] },
  length: { label: "Stick / bat length", values: inches(24, 64), types: ["Bats", "Sticks", "Complete Sticks", "Shafts"] },
  height: { label: "Height", values: inches(36, 78), types: [] },
};

/** A value of the kind's scale (exactly as the scale writes it), or false. */
export function isSizeOf(kind: PlayerSizeKind, value: string): boolean {
  return SIZE_SCALES[kind].values.includes(value);
}

/** The next size up on the kind's scale — growth (ADR 091) — or null at the top. */
export function nextSize(kind: PlayerSizeKind, value: string): string | null {
  const values = SIZE_SCALES[kind].values;
  const at = values.indexOf(value);
  return at >= 0 && at + 1 < values.length ? values[at + 1]! : null;
}

/** The size and the one after it: what 'Fits {player}' looks for. */
export function fittingSizes(kind: PlayerSizeKind, value: string): string[] {
  const next = nextSize(kind, value);
  return next ? [value, next] : [value];
}

/** The kind an equipment type is sized in, or null (a ball, a bag). */
export function sizeKindOfType(type: string | null | undefined): PlayerSizeKind | null {
  if (!type) return null;
  return PLAYER_SIZE_KINDS.find((kind) => SIZE_SCALES[kind].types.includes(type)) ?? null;
}

/**
 * The age group a birth year plays in (U8, U10 … U18; '18+' past it): the season's year minus the birth
 * year, rounded up to even, as US youth leagues group by birth year. A season starting in August counts
 * as the next year's. The roster shows this, never the birth year (ADR 091).
 */
export function ageGroup(birthYear: number, today: Date): string {
  const seasonYear = today.getUTCFullYear() + (today.getUTCMonth() >= 7 ? 1 : 0);
  const age = seasonYear - birthYear;
  if (age > 18) return "18+";
  const under = Math.max(6, age % 2 === 0 ? age : age + 1);
  return `U${under}`;
}
