import { describe, expect, test } from "vitest";
import { promptStage, seasonEndFor } from "./seasons";

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("a sport's season and the outgrown prompt's stages", () => {
  test("the current season end is this year's until two weeks past it, then next year's", () => {
    expect(seasonEndFor("hockey", day("2026-01-10"))).toBe("2026-03-31");
    expect(seasonEndFor("hockey", day("2026-04-14"))).toBe("2026-03-31");
    expect(seasonEndFor("hockey", day("2026-04-15"))).toBe("2027-03-31");
  });

  test("two weeks before: 'soon'; from the end day for two weeks: 'ended'; otherwise nothing", () => {
    expect(promptStage("2026-03-31", day("2026-03-16"))).toBeNull();
    expect(promptStage("2026-03-31", day("2026-03-17"))).toBe("soon");
    expect(promptStage("2026-03-31", day("2026-03-30"))).toBe("soon");
    expect(promptStage("2026-03-31", day("2026-03-31"))).toBe("ended");
    expect(promptStage("2026-03-31", day("2026-04-14"))).toBe("ended");
    expect(promptStage("2026-03-31", day("2026-04-15"))).toBeNull();
  });
});
