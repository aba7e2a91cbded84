// Meet-up mode (rings of at most 3 items, ADR 080): every 2- and 3-ring is listed (through groups too, each
// group used at most once), then the set of disjoint rings trading the most items is found by exact search:
// a greedy start, then depth-first branch and bound on the item with the fewest rings left, bounded by the
// items that can still be covered, one connected part of the ring graph at a time. Blocks and cash limits are
// exact here: in a ring of 3 every two people are neighbours, and each composed exchange is checked whole.
import { fitsLimit, type WantGraph } from "./graph";
import { hash3 } from "./random";

/** Search nodes per solve before the best found so far is kept (and `optimal` is false). */
const NODE_LIMIT = 3_000_000;

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
  // Greedy start.
  const greedy: number[] = [];
  const taken = new Set<number>();
  for (const k of ks) if (all[k].uses.every((x) => !taken.has(x))) (greedy.push(k), all[k].uses.forEach((x) => taken.add(x)));
  let best = greedy.slice();
  let bestCount = greedy.reduce((n, k) => n + all[k].items.length, 0);
  const bound = dualBound(all, ks, partItems);
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
  return { chosen: best, optimal: !stopped, upperBound: stopped ? Math.min(bound, partItems.length) : bestCount };
}

/**
 * A feasible solution of the packing LP's dual (every ring's nodes carry at least its item count): its sum bounds
 * the items any set of disjoint rings can trade. Items start at 1 and are lowered as far as every ring allows.
 */
function dualBound(all: Candidate[], ks: number[], partItems: number[]): number {
  const y = new Map<number, number>();
  for (const k of ks) for (const x of all[k].uses) y.set(x, 0);
  for (const x of partItems) y.set(x, 1);
  const rings = new Map<number, number[]>();
  for (const k of ks) for (const x of all[k].items) (rings.get(x) ?? rings.set(x, []).get(x)!).push(k);
  for (let sweep = 0; sweep < 3; sweep++)
    for (const x of partItems) {
      let need = 0;
      for (const k of rings.get(x)!) {
        let rest = all[k].items.length;
        for (const r of all[k].uses) if (r !== x) rest -= y.get(r)!;
        if (rest > need) need = rest;
      }
      y.set(x, need);
    }
  let sum = 0;
  for (const v of y.values()) sum += v;
  return Math.floor(sum + 1e-9);
}
