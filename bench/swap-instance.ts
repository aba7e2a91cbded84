// Generated swap days shaped like real math trades (ADR 080 "Measured"): 3–8 items per member, want lists of a
// mean length chosen by the caller, skewed towards popular items (a few items are on many lists, as in published
// BoardGameGeek want lists), a third of the members with "any one of these" groups, prices $5–$300 with some
// cash limits, ranks by position, and a few blocked pairs. One integer seed → the same instance.
import { buildWantGraph } from "../app/features/swap-days/solver/graph";
import { solveSwapDay } from "../app/features/swap-days/solver/index";
import { solveMeetup } from "../app/features/swap-days/solver/meetup";
import { assemble } from "../app/features/swap-days/solver/rings";
import type { SwapInput, SwapItem, SwapResult } from "../app/features/swap-days/solver/types";

export type Kind = "full" | "meet-up" | "one-to-one";

/** Rings of any length, of at most 3, or one-to-one swaps only (2-rings, exact the same way as meet-up). */
export function solveKind(input: SwapInput, kind: Kind): SwapResult {
  if (kind === "full") return solveSwapDay({ ...input, mode: "table" });
  if (kind === "meet-up") return solveSwapDay({ ...input, mode: "meetup" });
  const g = buildWantGraph(input);
  const cover = solveMeetup(g, input.seed, 2);
  return assemble(g, "meetup", cover.receives, cover.optimal, cover.upperBound);
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mathTrade(itemCount: number, wantCount: number, seed = 1): SwapInput {
  const r = rng(seed);
  const items: SwapItem[] = [];
  for (let m = 0; items.length < itemCount; m++) {
    const count = 3 + Math.floor(r() * 6);
    for (let k = 0; k < count && items.length < itemCount; k++) {
      const priceCents = 500 + 100 * Math.floor(Math.exp(r() * Math.log(300)) * 1);
      const item: SwapItem = { id: `I${items.length}`, owner: `M${m}`, priceCents };
      const roll = r();
      if (roll < 0.2) item.addUpToCents = 100 * Math.floor(r() * 50);
      else if (roll < 0.3) item.needBackCents = 100 * Math.floor(r() * 20);
      items.push(item);
    }
  }
  // Popularity: weight ∝ 1 / rank^0.8 over a shuffled order; sampling by a cumulative table.
  const order = items.map((_, i) => i).sort(() => r() - 0.5);
  const weight = new Float64Array(itemCount);
  order.forEach((i, k) => (weight[i] = 1 / Math.pow(k + 1, 0.8)));
  const cumulative = new Float64Array(itemCount);
  let total = 0;
  for (let i = 0; i < itemCount; i++) cumulative[i] = total += weight[i];
  const sample = () => {
    const x = r() * total;
    let lo = 0;
    let hi = itemCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const wants: SwapInput["wants"] = [];
  const groups: NonNullable<SwapInput["groups"]> = [];
  const mean = wantCount / itemCount;
  const byOwner = new Map<string, number[]>();
  items.forEach((it, i) => (byOwner.get(it.owner) ?? byOwner.set(it.owner, []).get(it.owner)!).push(i));
  for (const [owner, mine] of byOwner) {
    // The member's shared group: some popular items any one of which would do for any of their items.
    const group: string[] = [];
    if (r() < 0.33) {
      const id = `%G-${owner}`;
      while (group.length < 4) {
        const x = sample();
        if (items[x].owner !== owner && !group.includes(items[x].id)) group.push(items[x].id);
      }
      groups.push({ id, owner, members: group });
    }
    for (const i of mine) {
      const length = Math.max(1, Math.round(mean * (0.3 + 1.4 * r())));
      const list = new Set<number>();
      for (let tries = 0; list.size < length && tries < length * 4; tries++) {
        const x = sample();
        if (items[x].owner !== owner) list.add(x);
      }
      let rank = 1;
      if (group.length > 0) wants.push({ item: items[i].id, wants: `%G-${owner}`, rank: rank++ });
      for (const x of list) if (!group.includes(items[x].id)) wants.push({ item: items[i].id, wants: items[x].id, rank: rank++ });
    }
  }
  const owners = byOwner.size;
  const blocks: Array<[string, string]> = [];
  for (let k = 0; k < Math.ceil(owners / 100); k++) blocks.push([`M${Math.floor(r() * owners)}`, `M${Math.floor(r() * owners)}`]);
  return { items, groups, wants, blocks, mode: "table", seed };
}
