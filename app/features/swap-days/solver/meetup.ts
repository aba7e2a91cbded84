// Meet-up mode (rings of at most 3 items, ADR 080): every 2- and 3-ring is listed (through groups too, each
// group used at most once), then the set of disjoint rings trading the most items is found exactly, one connected
// part of the ring graph at a time: a Lagrangian bound with greedy incumbents proves most parts at once; the rest
// go to depth-first branch and bound on the item with the fewest rings left. Blocks and cash limits are
// exact here: in a ring of 3 every two people are neighbours, and each composed exchange is checked whole.
import { fitsLimit, type WantGraph } from "./graph";
import { hash3 } from "./random";

/** Search nodes per solve before the best found so far is kept (and `optimal` is false). */
const NODE_LIMIT = 200_000;

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

function candidates(g: WantGraph, seed: number): Candidate[] {
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
      for (const k of out[j]) if (k > i && k !== j && ex.has(k * g.items + i)) push([i, j, k]);
    }
  }
  return list;
}

export function solveMeetup(g: WantGraph, seed: number): MeetupCover {
  const all = candidates(g, seed);
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
        for (const d of c.legs[idx]) ((receives[at] = d), (at = d));
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
  let best = start.best;
  let bestCount = start.count;
  const bound = Math.min(start.bound, partItems.length);
  if (bestCount >= bound) return { chosen: best, optimal: true, upperBound: bestCount };

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
    if (covered > bestCount) ((bestCount = covered), (best = chosen.slice()));
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
  const lambda = new Map<number, number>();
  for (const k of ks) for (const x of all[k].uses) lambda.set(x, isItem(x) ? 0.5 : 0);
  let bound = Infinity;
  let best: number[] = [];
  let count = -1;
  let mu = 1;
  let sinceBetter = 0;
  const reduced = new Float64Array(ks.length);
  // Rings through items few other rings use go first among equals: they block the fewest alternatives.
  const degree = new Map<number, number>();
  for (const k of ks) for (const x of all[k].uses) degree.set(x, (degree.get(x) ?? 0) + 1);
  const crowd = ks.map((k) => all[k].uses.reduce((n, x) => n + degree.get(x)!, 0) / all[k].items.length);
  const greedy = () => {
    const order = ks
      .map((_, i) => i)
      .sort((a, b) => reduced[b] - reduced[a] || all[ks[b]].items.length - all[ks[a]].items.length || crowd[a] - crowd[b]);
    const taken = new Set<number>();
    const chosen: number[] = [];
    let n = 0;
    for (const i of order) {
      const c = all[ks[i]];
      if (c.uses.some((x) => taken.has(x))) continue;
      c.uses.forEach((x) => taken.add(x));
      chosen.push(ks[i]);
      n += c.items.length;
    }
    if (n > count) ((count = n), (best = chosen));
  };
  for (let it = 0; it < 300; it++) {
    let value = 0;
    for (const v of lambda.values()) value += v;
    const over = new Map<number, number>();
    ks.forEach((k, i) => {
      const c = all[k];
      let r = c.items.length;
      for (const x of c.uses) r -= lambda.get(x)!;
      reduced[i] = r;
      if (r > 0) {
        value += r;
        for (const x of c.uses) over.set(x, (over.get(x) ?? 0) + 1);
      }
    });
    if (value < bound - 1e-9) ((bound = value), (sinceBetter = 0));
    else if (++sinceBetter >= 10) ((mu /= 2), (sinceBetter = 0));
    if (it % 5 === 0) greedy();
    if (it === 0) {
      // Before any price is learnt: the least crowded rings first.
      reduced.forEach((_, i) => (reduced[i] = -crowd[i]));
      greedy();
    }
    if (Math.floor(bound + 1e-6) <= count || mu < 1e-4) break;
    let norm = 0;
    for (const x of lambda.keys()) norm += (1 - (over.get(x) ?? 0)) ** 2;
    if (norm === 0) break;
    const step = (mu * Math.max(0.5, value - count)) / norm;
    for (const [x, v] of lambda) lambda.set(x, Math.max(0, v - step * (1 - (over.get(x) ?? 0))));
  }
  greedy();
  return { bound: Math.floor(bound + 1e-6), best, count };
}
