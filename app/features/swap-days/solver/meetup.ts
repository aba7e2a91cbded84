// Meet-up mode (rings of at most 3 items, ADR 080): every 2- and 3-ring is listed (through groups too, each
// group used at most once), then the set of disjoint rings trading the most items is found exactly, one connected
// part of the ring graph at a time: a Lagrangian bound with greedy incumbents proves most parts at once; the rest
// go to depth-first branch and bound on the item with the fewest rings left. Blocks and cash limits are
// exact here: in a ring of 3 every two people are neighbours, and each composed exchange is checked whole.
import { fitsLimit, type WantGraph } from "./graph";
import { hash3 } from "./random";

/** Search nodes per solve before the best found so far is kept (and `optimal` is false). */
const NODE_LIMIT = 200_000;
/** Parts with more items than this keep the Lagrangian incumbent and bound (no depth-first search). */
const DFS_ITEMS = 120;

interface Candidate {
  /** Items and groups it uses. */
  uses: number[];
  items: number[];
  /** The groups each leg passes through: leg k is items[k] receiving items[k+1]. */
  legs: number[][];
  rank: number;
  tie: number;
}

export interface MeetupCover {
  receives: Int32Array;
  optimal: boolean;
  upperBound: number;
}

/** i ⇒ j exchanges: j reaches i directly or through a chain of i's owner's groups (the groups passed through). */
function exchanges(g: WantGraph): Map<number, Array<{ via: number[]; rank: number }>> {
  const out: number[][] = Array.from({ length: g.nodes }, () => []);
  for (let e = 0; e < g.from.length; e++) out[g.from[e]].push(e);
  const result = new Map<number, Array<{ via: number[]; rank: number }>>();
  for (let i = 0; i < g.items; i++) {
    const direct = new Set<number>();
    for (const e of out[i]) if (g.to[e] < g.items) direct.add(g.to[e]);
    const walk = (node: number, via: number[], rank: number) => {
      for (const e of out[node]) {
        const y = g.to[e];
        const r = node === i ? g.rank[e] : rank;
        if (y >= g.items) {
          if (!via.includes(y)) walk(y, [...via, y], r);
          continue;
        }
        if (via.length > 0 && (direct.has(y) || !fitsLimit(g, i, y))) continue;
        const key = i * g.items + y;
        const list = result.get(key);
        if (list) list.push({ via, rank: r });
        else result.set(key, [{ via, rank: r }]);
      }
    };
    walk(i, [], 0);
  }
  return result;
}

function candidates(g: WantGraph, seed: number, maxRing: 2 | 3): Candidate[] {
  const ex = exchanges(g);
  const out: number[][] = Array.from({ length: g.items }, () => []);
  for (const key of ex.keys()) out[Math.floor(key / g.items)].push(key % g.items);
  for (const list of out) list.sort((a, b) => a - b);
  const list: Candidate[] = [];
  const push = (items: number[]) => {
    const legs = items.map((x, k) => ex.get(x * g.items + items[(k + 1) % items.length])!);
    const choose = (k: number, uses: number[], via: number[][], rank: number) => {
      if (k === legs.length) {
        list.push({ uses: [...items, ...uses], items, legs: via, rank, tie: hash3(seed, items[0], items[1] * 7 + (items[2] ?? 0)) });
        return;
      }
      for (const leg of legs[k])
        if (!leg.via.some((d) => uses.includes(d))) choose(k + 1, [...uses, ...leg.via], [...via, leg.via], rank + leg.rank);
    };
    choose(0, [], [], 0);
  };
  for (let i = 0; i < g.items; i++) {
    for (const j of out[i]) {
      if (j <= i) continue;
      if (ex.has(j * g.items + i)) push([i, j]);
      if (maxRing === 3) for (const k of out[j]) if (k > i && k !== j && ex.has(k * g.items + i)) push([i, j, k]);
    }
  }
  return list;
}

/** maxRing 2 is one-to-one swaps only (the benchmark's baseline). */
export function solveMeetup(g: WantGraph, seed: number, maxRing: 2 | 3 = 3): MeetupCover {
  const all = candidates(g, seed, maxRing);
  // Bigger rings first, then lower rank, then the seed: the greedy start and the branch order.
  all.sort((a, b) => b.items.length - a.items.length || a.rank - b.rank || a.tie - b.tie);
  const byNode: number[][] = Array.from({ length: g.nodes }, () => []);
  all.forEach((c, k) => c.uses.forEach((x) => byNode[x].push(k)));
  // Connected parts (union-find over the nodes the rings use).
  const parent = Int32Array.from({ length: g.nodes }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const c of all) for (const x of c.uses) parent[find(x)] = find(c.uses[0]);
  const parts = new Map<number, number[]>();
  all.forEach((c, k) => {
    const root = find(c.uses[0]);
    const p = parts.get(root);
    if (p) p.push(k);
    else parts.set(root, [k]);
  });
  const receives = Int32Array.from({ length: g.nodes }, (_, i) => i);
  let optimal = true;
  let upperBound = 0;
  const budget = { nodes: NODE_LIMIT };
  for (const ks of parts.values()) {
    const part = searchPart(g, all, ks, byNode, budget);
    optimal &&= part.optimal;
    upperBound += part.upperBound;
    for (const k of part.chosen) {
      const c = all[k];
      c.items.forEach((x, idx) => {
        let at = x;
        for (const d of c.legs[idx]) {
          receives[at] = d;
          at = d;
        }
        receives[at] = c.items[(idx + 1) % c.items.length];
      });
    }
  }
  return { receives, optimal, upperBound };
}

function searchPart(
  g: WantGraph,
  all: Candidate[],
  ks: number[],
  byNode: number[][],
  budget: { nodes: number },
): { chosen: number[]; optimal: boolean; upperBound: number } {
  const used = new Map<number, boolean>();
  const dead = new Map<number, number>();
  const partItems = [...new Set(ks.flatMap((k) => all[k].items))];
  const live = new Map<number, number>();
  for (const x of partItems) live.set(x, byNode[x].length);
  const start = lagrangian(all, ks, (x) => x < g.items);
  let best = start.count < start.bound ? improve(all, ks, start.best) : start.best;
  let bestCount = best.reduce((n, k) => n + all[k].items.length, 0);
  const bound = Math.min(start.bound, partItems.length);
  if (bestCount >= bound) return { chosen: best, optimal: true, upperBound: bestCount };
  // The depth-first search's bound (items still coverable) is weak: on a large part it would only spend the budget.
  if (partItems.length > DFS_ITEMS) return { chosen: best, optimal: false, upperBound: bound };

  const chosen: number[] = [];
  let coverable = partItems.length;
  const kill = (k: number, undo: number[]) => {
    const d = (dead.get(k) ?? 0) + 1;
    dead.set(k, d);
    undo.push(k);
    if (d === 1)
      for (const x of all[k].items) {
        const l = live.get(x)! - 1;
        live.set(x, l);
        if (l === 0 && !used.get(x)) coverable--;
      }
  };
  const revive = (undo: number[]) => {
    for (let u = undo.length - 1; u >= 0; u--) {
      const k = undo[u];
      const d = dead.get(k)! - 1;
      dead.set(k, d);
      if (d === 0)
        for (const x of all[k].items) {
          const l = live.get(x)! + 1;
          live.set(x, l);
          if (l === 1 && !used.get(x)) coverable++;
        }
    }
  };
  const occupy = (x: number, undo: number[]) => {
    used.set(x, true);
    if (x < g.items && live.get(x)! > 0) coverable--;
    for (const k of byNode[x]) kill(k, undo);
  };
  const release = (x: number, undo: number[]) => {
    revive(undo);
    used.set(x, false);
    if (x < g.items && live.get(x)! > 0) coverable++;
  };
  let covered = 0;
  let stopped = false;
  const dfs = (): void => {
    if (--budget.nodes < 0) return void (stopped = true);
    if (covered > bestCount) {
      bestCount = covered;
      best = chosen.slice();
    }
    if (covered + coverable <= bestCount) return;
    let pick = -1;
    for (const x of partItems) if (!used.get(x) && live.get(x)! > 0 && (pick < 0 || live.get(x)! < live.get(pick)!)) pick = x;
    if (pick < 0) return;
    for (const k of byNode[pick]) {
      if ((dead.get(k) ?? 0) > 0) continue;
      const c = all[k];
      const undos: number[][] = c.uses.map(() => []);
      c.uses.forEach((x, i) => occupy(x, undos[i]));
      chosen.push(k);
      covered += c.items.length;
      dfs();
      covered -= c.items.length;
      chosen.pop();
      for (let i = c.uses.length - 1; i >= 0; i--) release(c.uses[i], undos[i]);
      if (stopped || covered + coverable <= bestCount) return;
    }
    const undo: number[] = [];
    occupy(pick, undo);
    dfs();
    release(pick, undo);
  };
  dfs();
  return { chosen: best, optimal: !stopped || bestCount >= bound, upperBound: stopped ? bound : bestCount };
}

/**
 * Lagrangian relaxation of "each item and group in at most one ring" (ADR 080 "Meet-up"): for prices λ ≥ 0,
 * Σλ + Σ max(0, |ring| − λ(ring)) bounds the items any set of disjoint rings trades; subgradient steps lower it
 * towards the LP bound. Along the way, rings taken greedily by their reduced value give the incumbents.
 */
function lagrangian(all: Candidate[], ks: number[], isItem: (x: number) => boolean): { bound: number; best: number[]; count: number } {
  // Resources renumbered 0 … R-1, each ring's uses flattened: the loop below runs hundreds of times.
  const index = new Map<number, number>();
  for (const k of ks) for (const x of all[k].uses) if (!index.has(x)) index.set(x, index.size);
  const R = index.size;
  const start = new Int32Array(ks.length + 1);
  const uses: number[] = [];
  const weight = new Float64Array(ks.length);
  ks.forEach((k, i) => {
    for (const x of all[k].uses) uses.push(index.get(x)!);
    start[i + 1] = uses.length;
    weight[i] = all[k].items.length;
  });
  const lambda = new Float64Array(R);
  for (const [x, r] of index) lambda[r] = isItem(x) ? 0.5 : 0;
  const over = new Int32Array(R);
  const taken = new Uint8Array(R);
  const reduced = new Float64Array(ks.length);
  // Rings through items few other rings use go first among equals: they block the fewest alternatives.
  const degree = new Int32Array(R);
  for (const r of uses) degree[r]++;
  const crowd = new Float64Array(ks.length);
  for (let i = 0; i < ks.length; i++) {
    for (let u = start[i]; u < start[i + 1]; u++) crowd[i] += degree[uses[u]];
    crowd[i] /= weight[i];
  }
  let bound = Infinity;
  let best: number[] = [];
  let count = -1;
  const order = Int32Array.from(ks, (_, i) => i);
  const greedy = (score: Float64Array) => {
    order.sort((a, b) => score[b] - score[a] || weight[b] - weight[a] || crowd[a] - crowd[b]);
    taken.fill(0);
    const chosen: number[] = [];
    let n = 0;
    for (const i of order) {
      let free = true;
      for (let u = start[i]; u < start[i + 1] && free; u++) if (taken[uses[u]]) free = false;
      if (!free) continue;
      for (let u = start[i]; u < start[i + 1]; u++) taken[uses[u]] = 1;
      chosen.push(ks[i]);
      n += weight[i];
    }
    if (n > count) {
      count = n;
      best = chosen;
    }
  };
  greedy(Float64Array.from(crowd, (c) => -c));
  let mu = 1;
  let sinceBetter = 0;
  for (let it = 0; it < 400; it++) {
    let value = 0;
    for (let r = 0; r < R; r++) value += lambda[r];
    over.fill(0);
    for (let i = 0; i < ks.length; i++) {
      let red = weight[i];
      for (let u = start[i]; u < start[i + 1]; u++) red -= lambda[uses[u]];
      reduced[i] = red;
      if (red > 0) {
        value += red;
        for (let u = start[i]; u < start[i + 1]; u++) over[uses[u]]++;
      }
    }
    if (value < bound - 1e-9) {
      bound = value;
      sinceBetter = 0;
    } else if (++sinceBetter >= 15) {
      mu /= 2;
      sinceBetter = 0;
    }
    if (it % 4 === 0) greedy(reduced);
    if (Math.floor(bound + 1e-6) <= count || mu < 1e-4) break;
    let norm = 0;
    for (let r = 0; r < R; r++) norm += (1 - over[r]) ** 2;
    if (norm === 0) break;
    const step = (mu * Math.max(0.5, value - count)) / norm;
    for (let r = 0; r < R; r++) lambda[r] = Math.max(0, lambda[r] - step * (1 - over[r]));
  }
  greedy(reduced);
  return { bound: Math.floor(bound + 1e-6), best, count };
}

/**
 * Local search on a packing: take one chosen ring out and fill what it freed with the largest rings that now fit;
 * keep the change when it trades more items. Repeated while it gains (this is what closes most of the greedy's gap).
 */
function improve(all: Candidate[], ks: number[], chosen: number[]): number[] {
  const holder = new Map<number, number>();
  const byNode = new Map<number, number[]>();
  for (const k of ks) for (const x of all[k].uses) (byNode.get(x) ?? byNode.set(x, []).get(x)!).push(k);
  const picked = new Set(chosen);
  for (const k of chosen) for (const x of all[k].uses) holder.set(x, k);
  const fits = (k: number) => all[k].uses.every((x) => !holder.has(x));
  const take = (k: number) => {
    picked.add(k);
    for (const x of all[k].uses) holder.set(x, k);
  };
  const drop = (k: number) => {
    picked.delete(k);
    for (const x of all[k].uses) holder.delete(x);
  };
  for (let pass = 0, gained = true; gained && pass < 8; pass++) {
    gained = false;
    for (const r of [...picked]) {
      if (!picked.has(r)) continue;
      drop(r);
      const near = [...new Set(all[r].uses.flatMap((x) => byNode.get(x) ?? []))].filter((k) => k !== r);
      near.sort((a, b) => all[b].items.length - all[a].items.length || a - b);
      const added: number[] = [];
      for (const k of near)
        if (fits(k)) {
          take(k);
          added.push(k);
        }
      const gain = added.reduce((n, k) => n + all[k].items.length, 0) - all[r].items.length;
      if (gain > 0) gained = true;
      else {
        for (const k of added) drop(k);
        take(r);
      }
    }
  }
  return [...picked].sort((a, b) => a - b);
}
