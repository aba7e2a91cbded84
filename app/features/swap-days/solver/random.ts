// Seeded integers for tie-breaks (ADR 080 "Determinism"): a hash of (seed, a, b), so the value of one edge does
// not depend on the order anything else was visited in.

/** A 32-bit mix of three integers (the murmur3 finaliser over a simple combination). */
export function hash3(seed: number, a: number, b: number): number {
  let h = (seed ^ Math.imul(a + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
