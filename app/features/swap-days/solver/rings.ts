// From "who receives what" to the rings people read (ADR 080): groups are elided (an item that received a group
// receives what the group received), cash per item is the price given minus the price received, so around a
// ring it adds up to zero; payments settle it between neighbours with the fewest cents.
import { cmp, netCash, type WantGraph } from "./graph";
import type { Payment, SwapMode, SwapResult, SwapRing } from "./types";

export function assemble(g: WantGraph, mode: SwapMode, receives: Int32Array, optimal: boolean, upperBound?: number): SwapResult {
  // The real item each real item ends up with, through any chain of groups.
  const gets = new Int32Array(g.items).fill(-1);
  for (let i = 0; i < g.items; i++) {
    let x = receives[i];
    if (x === i) continue;
    while (x >= g.items) x = receives[x];
    gets[i] = x;
  }
  const rankOf = new Map<number, number>();
  for (let e = 0; e < g.from.length; e++) if (g.from[e] < g.items) rankOf.set(g.from[e] * g.nodes + g.to[e], g.rank[e]);
  const seen = new Uint8Array(g.items);
  const rings: SwapRing[] = [];
  let rankCost = 0;
  const receivingOwners = new Set<number>();
  for (let s = 0; s < g.items; s++) {
    if (seen[s] || gets[s] < 0) continue;
    const ring: number[] = [];
    for (let x = s; !seen[x]; x = gets[x]) {
      seen[x] = 1;
      ring.push(x);
    }
    const steps = ring.map((x, k) => {
      const from = ring[(k + 1) % ring.length];
      const to = ring[(k - 1 + ring.length) % ring.length];
      receivingOwners.add(g.owner[x]);
      rankCost += rankOf.get(x * g.nodes + receives[x]) ?? 1;
      const via: string[] = [];
      for (let d = receives[x]; d >= g.items; d = receives[d]) via.push(g.ids[d]);
      return {
        item: g.ids[x],
        owner: g.owners[g.owner[x]],
        receives: g.ids[from],
        receivesFrom: g.owners[g.owner[from]],
        via,
        givesTo: g.owners[g.owner[to]],
        cashCents: netCash(g, x, from),
      };
    });
    rings.push({ steps, payments: settle(steps) });
  }
  // Rings start at their smallest item id, and are listed in that order: the same input prints the same way.
  for (const r of rings) {
    let k = 0;
    r.steps.forEach((st, i) => cmp(st.item, r.steps[k].item) < 0 && (k = i));
    r.steps = [...r.steps.slice(k), ...r.steps.slice(0, k)];
    r.payments = settle(r.steps);
  }
  rings.sort((a, b) => cmp(a.steps[0].item, b.steps[0].item));
  const itemsTraded = rings.reduce((n, r) => n + r.steps.length, 0);
  const notTraded: string[] = [];
  for (let i = 0; i < g.items; i++) if (gets[i] < 0) notTraded.push(g.ids[i]);
  return {
    mode,
    rings,
    itemsTraded,
    itemsTotal: g.items,
    membersReceiving: receivingOwners.size,
    rankCost,
    notTraded,
    optimal,
    upperBound: upperBound ?? itemsTraded,
  };
}

/**
 * Step k receives step k+1's item and pays its giver f(k); its net is f(k-1) - f(k), so f(k) = f(k-1) - net(k).
 * The offset that makes the smallest payment 0 gives the fewest cents moved.
 */
export function settle(steps: ReadonlyArray<Pick<SwapRing["steps"][number], "owner" | "cashCents">>): Payment[] {
  const L = steps.length;
  const f = new Array<number>(L);
  f[0] = 0;
  for (let k = 1; k < L; k++) f[k] = f[k - 1] - steps[k].cashCents;
  const low = Math.min(...f);
  const payments: Payment[] = [];
  for (let k = 0; k < L; k++) {
    const cents = f[k] - low;
    const to = steps[(k + 1) % L].owner;
    if (cents > 0 && steps[k].owner !== to) payments.push({ from: steps[k].owner, to, cents });
  }
  return payments;
}
