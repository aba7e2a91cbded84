// The deal clock job (ADR 068) against the real database and the dev outbox, with a
// publisher that records what it was given (the rooms are the realtime suite's business).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { deals, listings, mailOutbox } from "#db/schema";
import type { UserEvent } from "../realtime/room-events";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { saleDeal } from "../../../tests/deal-fixtures";
import { DEAL_CLOCK_CRON, moveDealsBack, runDealClockJob, type DealClockDeps } from "./deal-clock-job.server";
import { AUTO_COMPLETE_MS, OFFER_REMINDER_MS, OFFER_TTL_MS } from "../trade/deal-machine";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;

function recordingDeps() {
  const published: { userId: string; event: UserEvent }[] = [];
  const deps: DealClockDeps = {
    db: t.db,
    env: { APP_ENV: "test", APP_ORIGIN: "http://127.0.0.1:8787" },
    publish: { user: (userId, event) => published.push({ userId, event }) },
  };
  return { deps, published };
}

const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const stateOf = async (id: string) => (await t.db.select({ state: deals.state }).from(deals).where(eq(deals.id, id)))[0]!.state;

describe("the deal clock job", () => {
  test("an offer unanswered for 24 hours: one reminder mail to the owner, however often the clock runs; nothing published", async () => {
    const offer = await saleDeal(t.db, "proposed", { at: new Date(Date.now() - OFFER_REMINDER_MS - HOUR), title: "Lacrosse stick" });
    const { deps, published } = recordingDeps();

    const first = await runDealClockJob(deps);
    expect(first.reminded).toContain(offer.dealId);
    const mails = await mailsTo(offer.seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/deals/${offer.dealId}`);
    expect(await mailsTo(offer.buyer.email)).toHaveLength(0);

    const second = await runDealClockJob(deps, new Date(Date.now() + HOUR));
    expect(second.reminded).not.toContain(offer.dealId);
    expect(await mailsTo(offer.seller.email)).toHaveLength(1);
    // A reminder changes no state: nobody's page needs to reload.
    expect(published.filter(({ event }) => event.type === "deal.changed" && event.dealId === offer.dealId)).toEqual([]);
    expect(await stateOf(offer.dealId)).toBe("proposed");
  });

  test("an offer unanswered for 48 hours expires, and both parties' rooms hear of it", async () => {
    const offer = await saleDeal(t.db, "proposed", { at: new Date(Date.now() - OFFER_TTL_MS - HOUR) });
    const { deps, published } = recordingDeps();
    const run = await runDealClockJob(deps);
    expect(run.expired).toContain(offer.dealId);
    expect(await stateOf(offer.dealId)).toBe("expired");
    const forDeal = published.filter(({ event }) => event.type === "deal.changed" && event.dealId === offer.dealId);
    expect(forDeal.map(({ userId }) => userId).sort()).toEqual([offer.buyer.id, offer.seller.id].sort());
    expect(forDeal[0]!.event).toEqual({
      type: "deal.changed",
      dealId: offer.dealId,
      listingId: offer.listingId,
      state: "expired",
      step: "expire",
    });
    for (const userId of [offer.buyer.id, offer.seller.id]) expect(published).toContainEqual({ userId, event: { type: "badges.changed" } });
    // Expired: no reminder for it either.
    expect(run.reminded).not.toContain(offer.dealId);
  });

  test("handed over by one side 72 hours ago: completed, the listing sold, both told", async () => {
    const deal = await saleDeal(t.db, "handedOver", { at: new Date(Date.now() - AUTO_COMPLETE_MS - HOUR) });
    const { deps, published } = recordingDeps();
    const run = await runDealClockJob(deps);
    expect(run.completed).toContain(deal.dealId);
    expect(await stateOf(deal.dealId)).toBe("completed");
    const [listing] = await t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, deal.listingId));
    expect(listing!.status).toBe("sold");
    expect(published.filter(({ event }) => event.type === "deal.changed" && event.dealId === deal.dealId)).toHaveLength(2);
  });

  test("moving one deal's clock (the dev route's way) leaves the others alone", async () => {
    const moved = await saleDeal(t.db, "proposed");
    const untouched = await saleDeal(t.db, "proposed");
    await moveDealsBack(t.db, [moved.dealId], OFFER_TTL_MS + HOUR);
    const run = await runDealClockJob(recordingDeps().deps);
    expect(run.expired).toContain(moved.dealId);
    expect(run.expired).not.toContain(untouched.dealId);
    expect(await stateOf(untouched.dealId)).toBe("proposed");
  });

  test("a run limited to named deals (the dev route's) leaves another due deal for its own run", async () => {
    // Two tests on the shared e2e stack each move their own deal's clock: neither run may take the other's.
    const mine = await saleDeal(t.db, "handedOver", { at: new Date(Date.now() - AUTO_COMPLETE_MS - HOUR) });
    const theirs = await saleDeal(t.db, "handedOver", { at: new Date(Date.now() - AUTO_COMPLETE_MS - HOUR) });
    const run = await runDealClockJob(recordingDeps().deps, new Date(), [mine.dealId]);
    expect(run.completed).toEqual([mine.dealId]);
    expect(await stateOf(theirs.dealId)).toBe("handed_over");
    const theirRun = await runDealClockJob(recordingDeps().deps, new Date(), [theirs.dealId]);
    expect(theirRun.completed).toEqual([theirs.dealId]);
  });

  test("wrangler.toml triggers the deal clock's cron (worker.ts scheduled picks the job by it)", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const crons = toml.match(/^crons\s*=\s*\[(.*)\]/m)?.[1] ?? "";
    expect(crons).toContain(`"${DEAL_CLOCK_CRON}"`);
  });
});
