// A sparse minimum-cost perfect assignment (ADR 080): successive shortest augmenting paths, Dijkstra on reduced
// costs with column potentials (Jonker–Volgenant's augmentation, kept sparse). Row i is "item i receives", column
// j is "item j is given"; every row has its self-loop, so a perfect assignment always exists until a branch forces
// or forbids edges. Costs are integers held in doubles: exact below 2^53 (the caller keeps them there).

export interface SparseGraph {
  /** Rows and columns. */
  size: number;
  /** Row i's edges are start[i] … start[i+1]-1. */
  start: Int32Array;
  to: Int32Array;
  cost: Float64Array;
}

export class Assignment {
  readonly g: SparseGraph;
  /** 1 = the edge may be used. */
  readonly allowed: Uint8Array;
  /** Row → edge id it uses (-1 free); column → row (-1 free). */
  readonly rowEdge: Int32Array;
  readonly colRow: Int32Array;
  /** Column potentials: for every allowed edge, cost - v[to] >= u[row] with u[row] = cost(rowEdge) - v[col]. */
  readonly v: Float64Array;
  private colEdges: { start: Int32Array; edge: Int32Array } | undefined;

  constructor(g: SparseGraph, from?: Assignment) {
    this.g = g;
    if (from) {
      this.allowed = from.allowed.slice();
      this.rowEdge = from.rowEdge.slice();
      this.colRow = from.colRow.slice();
      this.v = from.v.slice();
      this.colEdges = from.colEdges;
      return;
    }
    const n = g.size;
    this.allowed = new Uint8Array(g.to.length).fill(1);
    this.rowEdge = new Int32Array(n).fill(-1);
    this.colRow = new Int32Array(n).fill(-1);
    this.v = new Float64Array(n).fill(Infinity);
    for (let e = 0; e < g.to.length; e++) if (g.cost[e] < this.v[g.to[e]]) this.v[g.to[e]] = g.cost[e];
    for (let j = 0; j < n; j++) if (this.v[j] === Infinity) this.v[j] = 0;
    // Greedy start: each row takes its cheapest reduced edge when that column is still free.
    for (let i = 0; i < n; i++) {
      let best = -1;
      let bestCost = Infinity;
      for (let e = g.start[i]; e < g.start[i + 1]; e++) {
        const r = g.cost[e] - this.v[g.to[e]];
        if (r < bestCost) {
          bestCost = r;
          best = e;
        }
      }
      if (best >= 0 && this.colRow[g.to[best]] === -1) {
        this.rowEdge[i] = best;
        this.colRow[g.to[best]] = i;
      }
    }
  }

  clone(): Assignment {
    return new Assignment(this.g, this);
  }

  /** Total cost of the current (perfect) assignment. */
  cost(): number {
    let c = 0;
    for (let i = 0; i < this.g.size; i++) c += this.g.cost[this.rowEdge[i]];
    return c;
  }

  /** Column each row receives. */
  receives(row: number): number {
    return this.g.to[this.rowEdge[row]];
  }

  private unassignRow(i: number): void {
    const e = this.rowEdge[i];
    if (e < 0) return;
    this.colRow[this.g.to[e]] = -1;
    this.rowEdge[i] = -1;
  }

  /** Forbid edge e (a branch); the rows it frees are re-augmented by solve(). */
  forbid(e: number): void {
    this.allowed[e] = 0;
    const row = this.colRow[this.g.to[e]];
    if (row >= 0 && this.rowEdge[row] === e) this.unassignRow(row);
  }

  /** Force edge e from its row: every other edge of the row and into its column goes. */
  force(row: number, e: number): void {
    const { g } = this;
    const col = g.to[e];
    for (let f = g.start[row]; f < g.start[row + 1]; f++) if (f !== e) this.allowed[f] = 0;
    const ce = this.columnEdges();
    for (let k = ce.start[col]; k < ce.start[col + 1]; k++) if (ce.edge[k] !== e) this.allowed[ce.edge[k]] = 0;
    if (this.rowEdge[row] === e) return;
    this.unassignRow(row);
    const other = this.colRow[col];
    if (other >= 0) this.unassignRow(other);
    this.rowEdge[row] = e;
    this.colRow[col] = row;
  }

  private columnEdges(): { start: Int32Array; edge: Int32Array } {
    if (this.colEdges) return this.colEdges;
    const { g } = this;
    const start = new Int32Array(g.size + 1);
    for (let e = 0; e < g.to.length; e++) start[g.to[e] + 1]++;
    for (let j = 0; j < g.size; j++) start[j + 1] += start[j];
    const fill = start.slice(0, g.size);
    const edge = new Int32Array(g.to.length);
    for (let e = 0; e < g.to.length; e++) edge[fill[g.to[e]]++] = e;
    this.colEdges = { start, edge };
    return this.colEdges;
  }

  /** Augments every free row; false when no perfect assignment exists with the allowed edges. */
  solve(): boolean {
    const n = this.g.size;
    const s = new Scratch(n, this.g.to.length);
    for (let i = 0; i < n; i++) if (this.rowEdge[i] === -1 && !this.augment(i, s)) return false;
    return true;
  }

  private augment(source: number, s: Scratch): boolean {
    const { g, allowed, v, rowEdge, colRow } = this;
    const { dist, predEdge, settled, heap, scanned } = s;
    s.stamp++;
    const stamp = s.stamp;
    heap.clear();
    scanned.length = 0;
    const relax = (row: number, base: number) => {
      for (let e = g.start[row]; e < g.start[row + 1]; e++) {
        if (!allowed[e]) continue;
        const j = g.to[e];
        if (settled[j] === stamp) continue;
        const d = base + g.cost[e] - v[j];
        if (s.seen[j] !== stamp || d < dist[j]) {
          s.seen[j] = stamp;
          dist[j] = d;
          predEdge[j] = e;
          heap.push(d, j);
        }
      }
    };
    relax(source, 0);
    let target = -1;
    let D = 0;
    while (heap.size > 0) {
      const j = heap.popValue();
      if (settled[j] === stamp) continue;
      settled[j] = stamp;
      scanned.push(j);
      const row = colRow[j];
      if (row === -1) {
        target = j;
        D = dist[j];
        break;
      }
      const u = g.cost[rowEdge[row]] - v[j];
      relax(row, dist[j] - u);
    }
    if (target === -1) return false;
    for (const j of scanned) if (dist[j] < D) v[j] += dist[j] - D;
    let j = target;
    for (;;) {
      const e = predEdge[j];
      const row = rowFromEdge(g, e);
      const previous = rowEdge[row];
      rowEdge[row] = e;
      colRow[j] = row;
      if (row === source) break;
      j = g.to[previous];
    }
    return true;
  }

  /** Edges whose reduced cost is 0 under the current (optimal) potentials: exactly those some optimal assignment may use. */
  tightEdges(): Uint8Array {
    const { g, v, allowed, rowEdge } = this;
    const tight = new Uint8Array(g.to.length);
    for (let i = 0; i < g.size; i++) {
      const u = g.cost[rowEdge[i]] - v[g.to[rowEdge[i]]];
      for (let e = g.start[i]; e < g.start[i + 1]; e++) if (allowed[e] && g.cost[e] - v[g.to[e]] - u === 0) tight[e] = 1;
    }
    return tight;
  }
}

/** The row an edge leaves (binary search in start). */
function rowFromEdge(g: SparseGraph, e: number): number {
  let lo = 0;
  let hi = g.size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (g.start[mid] <= e) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

class Scratch {
  stamp = 0;
  readonly dist: Float64Array;
  readonly predEdge: Int32Array;
  readonly settled: Int32Array;
  readonly seen: Int32Array;
  readonly heap: MinHeap;
  readonly scanned: number[] = [];
  constructor(n: number, m: number) {
    this.dist = new Float64Array(n);
    this.predEdge = new Int32Array(n);
    this.settled = new Int32Array(n);
    this.seen = new Int32Array(n);
    this.heap = new MinHeap(m + 1);
  }
}

/** A binary heap of (key, value) with lazy deletion. */
class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  size = 0;
  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
    this.values = new Int32Array(Math.max(16, capacity));
  }
  clear(): void {
    this.size = 0;
  }
  push(key: number, value: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      const v = new Int32Array(this.size * 2);
      v.set(this.values);
      this.keys = k;
      this.values = v;
    }
    let i = this.size++;
    const { keys, values } = this;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      values[i] = values[p];
      i = p;
    }
    keys[i] = key;
    values[i] = value;
  }
  popValue(): number {
    const { keys, values } = this;
    const top = values[0];
    const last = --this.size;
    const key = keys[last];
    const value = values[last];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      if (c + 1 < last && keys[c + 1] < keys[c]) c++;
      if (keys[c] >= key) break;
      keys[i] = keys[c];
      values[i] = values[c];
      i = c;
    }
    keys[i] = key;
    values[i] = value;
    return top;
  }
}
