// Every rule a result must keep, checked from the input alone (ADR 080): the tests run it on every solver output,
// and the app may run it before it stores a result. Returns what is wrong, empty when nothing is.
import type { SwapInput, SwapResult } from "./types";

export function validateResult(input: SwapInput, result: SwapResult): string[] {
  const errors: string[] = [];
  const items = new Map(input.items.map((i) => [i.id, i]));
  const groups = new Map((input.groups ?? []).map((g) => [g.id, g]));
  const wants = new Set(input.wants.map((w) => `${w.item}\u0000${w.wants}`));
  const blocked = new Set((input.blocks ?? []).flatMap(([a, b]) => [`${a}\u0000${b}`, `${b}\u0000${a}`]));
  const seenItems = new Set<string>();
  const usedGroups = new Set<string>();
  const receivers = new Set<string>();
  let traded = 0;
  for (const [r, ring] of result.rings.entries()) {
    const { steps } = ring;
    if (steps.length < 2) errors.push(`ring ${r} has ${steps.length} step`);
    if (input.mode === "meetup" && steps.length > 3) errors.push(`ring ${r} has ${steps.length} items in meet-up mode`);
    let cash = 0;
    const net = new Map<string, number>();
    const owners = new Set<string>();
    steps.forEach((step, k) => {
      const item = items.get(step.item);
      const next = steps[(k + 1) % steps.length];
      const prev = steps[(k - 1 + steps.length) % steps.length];
      if (!item) return void errors.push(`ring ${r}: unknown item ${step.item}`);
      if (seenItems.has(step.item)) errors.push(`item ${step.item} is in two places`);
      seenItems.add(step.item);
      traded++;
      owners.add(item.owner);
      receivers.add(item.owner);
      if (step.owner !== item.owner) errors.push(`${step.item}: owner ${step.owner}, input says ${item.owner}`);
      if (step.receives !== next.item) errors.push(`${step.item} receives ${step.receives}, the ring says ${next.item}`);
      if (step.receivesFrom !== items.get(next.item)?.owner) errors.push(`${step.item}: receivesFrom is not the giver`);
      if (step.givesTo !== items.get(prev.item)?.owner) errors.push(`${step.item}: givesTo is not the receiver`);
      const received = items.get(step.receives);
      if (received && received.owner === item.owner) errors.push(`${step.item} is exchanged for its owner's own ${step.receives}`);
      // The want, directly or through a chain of the owner's groups, each group used once.
      const chain = [step.item, ...step.via, step.receives];
      for (let c = 0; c + 1 < chain.length; c++) {
        const from = chain[c];
        const to = chain[c + 1];
        const ok = c === 0 ? wants.has(`${from}\u0000${to}`) : (groups.get(from)?.members.includes(to) ?? false);
        if (!ok) errors.push(`${from} → ${to} is not a want`);
      }
      for (const gid of step.via) {
        const group = groups.get(gid);
        if (!group || group.owner !== item.owner) errors.push(`${step.item} passes through ${gid}, not its owner's group`);
        if (usedGroups.has(gid)) errors.push(`group ${gid} serves two exchanges`);
        usedGroups.add(gid);
      }
      // Cash: given minus received, within the item's limits.
      const given = item.priceCents ?? 0;
      const got = received?.priceCents ?? 0;
      if (step.cashCents !== given - got) errors.push(`${step.item}: cash ${step.cashCents}, rule says ${given - got}`);
      if (item.addUpToCents !== undefined && step.cashCents < -item.addUpToCents) errors.push(`${step.item}: pays more than its limit`);
      if (item.needBackCents !== undefined && step.cashCents < item.needBackCents)
        errors.push(`${step.item}: gets less back than it needs`);
      cash += step.cashCents;
      net.set(step.owner, (net.get(step.owner) ?? 0) + step.cashCents);
    });
    if (cash !== 0) errors.push(`ring ${r}: cash adds up to ${cash}, not 0`);
    for (const p of ring.payments) {
      if (p.cents <= 0) errors.push(`ring ${r}: payment of ${p.cents}`);
      net.set(p.from, (net.get(p.from) ?? 0) + p.cents);
      net.set(p.to, (net.get(p.to) ?? 0) - p.cents);
    }
    for (const [owner, left] of net) if (left !== 0) errors.push(`ring ${r}: payments leave ${owner} ${left} off`);
    for (const a of owners)
      for (const b of owners) if (a < b && blocked.has(`${a}\u0000${b}`)) errors.push(`ring ${r} holds ${a} and ${b}, who blocked`);
  }
  if (result.itemsTraded !== traded) errors.push(`itemsTraded ${result.itemsTraded}, rings hold ${traded}`);
  if (result.itemsTotal !== input.items.length) errors.push(`itemsTotal ${result.itemsTotal}`);
  if (result.membersReceiving !== receivers.size) errors.push(`membersReceiving ${result.membersReceiving}, rings say ${receivers.size}`);
  const notTraded = input.items.filter((i) => !seenItems.has(i.id)).length;
  if (result.notTraded.length !== notTraded || result.notTraded.some((id) => seenItems.has(id))) errors.push("notTraded is not the rest");
  if (result.upperBound < result.itemsTraded) errors.push("upper bound below the count");
  return errors;
}
