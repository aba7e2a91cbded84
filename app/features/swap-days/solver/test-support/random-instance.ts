// Random swap instances for the property tests (ADR 080 "Proof"), from one integer: the same seed, the same instance.
import type { SwapInput, SwapItem, SwapMode } from "../types";

export interface Shape {
  items: number;
  owners: number;
  /** Chance that an item's owner wants another given item. */
  density: number;
  groups?: number;
  cash?: boolean;
  blocks?: number;
  ranks?: boolean;
  mode?: SwapMode;
}

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInstance(seed: number, shape: Shape): SwapInput {
  const r = rng(seed);
  const pick = (n: number) => Math.floor(r() * n);
  const items: SwapItem[] = [];
  for (let i = 0; i < shape.items; i++) {
    const item: SwapItem = { id: `i${i}`, owner: `m${pick(shape.owners)}` };
    if (shape.cash) {
      item.priceCents = 500 * pick(9);
      const roll = r();
      if (roll < 0.25) item.addUpToCents = 500 * pick(3);
      else if (roll < 0.4) item.needBackCents = 500 * pick(2);
    }
    items.push(item);
  }
  const wants: SwapInput["wants"] = [];
  for (const a of items)
    for (const b of items)
      if (a !== b && a.owner !== b.owner && r() < shape.density)
        wants.push({ item: a.id, wants: b.id, rank: shape.ranks ? 1 + pick(5) : undefined });
  const groups: NonNullable<SwapInput["groups"]> = [];
  for (let k = 0; k < (shape.groups ?? 0); k++) {
    const owner = items[pick(items.length)].owner;
    const others = items.filter((i) => i.owner !== owner);
    const members = [...new Set(Array.from({ length: 2 + pick(3) }, () => others[pick(others.length)]?.id).filter(Boolean))] as string[];
    if (members.length === 0) continue;
    const id = `%g${k}`;
    groups.push({ id, owner, members });
    for (const a of items)
      if (a.owner === owner && r() < 0.7) wants.push({ item: a.id, wants: id, rank: shape.ranks ? 1 + pick(5) : undefined });
  }
  const blocks: Array<[string, string]> = [];
  for (let k = 0; k < (shape.blocks ?? 0); k++) blocks.push([`m${pick(shape.owners)}`, `m${pick(shape.owners)}`]);
  return { items, wants, groups, blocks, mode: shape.mode ?? "table", seed: 1 + pick(1000) };
}
