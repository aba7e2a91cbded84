// ADR 011: signed-in pages under concurrency. The same load as `bench/http-load.ts
// --signed-in`, at a smaller size: many sessions at once, then many requests at once on one
// session, mixing pages, `.data` revalidations and real writes (questions to a seller, favorites).
import { formatSignedInReport, runSignedInLoad } from "../setup/signed-in-load";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { e2eDb, expect, test } from "./fixtures";

test("signed-in sessions under concurrent load: every request answered, every write acknowledged exactly once", async () => {
  // Two bursts of real page renders on a shared two-core machine.
  test.slow();
  const reports = await runSignedInLoad({ base: E2E_BASE_URL, db: e2eDb(), sessions: 10, burst: 20 });
  await test.info().attach("signed-in load", { body: formatSignedInReport(reports), contentType: "text/plain" });

  const [manySessions, oneSession] = reports;
  expect(manySessions!.requests).toBe(80);
  expect(oneSession!.requests).toBe(20);
  for (const report of reports) {
    // Not one 5xx or dropped connection: every page, `.data` and write is answered 200.
    expect(report.byStatus, `${report.name}: ${report.first5xx ?? ""}`).toEqual({ 200: report.requests });
    // What the sender was told is what the database holds: no question lost, none stored twice.
    expect(report.sends.acknowledged).toBeGreaterThan(0);
    expect(report.sends.stored).toBe(report.sends.acknowledged);
    expect(report.sends.storedTwice).toBe(0);
    expect(report.sends.storedUnacknowledged).toBe(0);
    expect(report.favorites.stored).toBe(report.favorites.acknowledged);
  }
});
