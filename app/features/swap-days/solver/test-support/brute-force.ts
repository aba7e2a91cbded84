// The independent exact method for small instances (ADR 080 "Proof"): every cycle cover of the items and groups is
// enumerated from the input's rules alone (no pruning, no shared code with the solver), and the best kept.
import type { SwapInput } from "../types";

export interface Best {
  traded: number;
  /** Least rank sum among the covers with the most items traded (table mode without blocks and group limits only). */
  rank: number;
}

export function bruteForce(input: SwapInput): Best {
  const ids = [...input.items.map((i) => i.id), ...(input.groups ?? []).map((g) => g.id)];
  const n = input.items.length;
  const N = ids.length;
  const at = new Map(ids.map((id, i) => [id, i]));
  const owner = [...input.items.map((i) => i.owner), ...(input.groups ?? []).map((g) => g.owner)];
  const price = input.items.map((i) => i.priceCents ?? 0);
  const fits = (a: number, b: number) => {
    const net = price[a] - price[b];
    const it = input.items[a];
    return (it.addUpToCents === undefined || net >= -it.addUpToCents) && (it.needBackCents === undefined || net >= it.needBackCents);
  };
  const blocked = (a: string, b: string) => (input.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const out: Array<Array<{ to: number; rank: number }>> = ids.map(() => []);
  for (const w of input.wants) {
    const a = at.get(w.item)!;
    const b = at.get(w.wants)!;
    if (out[a].some((e) => e.to === b)) continue;
    out[a].push({ to: b, rank: w.rank ?? 1 });
  }
  for (const g of input.groups ?? []) for (const m of g.members) out[at.get(g.id)!].push({ to: at.get(m)!, rank: 0 });
  // A group passes on only items that fit every item reaching it (through other groups too).
  const reachers = (gi: number): number[] => {
    const found = new Set<number>();
    const todo = [gi];
    while (todo.length > 0) {
      const x = todo.pop()!;
      for (let a = 0; a < N; a++)
        if (out[a].some((e) => e.to === x) && !found.has(a)) {
          found.add(a);
          if (a >= n) todo.push(a);
        }
    }
    return [...found].filter((a) => a < n);
  };
  const groupFits = ids.map((_, gi) => (gi < n ? [] : reachers(gi)));
  const sigma = new Array<number>(N).fill(-1);
  const taken = new Array<boolean>(N).fill(false);
  let best: Best = { traded: 0, rank: 0 };
  const evaluate = () => {
    const seen = new Array<boolean>(N).fill(false);
    let traded = 0;
    let rank = 0;
    for (let s = 0; s < N; s++) {
      if (seen[s] || sigma[s] === s) continue;
      const cycle: number[] = [];
      for (let x = s; !seen[x]; x = sigma[x]) {
        seen[x] = true;
        cycle.push(x);
      }
      const real = cycle.filter((x) => x < n);
      if (input.mode === "meetup" && real.length > 3) return;
      const owners = [...new Set(cycle.map((x) => owner[x]))];
      for (const a of owners) for (const b of owners) if (a !== b && blocked(a, b)) return;
      for (const a of real) {
        const via: number[] = [];
        let b = sigma[a];
        while (b >= n) {
          via.push(b);
          b = sigma[b];
        }
        if (owner[a] === owner[b] || !fits(a, b)) return;
        if (via.some((gi) => groupFits[gi].some((w) => !fits(w, b)))) return;
        rank += out[a].find((e) => e.to === sigma[a])!.rank;
      }
      traded += real.length;
    }
    if (traded > best.traded || (traded === best.traded && rank < best.rank)) best = { traded, rank };
  };
  const place = (x: number) => {
    if (x === N) return evaluate();
    for (const choice of [{ to: x, rank: 0 }, ...out[x]]) {
      if (taken[choice.to]) continue;
      if (choice.to !== x && choice.to < n && x < n && owner[choice.to] === owner[x]) continue;
      if (choice.to >= n && owner[choice.to] !== owner[x]) continue;
      taken[choice.to] = true;
      sigma[x] = choice.to;
      place(x + 1);
      taken[choice.to] = false;
    }
  };
  place(0);
  return best;
}
