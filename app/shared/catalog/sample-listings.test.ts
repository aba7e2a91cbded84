import { describe, expect, test } from "vitest";
import { SPORT_KEYS } from "#db/schema/enums";
import { sampleListingsFor } from "./sample-listings";

describe("testing-mode sample listings (02 §2 In Play)", () => {
  test("every sport has three samples of its own equipment, each clearly marked as a sample", () => {
    for (const sport of SPORT_KEYS) {
      const samples = sampleListingsFor(sport);
      expect(samples).toHaveLength(3);
      expect(samples.every((s) => s.sport === sport && s.title.startsWith("Sample: ") && s.priceCents > 0)).toBe(true);
      expect(new Set(samples.map((s) => s.id)).size).toBe(3);
    }
  });

  test("a club without a sport gets samples too", () => {
    expect(sampleListingsFor(null)).toHaveLength(3);
  });
});
