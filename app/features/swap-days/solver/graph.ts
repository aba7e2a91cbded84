// The want graph (ADR 080): one node per item and per "any one of these" group (TradeMaximizer's dummy item),
// an edge i → j when i's owner would take j for i. Every rule that one edge can check is checked here, once:
// a member never trades with themselves, blocked people are never neighbours, and an exchange whose price
// difference breaks the receiving item's cash limit is never an edge (through a group: the limit of every item
// that wants the group). What one edge cannot see, a block between two people further apart in a ring, is left
// to the ring search.
import { SwapInputError, type SwapInput } from "./types";

export interface WantGraph {
  /** Real items are nodes 0 … items-1 (sorted by id), groups follow. */
  items: number;
  nodes: number;
  ids: string[];
  owner: Int32Array;
  owners: string[];
  price: Float64Array;
  /** The least cash the item's owner must get when it trades (negative: the most they pay); -Infinity = no limit. */
  minNet: Float64Array;
  /** Edges sorted by (from, to). Rank is the want's priority cost; 0 on a group's edges (a group's receiving is no trade). */
  from: Int32Array;
  to: Int32Array;
  rank: Int32Array;
  /** blockedWith[o] = owners o must not share a ring with. */
  blockedWith: Array<Set<number>>;
}

const MAX_RANK = 1 << 20;
const MAX_NODES = 40_000;

/** The cash an item's owner gets when `item` is given and `received` comes back (ADR 080: given minus received). */
export const netCash = (g: WantGraph, item: number, received: number): number => g.price[item] - g.price[received];

export const fitsLimit = (g: WantGraph, item: number, received: number): boolean => netCash(g, item, received) >= g.minNet[item];

const cents = (value: number | undefined, what: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new SwapInputError(`${what} must be a whole number of cents ≥ 0`);
  return value;
};

export function buildWantGraph(input: SwapInput): WantGraph {
  const items = [...input.items].sort((a, b) => cmp(a.id, b.id));
  const groups = [...(input.groups ?? [])].sort((a, b) => cmp(a.id, b.id));
  const nodes = items.length + groups.length;
  if (nodes > MAX_NODES) throw new SwapInputError(`at most ${MAX_NODES} items and groups per solve`);
  const ids = [...items.map((i) => i.id), ...groups.map((g) => g.id)];
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (index.has(id)) throw new SwapInputError(`duplicate item or group id "${id}"`);
    index.set(id, i);
  });
  const owners = [...new Set([...items.map((i) => i.owner), ...groups.map((g) => g.owner)])].sort(cmp);
  const ownerIndex = new Map(owners.map((o, i) => [o, i]));
  const owner = new Int32Array(nodes);
  const price = new Float64Array(nodes);
  const minNet = new Float64Array(nodes).fill(-Infinity);
  items.forEach((item, i) => {
    owner[i] = ownerIndex.get(item.owner)!;
    price[i] = cents(item.priceCents, `price of ${item.id}`) ?? 0;
    const addUpTo = cents(item.addUpToCents, `cash limit of ${item.id}`);
    const needBack = cents(item.needBackCents, `cash limit of ${item.id}`);
    if (addUpTo !== undefined) minNet[i] = -addUpTo;
    if (needBack !== undefined) minNet[i] = Math.max(minNet[i], needBack);
  });
  groups.forEach((group, k) => (owner[items.length + k] = ownerIndex.get(group.owner)!));
  const blockedWith = owners.map(() => new Set<number>());
  for (const [a, b] of input.blocks ?? []) {
    const x = ownerIndex.get(a);
    const y = ownerIndex.get(b);
    if (x === undefined || y === undefined || x === y) continue;
    blockedWith[x].add(y);
    blockedWith[y].add(x);
  }

  // Raw edges, first rank kept for a repeated want.
  const raw = new Map<number, number>();
  const add = (from: number, to: number, rank: number) => {
    const key = from * nodes + to;
    const old = raw.get(key);
    if (old === undefined || rank < old) raw.set(key, rank);
  };
  for (const w of input.wants) {
    const from = index.get(w.item);
    const to = index.get(w.wants);
    if (from === undefined || from >= items.length) throw new SwapInputError(`want for unknown item "${w.item}"`);
    if (to === undefined) throw new SwapInputError(`"${w.item}" wants unknown item "${w.wants}"`);
    const rank = w.rank ?? 1;
    if (!Number.isSafeInteger(rank) || rank < 1 || rank > MAX_RANK)
      throw new SwapInputError(`rank of a want of "${w.item}" must be 1 … ${MAX_RANK}`);
    if (to >= items.length && owner[to] !== owner[from]) throw new SwapInputError(`"${w.item}" wants another member's group "${w.wants}"`);
    add(from, to, rank);
  }
  groups.forEach((group, k) => {
    const from = items.length + k;
    for (const m of group.members) {
      const to = index.get(m);
      if (to === undefined) throw new SwapInputError(`group "${group.id}" holds unknown item "${m}"`);
      if (to >= items.length && owner[to] !== owner[from])
        throw new SwapInputError(`group "${group.id}" holds another member's group "${m}"`);
      add(from, to, 0);
    }
  });

  // Cash through a group (ADR 080 "Cash"): a group passes on only items that fit every item reaching it, so any
  // chain item → group … → item keeps the first item's limit. cap = the lowest reach over the group's wanters.
  const cap = new Float64Array(nodes).fill(Infinity);
  for (let changed = true; changed;) {
    changed = false;
    for (const key of raw.keys()) {
      const from = Math.floor(key / nodes);
      const to = key % nodes;
      if (to < items.length) continue;
      const reach = from < items.length ? price[from] - minNet[from] : cap[from];
      if (reach < cap[to]) {
        cap[to] = reach;
        changed = true;
      }
    }
  }
  const kept: Array<[number, number, number]> = [];
  for (const [key, rank] of raw) {
    const from = Math.floor(key / nodes);
    const to = key % nodes;
    if (from === to || (to < items.length && owner[from] === owner[to])) continue;
    if (blockedWith[owner[from]].has(owner[to])) continue;
    const reach = from < items.length ? price[from] - minNet[from] : cap[from];
    if (to < items.length && price[to] > reach) continue;
    kept.push([from, to, from < items.length ? rank : 0]);
  }
  kept.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    items: items.length,
    nodes,
    ids,
    owner,
    owners,
    price,
    minNet,
    from: Int32Array.from(kept, (e) => e[0]),
    to: Int32Array.from(kept, (e) => e[1]),
    rank: Int32Array.from(kept, (e) => e[2]),
    blockedWith,
  };
}

/** Code-unit order: the same on every machine and locale. */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
