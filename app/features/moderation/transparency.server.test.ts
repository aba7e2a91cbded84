// The transparency report (ADR 099) over a real libSQL: per complete month, counts from SQL, every
// count below 5 published as 'fewer than 5' (0 too), no current month, medians and shares only over enough.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminAuditLog, appeals, reports } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser, type TestUser } from "../../../tests/factories";
import { bucket, transparencyReport } from "./transparency.server";

let t: TestDb;
let person: TestUser;
const HOUR = 3_600_000;
// "Now" is mid-March 2031: February is the newest complete month, March is not shown.
const NOW = new Date(Date.UTC(2031, 2, 15));
const FEB = (day: number, hour = 0) => new Date(Date.UTC(2031, 1, day, hour));

beforeAll(async () => {
  t = await createTestDb();
  person = await createTestUser(t.db);
  // February: 6 scam reports, each decided 2, 4, …, 12 hours later (median 7 h); 2 harassment reports, open.
  for (let i = 1; i <= 6; i++)
    await t.db.insert(reports).values({
      targetType: "user",
      targetId: `t-${i}`,
      reason: "scam",
      status: "closed",
      outcome: "dismissed",
      handledBy: "admin",
      createdAt: FEB(i),
      handledAt: new Date(FEB(i).getTime() + 2 * i * HOUR),
    });
  for (let i = 1; i <= 2; i++)
    await t.db.insert(reports).values({ targetType: "user", targetId: `h-${i}`, reason: "harassment", createdAt: FEB(10) });
  // March (the current month): never shown.
  for (let i = 1; i <= 9; i++)
    await t.db
      .insert(reports)
      .values({ targetType: "user", targetId: `m-${i}`, reason: "scam", createdAt: new Date(Date.UTC(2031, 2, 2)) });
  // February's actions: 14 dismissals by a person, 6 holds by the system (30 % automated of 20), 1 silence.
  const audit = (action: "dismiss_report" | "hide_by_weight" | "silence_user", actorId: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      t.db.insert(adminAuditLog).values({
        actorId,
        actorEmail: "x",
        action,
        targetType: "user",
        targetId: `a-${action}-${i}`,
        targetLabel: "x",
        createdAt: FEB(12),
      }),
    );
  await Promise.all([
    ...audit("dismiss_report", "admin", 14),
    ...audit("hide_by_weight", "system", 5),
    ...audit("silence_user", "system", 1),
  ]);
  // Appeals: 5 in February, 1 of them reversed then.
  for (let i = 0; i < 5; i++)
    await t.db.insert(appeals).values({
      userId: person.id,
      subject: "warning",
      decisionId: `w-${i}`,
      decidedBy: "admin",
      text: "Please",
      status: i === 0 ? "upheld" : "open",
      judgeId: i === 0 ? "other" : null,
      judgedAt: i === 0 ? FEB(20) : null,
      createdAt: FEB(14),
    });
});
afterAll(() => t.cleanup());

describe("the transparency report", () => {
  test("a small count is 'fewer than 5' — zero included — and from 5 up it is exact", () => {
    expect([0, 1, 4, 5, 12].map(bucket)).toEqual(["fewer than 5", "fewer than 5", "fewer than 5", 5, 12]);
  });

  test("twelve complete months, newest first; the current month is never one of them", async () => {
    const months = await transparencyReport(t.db, NOW);
    expect(months).toHaveLength(12);
    expect(months[0].month).toBe("2031-02");
    expect(months[11].month).toBe("2030-03");
    expect(months.some((m) => m.month === "2031-03")).toBe(false);
  });

  test("February: notices by reason, actions by kind, the automated share, the median time to action, appeals", async () => {
    const [feb] = await transparencyReport(t.db, NOW);
    expect(feb.reports.scam).toBe(6);
    expect(feb.reports.harassment).toBe("fewer than 5");
    expect(feb.reports.other).toBe("fewer than 5");
    expect(feb.reportsTotal).toBe(8);
    expect(feb.actions).toMatchObject({ dismissed: 14, held: 5, silenced: "fewer than 5", removed: "fewer than 5" });
    // 6 of 20 actions by the system: 30 %.
    expect(feb.automatedPercent).toBe(30);
    // Decided after 2, 4, 6, 8, 10, 12 hours: the median is 7.
    expect(feb.medianHoursToAction).toBe(7);
    expect(feb.appealsReceived).toBe(5);
    expect(feb.appealsReversed).toBe("fewer than 5");
  });

  test("a month with few decisions publishes no median and no share (they would count a handful of people)", async () => {
    const months = await transparencyReport(t.db, NOW);
    const jan = months.find((m) => m.month === "2031-01")!;
    expect(jan).toMatchObject({ medianHoursToAction: null, automatedPercent: null, reportsTotal: "fewer than 5" });
    // Nothing exact leaves the module below the bucket: every count is ≥ 5 or the words.
    for (const m of months)
      for (const value of [...Object.values(m.reports), ...Object.values(m.actions), m.photoMatches, m.appealsReceived, m.appealsReversed])
        expect(value === "fewer than 5" || (typeof value === "number" && value >= 5)).toBe(true);
  });
});
