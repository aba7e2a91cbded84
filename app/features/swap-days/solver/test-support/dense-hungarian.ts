// A second, differently built exact solver for the property tests (ADR 080 "Proof"): the classic dense O(n³)
// Hungarian method over a full cost matrix (rows receive, columns are given), no graph, no pruning, no heap.
// Table mode, no blocks, no limits reached through groups (what one edge can check is checked here on its own).
import type { SwapInput } from "../types";

export function denseMaximum(input: SwapInput): { traded: number; rank: number } {
  const ids = [...input.items.map((i) => i.id), ...(input.groups ?? []).map((g) => g.id)];
  const n = input.items.length;
  const N = ids.length;
  const at = new Map(ids.map((id, i) => [id, i]));
  const owner = [...input.items.map((i) => i.owner), ...(input.groups ?? []).map((g) => g.owner)];
  const INF = 1e15;
  const NO_TRADE = 1e9;
  const c: Float64Array[] = Array.from({ length: N }, () => new Float64Array(N).fill(INF));
  for (let i = 0; i < N; i++) c[i][i] = i < n ? NO_TRADE : 0;
  for (const w of input.wants) {
    const a = at.get(w.item)!;
    const b = at.get(w.wants)!;
    if (a === b || (b < n && owner[a] === owner[b])) continue;
    const item = input.items[a];
    if (b < n) {
      const net = (item.priceCents ?? 0) - (input.items[b].priceCents ?? 0);
      if (item.addUpToCents !== undefined && net < -item.addUpToCents) continue;
      if (item.needBackCents !== undefined && net < item.needBackCents) continue;
    }
    c[a][b] = Math.min(c[a][b], w.rank ?? 1);
  }
  for (const g of input.groups ?? [])
    for (const m of g.members) if (owner[at.get(m)!] !== g.owner || at.get(m)! >= n) c[at.get(g.id)!][at.get(m)!] = 0;
  // Hungarian method, 1-indexed potentials (u rows, v columns), p[col] = row, way[] the alternating path.
  const u = new Float64Array(N + 1);
  const v = new Float64Array(N + 1);
  const p = new Int32Array(N + 1);
  const way = new Int32Array(N + 1);
  for (let i = 1; i <= N; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(N + 1).fill(Infinity);
    const used = new Uint8Array(N + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= N; j++) {
        if (used[j]) continue;
        const cur = c[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= N; j++)
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  let traded = 0;
  let rank = 0;
  for (let j = 1; j <= N; j++) {
    const row = p[j] - 1;
    if (row < n && row !== j - 1) {
      traded++;
      rank += c[row][j - 1];
    }
  }
  return { traded, rank };
}
