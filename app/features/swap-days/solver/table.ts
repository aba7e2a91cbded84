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

/** How many branch-and-bound nodes one component may open before the best ring set found so far is kept. */
const NODE_LIMIT = 400;

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
        if (second) ((chosen = second.rows), (tie += second.cost));
      }
      chosen.forEach((col, row) => (r[c.nodes[row]] = c.nodes[col]));
    }
    const score = membersReceiving(g, r);
    if (score > bestScore || (score === bestScore && tie < bestTie)) ((bestScore = score), (bestTie = tie), (best = r));
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
    globalEdge: Int32Array.from(globalEdge),
    graph: { size: nodes.length, start: rowStart, to: Int32Array.from(to), cost: Float64Array.from(cost) },
  };
}

/** Rows of an assignment that break a rule one edge cannot see, as the fewest edges that may not all be used. */
function violations(g: WantGraph, c: Component, rows: Int32Array, rowEdge: Int32Array): { shortest: number[] | null; rings: number[][] } {
  const seen = new Uint8Array(rows.length);
  let shortest: number[] | null = null;
  const rings: number[][] = [];
  const consider = (edges: number[], ring: number[]) => {
    if (rings[rings.length - 1] !== ring) rings.push(ring);
    if (!shortest || edges.length < shortest.length) shortest = edges;
  };
  for (let s = 0; s < rows.length; s++) {
    if (seen[s] || rows[s] === s) continue;
    const ring: number[] = [];
    for (let x = s; !seen[x]; x = rows[x]) ((seen[x] = 1), ring.push(x));
    const L = ring.length;
    const ownerAt = (k: number) => g.owner[c.nodes[ring[k % L]]];
    const present = new Set(ring.map((_, k) => ownerAt(k)));
    for (let p = 0; p < L; p++) {
      const blocked = g.blockedWith[ownerAt(p)];
      if (blocked.size === 0 || ![...present].some((o) => blocked.has(o))) continue;
      for (let q = p + 1; q < p + L; q++) {
        if (!blocked.has(ownerAt(q))) continue;
        const edges: number[] = [];
        for (let k = p; k < q; k++) edges.push(rowEdge[ring[k % L]]);
        consider(edges, ring);
        break;
      }
    }
  }
  return { shortest, rings };
}

const rowsOf = (a: Assignment): Int32Array => Int32Array.from({ length: a.g.size }, (_, i) => a.receives(i));

/**
 * Best-first branch and bound on the assignment (a relaxation: it ignores what violations() finds). A violation
 * is a chain e1 … ek that no valid ring set uses whole; child t forces e1 … e(t-1) and forbids et, so the
 * children split exactly the ring sets that avoid the chain. The first valid node popped is optimal.
 */
function branchAndBound(g: WantGraph, c: Component): { best: Assignment | undefined; rows: Int32Array; optimal: boolean; relaxed: number } {
  const root = new Assignment(c.graph);
  root.solve();
  let relaxed = 0;
  for (let i = 0; i < c.graph.size; i++) if (c.nodes[i] < g.items && root.receives(i) !== i) relaxed++;
  const open: Array<{ a: Assignment; cost: number }> = [{ a: root, cost: root.cost() }];
  let fallback: { rows: Int32Array; cost: number } | undefined;
  let opened = 1;
  while (open.length > 0) {
    let k = 0;
    for (let i = 1; i < open.length; i++) if (open[i].cost < open[k].cost) k = i;
    const { a, cost } = open.splice(k, 1)[0];
    if (fallback && cost >= fallback.cost) continue;
    const rows = rowsOf(a);
    const found = violations(g, c, rows, a.rowEdge);
    if (!found.shortest) return { best: a, rows, optimal: true, relaxed };
    // Keep the rings that break nothing as a valid answer in case the search stops at its cap.
    const kept = rows.slice();
    for (const ring of found.rings) for (const x of ring) kept[x] = x;
    let keptCost = 0;
    kept.forEach((col, row) => (keptCost += col === row ? c.graph.cost[c.graph.start[row]] : c.graph.cost[a.rowEdge[row]]));
    if (!fallback || keptCost < fallback.cost) fallback = { rows: kept, cost: keptCost };
    if (opened >= NODE_LIMIT) return { best: undefined, rows: fallback.rows, optimal: false, relaxed };
    const chain: number[] = found.shortest;
    for (let t = 0; t < chain.length; t++) {
      const child = a.clone();
      for (let f = 0; f < t; f++) child.force(rowOf(c.graph, chain[f]), chain[f]);
      child.forbid(chain[t]);
      opened++;
      if (child.solve()) open.push({ a: child, cost: child.cost() });
    }
  }
  return { best: undefined, rows: fallback!.rows, optimal: true, relaxed };
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
  if (violations(g, c, rows, rowEdge).shortest) return null;
  return { rows, cost: second.cost() };
}
