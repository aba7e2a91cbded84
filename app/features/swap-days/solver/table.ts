// Table mode (rings of any length), TradeMaximizer's model (ADR 080): each item a row (it receives) and a column
// (it is given); an edge per want, a self-loop "does not trade" per item at a cost above every trade's sum; a
// minimum-cost perfect assignment is a set of rings that trades the most items, and among those the least rank.
// Solved per strongly connected component. A second solve on the tight edges (those some optimal assignment may
// use) picks, among the optimal ones, the one that spreads trades over members, then the seed's choice.
// Blocks between people further apart than neighbours are enforced by branch and bound.
import { Assignment, type SparseGraph } from "./assignment";
import type { WantGraph } from "./graph";
import { hash3 } from "./random";
import { csrStart, stronglyConnected } from "./scc";

/** Branch-and-bound nodes one component may open (each a clone and a warm re-solve: fewer on big components). */
const NODE_WORK = 100_000;
const NODE_LIMIT_MIN = 20;
/** Repair splits a ring holding a blocked pair this many times, then keeps the far item of a blocked chain out. */
const REPAIR_SPLITS = 50;

export interface Cover {
  /** receives[x] = the node x receives (x itself: x does not trade). */
  receives: Int32Array;
  optimal: boolean;
  /** Items the relaxation trades (blocks and group limits ignored): a bound on any valid ring set. */
  upperBound: number;
}

interface Component {
  nodes: number[];
  /** Local index of each global node in this component. */
  local: Map<number, number>;
  /** The cost of a real item's self-loop: above the sum of every trade's rank. */
  noTrade: number;
  /** Global graph edge id per local edge (-1 = self-loop). */
  globalEdge: Int32Array;
  graph: SparseGraph;
}

export function solveTable(g: WantGraph, seed: number, iterations = 1): Cover {
  const receives = Int32Array.from({ length: g.nodes }, (_, i) => i);
  const start = csrStart(g.nodes, g.from);
  const comp = stronglyConnected(g.nodes, start, g.to);
  const members = new Map<number, number[]>();
  for (let x = 0; x < g.nodes; x++) {
    const list = members.get(comp[x]);
    if (list) list.push(x);
    else members.set(comp[x], [x]);
  }
  const itemsOf = new Int32Array(g.owners.length);
  for (let i = 0; i < g.items; i++) itemsOf[g.owner[i]]++;
  let optimal = true;
  let upperBound = 0;
  const solved: Array<{ c: Component; best: Assignment | undefined; rows: Int32Array }> = [];
  for (const nodes of members.values()) {
    if (nodes.length < 2 || nodes[0] >= g.items) continue;
    const c = component(g, start, comp, nodes);
    const result = branchAndBound(g, c);
    optimal &&= result.optimal;
    upperBound += result.relaxed;
    solved.push({ c, ...result });
  }
  // Stage 2 over the tight edges; with iterations, the seeded solve where most members receive.
  let bestScore = -1;
  let bestTie = Infinity;
  let best: Int32Array | undefined;
  for (let it = 0; it < Math.max(1, iterations); it++) {
    const r = receives.slice();
    let tie = 0;
    for (const { c, best: a, rows } of solved) {
      let chosen = rows;
      if (a) {
        const second = tieBreak(g, c, a, itemsOf, hash3(seed, it, 0x5eed));
        if (second) {
          chosen = second.rows;
          tie += second.cost;
        }
      }
      chosen.forEach((col, row) => (r[c.nodes[row]] = c.nodes[col]));
    }
    const score = membersReceiving(g, r);
    if (score > bestScore || (score === bestScore && tie < bestTie)) {
      bestScore = score;
      bestTie = tie;
      best = r;
    }
  }
  return { receives: best ?? receives, optimal, upperBound };
}

export function membersReceiving(g: WantGraph, receives: Int32Array): number {
  const seen = new Set<number>();
  for (let i = 0; i < g.items; i++) if (receives[i] !== i) seen.add(g.owner[i]);
  return seen.size;
}

function component(g: WantGraph, start: Int32Array, comp: Int32Array, nodes: number[]): Component {
  const local = new Map(nodes.map((x, i) => [x, i]));
  const real = nodes.filter((x) => x < g.items).length;
  let maxRank = 1;
  for (const x of nodes)
    for (let e = start[x]; e < start[x + 1]; e++) if (comp[g.to[e]] === comp[x]) maxRank = Math.max(maxRank, g.rank[e]);
  const noTrade = (real + 1) * maxRank + 1;
  const rowStart = new Int32Array(nodes.length + 1);
  const to: number[] = [];
  const cost: number[] = [];
  const globalEdge: number[] = [];
  nodes.forEach((x, i) => {
    to.push(i);
    cost.push(x < g.items ? noTrade : 0);
    globalEdge.push(-1);
    for (let e = start[x]; e < start[x + 1]; e++) {
      const y = local.get(g.to[e]);
      if (y === undefined) continue;
      to.push(y);
      cost.push(g.rank[e]);
      globalEdge.push(e);
    }
    rowStart[i + 1] = to.length;
  });
  return {
    nodes,
    local,
    noTrade,
    globalEdge: Int32Array.from(globalEdge),
    graph: { size: nodes.length, start: rowStart, to: Int32Array.from(to), cost: Float64Array.from(cost) },
  };
}

interface Violation {
  /** The fewest edges that may not all be used: from an item of one blocked person to the next of the other. */
  shortest: number[];
  /** The ring (local nodes in order) and the positions of the two people's items in it, for the repair. */
  ring: number[];
  sides: [number[], number[]];
}

/** The shortest chain between two people who blocked each other and share a ring, or null when none do. */
function violations(g: WantGraph, c: Component, rows: Int32Array, rowEdge: Int32Array): Violation | null {
  const seen = new Uint8Array(rows.length);
  let found: Violation | null = null;
  for (let s = 0; s < rows.length; s++) {
    if (seen[s] || rows[s] === s) continue;
    const ring: number[] = [];
    for (let x = s; !seen[x]; x = rows[x]) {
      seen[x] = 1;
      ring.push(x);
    }
    const L = ring.length;
    const ownerAt = (k: number) => g.owner[c.nodes[ring[k % L]]];
    const present = new Set(ring.map((_, k) => ownerAt(k)));
    for (let p = 0; p < L; p++) {
      const blocked = g.blockedWith[ownerAt(p)];
      if (blocked.size === 0 || ![...present].some((o) => blocked.has(o))) continue;
      for (let q = p + 1; q < p + L; q++) {
        if (!blocked.has(ownerAt(q))) continue;
        if (!found || q - p < found.shortest.length) {
          const edges: number[] = [];
          for (let k = p; k < q; k++) edges.push(rowEdge[ring[k % L]]);
          const a = ownerAt(p);
          const b = ownerAt(q);
          const sides: [number[], number[]] = [[], []];
          ring.forEach((_, k) => (ownerAt(k) === a ? sides[0].push(k) : ownerAt(k) === b && sides[1].push(k)));
          found = { shortest: edges, ring, sides };
        }
        break;
      }
    }
  }
  return found;
}

/**
 * One repair step: the ring is cut in two arcs, one holding an item of each of the two people, as near halves as
 * their places allow, and no edge may join the two arcs' sides again (labels refine with each step), so each side
 * closes its own rings. In a dense want graph this rarely costs an item.
 */
function splitRing(a: Assignment, label: Int32Array, v: Violation, nextLabel: number, owner: (x: number) => number, share: number): void {
  const L = v.ring.length;
  let best: [number, number] = [v.sides[0][0], v.sides[1][0]];
  let bestGap = Infinity;
  for (const p of v.sides[0])
    for (const q of v.sides[1]) {
      const gap = Math.abs(((q - p + L) % L) - L * share);
      if (gap < bestGap) {
        bestGap = gap;
        best = [p, q];
      }
    }
  const [p, q] = best;
  const ringLabel = label[v.ring[0]];
  const side = new Uint8Array(label.length);
  for (let k = p; k !== q; k = (k + 1) % L) side[v.ring[k]] = 1;
  // Every item of the two people in this part goes to its person's side, wherever it is now.
  const [ownerA, ownerB] = [v.sides[0][0], v.sides[1][0]].map((k) => owner(v.ring[k]));
  for (let x = 0; x < label.length; x++) {
    if (label[x] !== ringLabel) continue;
    if (owner(x) === ownerA) side[x] = 1;
    else if (owner(x) === ownerB) side[x] = 0;
    if (side[x]) label[x] = nextLabel;
  }
  const { g } = a;
  for (let x = 0; x < g.size; x++)
    for (let e = g.start[x]; e < g.start[x + 1]; e++) if (a.allowed[e] && label[x] !== label[g.to[e]]) a.forbid(e);
}

const rowsOf = (a: Assignment): Int32Array => Int32Array.from({ length: a.g.size }, (_, i) => a.receives(i));

/**
 * Best-first branch and bound on the assignment (a relaxation: it ignores what violations() finds). A violation
 * is a chain e1 … ek that no valid ring set uses whole; child t forces e1 … e(t-1) and forbids et, so the
 * children split exactly the ring sets that avoid the chain. The first valid node popped is optimal. The
 * incumbent that prunes it comes first, by repair (splitRing; after REPAIR_SPLITS steps the item at the far end
 * of a blocked chain is kept out) until no ring holds a blocked pair; each re-solve is warm (the potentials stay
 * valid), a few augmenting paths.
 */
function branchAndBound(g: WantGraph, c: Component): { best: Assignment | undefined; rows: Int32Array; optimal: boolean; relaxed: number } {
  const root = new Assignment(c.graph);
  root.solve();
  let relaxed = 0;
  for (let i = 0; i < c.graph.size; i++) if (c.nodes[i] < g.items && root.receives(i) !== i) relaxed++;
  const firstViolation = violations(g, c, rowsOf(root), root.rowEdge);
  if (!firstViolation) return { best: root, rows: rowsOf(root), optimal: true, relaxed };
  const first = firstViolation.shortest;
  // Each step takes the better of two repairs: split the ring (splitRing), or keep the chain's far item out.
  let incumbent = root.clone();
  let label: Int32Array = new Int32Array(c.graph.size);
  for (let v: Violation | null = firstViolation, step = 1; v; step++) {
    // Candidates: keep either end of the chain out, or split the ring at a half or a quarter; the cheapest wins.
    const tries: Array<{ a: Assignment; label: Int32Array }> = [];
    for (const end of [c.graph.to[v.shortest[v.shortest.length - 1]], rowOf(c.graph, v.shortest[0])]) {
      const out = incumbent.clone();
      out.force(end, c.graph.start[end]); // the self-loop is each row's first edge
      out.solve();
      tries.push({ a: out, label });
    }
    if (step <= REPAIR_SPLITS)
      for (const share of [1 / 2, 1 / 4]) {
        const split = incumbent.clone();
        const splitLabel = label.slice();
        splitRing(split, splitLabel, v, step, (x) => g.owner[c.nodes[x]], share);
        split.solve();
        tries.push({ a: split, label: splitLabel });
      }
    const pick = tries.reduce((m, t) => (t.a.cost() < m.a.cost() ? t : m));
    incumbent = pick.a;
    label = pick.label;
    v = violations(g, c, rowsOf(incumbent), incumbent.rowEdge);
  }
  let best = incumbent.cost();
  const open: Array<{ a: Assignment; cost: number; chain: number[] }> = [{ a: root, cost: root.cost(), chain: first }];
  let opened = 1;
  while (open.length > 0) {
    let k = 0;
    for (let i = 1; i < open.length; i++) if (open[i].cost < open[k].cost) k = i;
    const { a, cost, chain } = open.splice(k, 1)[0];
    if (cost >= best) break;
    for (let t = 0; t < chain.length; t++) {
      // At the cap the count may still be proven: the incumbent trades as many items as the relaxation.
      if (opened++ >= Math.max(NODE_LIMIT_MIN, NODE_WORK / c.graph.size))
        return {
          best: incumbent,
          rows: rowsOf(incumbent),
          optimal: Math.floor(best / c.noTrade) === Math.floor(root.cost() / c.noTrade),
          relaxed,
        };
      const child = a.clone();
      for (let f = 0; f < t; f++) child.force(rowOf(c.graph, chain[f]), chain[f]);
      child.forbid(chain[t]);
      if (!child.solve()) continue;
      const childCost = child.cost();
      if (childCost >= best) continue;
      const next = violations(g, c, rowsOf(child), child.rowEdge);
      if (next) open.push({ a: child, cost: childCost, chain: next.shortest });
      else {
        incumbent = child;
        best = childCost;
      }
    }
  }
  return { best: incumbent, rows: rowsOf(incumbent), optimal: true, relaxed };
}

const rowOf = (graph: SparseGraph, e: number): number => {
  let lo = 0;
  let hi = graph.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (graph.start[mid] <= e) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

/** Among the optimal assignments (tight edges only), the least spread-and-seed cost; null when it breaks a rule. */
function tieBreak(g: WantGraph, c: Component, a: Assignment, itemsOf: Int32Array, seed: number): { rows: Int32Array; cost: number } | null {
  const tight = a.tightEdges();
  const { graph } = c;
  const start = new Int32Array(graph.size + 1);
  const to: number[] = [];
  const cost: number[] = [];
  const original: number[] = [];
  for (let i = 0; i < graph.size; i++) {
    const x = c.nodes[i];
    const spread = x < g.items ? Math.round(63 * (1 - 1 / itemsOf[g.owner[x]])) : 0;
    for (let e = graph.start[i]; e < graph.start[i + 1]; e++) {
      if (!tight[e]) continue;
      to.push(graph.to[e]);
      original.push(e);
      const trade = x < g.items && graph.to[e] !== i;
      cost.push(trade ? spread * 64 + (hash3(seed, x, c.nodes[graph.to[e]]) & 63) : 0);
    }
    start[i + 1] = to.length;
  }
  const second = new Assignment({ size: graph.size, start, to: Int32Array.from(to), cost: Float64Array.from(cost) });
  if (!second.solve()) return null;
  const rows = rowsOf(second);
  const rowEdge = Int32Array.from(second.rowEdge, (e) => original[e]);
  if (violations(g, c, rows, rowEdge)) return null;
  return { rows, cost: second.cost() };
}
