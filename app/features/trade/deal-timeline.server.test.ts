import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestListing, createTestUser } from "../../../tests/factories";
import { listingPageFor } from "../../web/pages/listing-page.server";
import { sendListingMessage } from "../messaging/listing-questions.server";
import { proposeDeal } from "./deals.server";
import {
  acceptDeal,
  cancelDeal,
  confirmMeetup,
  counterDeal,
  declineDeal,
  markHandedOver,
  proposeMeetup,
  withdrawDeal,
} from "./deal-transitions.server";
import { dealTimelineFor } from "./deal-timeline.server";

// The listing's buyer ↔ seller thread shows the deal's steps between the messages (ADR 068):
// in time order, only the two people's own deals, words built on the server.
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;
const start = Date.now() - 10 * HOUR;
const at = (hours: number) => new Date(start + hours * HOUR);
const offer = (listingId: string, dollars: number) => ({
  listingId,
  offeredListingIds: [] as string[],
  cashCents: dollars * 100,
  cashFrom: "proposer" as const,
  message: null,
});
const counter = (dollars: number, cashFrom: "proposer" | "owner" = "proposer") => ({ cashCents: dollars * 100, cashFrom, message: null });

/** What a thread shows, in order: the messages' text and the steps' words. */
async function threadOf(viewer: Awaited<ReturnType<typeof createTestUser>>, listingId: string, buyerId: string) {
  const page = await listingPageFor(t.db, viewer, listingId);
  const thread = page?.threads.find((th) => th.buyerId === buyerId);
  if (!thread) return null;
  return [
    ...thread.messages.map((m) => ({ at: m.createdAt.getTime(), line: `msg: ${m.content}` })),
    ...thread.steps.map((s) => ({ at: s.createdAt.getTime(), line: `step: ${s.text}` })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((x) => x.line);
}

describe("the deal's steps in the buyer ↔ seller thread", () => {
  test("a whole deal between the messages, in time order, the same for both of them", async () => {
    const sally = await createTestUser(t.db, { firstName: "Sally" });
    const barry = await createTestUser(t.db, { firstName: "Barry" });
    const listingId = await createTestListing(t.db, sally, { priceCents: 5000 });

    await sendListingMessage(t.db, barry, { listingId, content: "Still available?" }, at(0));
    const made = await proposeDeal(t.db, barry, offer(listingId, 40), at(1));
    if (!made.ok) throw new Error("offer");
    const id = made.deal.id;
    await sendListingMessage(t.db, sally, { listingId, content: "Bit low", buyerId: barry.id }, at(2));
    expect(await counterDeal(t.db, sally, id, 1, counter(45), at(3))).toMatchObject({ ok: true });
    expect(await acceptDeal(t.db, barry, id, 2, at(4))).toMatchObject({ ok: true });
    const meetAt = new Date(Date.UTC(2030, 5, 8, 10, 0)); // a Saturday, 10:00 as typed
    expect(await proposeMeetup(t.db, sally, id, { spotId: null, place: "Cambridge Public Library", at: meetAt }, at(5))).toMatchObject({
      ok: true,
    });
    expect(await confirmMeetup(t.db, barry, id, at(6))).toMatchObject({ ok: true });
    await sendListingMessage(t.db, barry, { listingId, content: "See you there" }, at(6.5));
    expect(await markHandedOver(t.db, barry, id, at(7))).toMatchObject({ ok: true });
    expect(await markHandedOver(t.db, sally, id, at(8))).toMatchObject({ ok: true });

    const expected = [
      "msg: Still available?",
      "step: Offer: $40 (Barry)",
      "msg: Bit low",
      "step: Counter-offer: $45 (Sally)",
      "step: Offer accepted",
      "step: Meeting place confirmed: Cambridge Public Library, Sat, Jun 8, 10:00 AM",
      "msg: See you there",
      "step: Handed over (Barry)",
      "step: Handed over (Sally)",
      "step: Deal completed",
    ];
    expect(await threadOf(sally, listingId, barry.id)).toEqual(expected);
    expect(await threadOf(barry, listingId, barry.id)).toEqual(expected);
    // Every step links to its deal.
    const page = await listingPageFor(t.db, barry, listingId);
    expect(new Set(page?.threads[0]?.steps.map((s) => s.dealId))).toEqual(new Set([id]));
  });

  test("another buyer of the same listing never sees them; a site admin only by naming the pair", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sally" });
    const ann = await createTestUser(t.db, { firstName: "Ann" });
    const bob = await createTestUser(t.db, { firstName: "Bob" });
    const admin = await createTestUser(t.db, { admin: true });
    const listingId = await createTestListing(t.db, seller, { priceCents: 5000 });
    const a = await proposeDeal(t.db, ann, offer(listingId, 30));
    const b = await proposeDeal(t.db, bob, offer(listingId, 35));
    if (!a.ok || !b.ok) throw new Error("offers");
    expect(await declineDeal(t.db, seller, a.deal.id, 1)).toMatchObject({ ok: true });

    // Bob's page: his own thread with his own deal only — nothing of Ann's.
    const bobPage = await listingPageFor(t.db, bob, listingId);
    expect(bobPage?.threads.map((th) => [th.buyerId, th.steps.map((s) => s.text)])).toEqual([[bob.id, ["Offer: $35 (Bob)"]]]);
    expect(JSON.stringify(bobPage?.threads)).not.toContain(a.deal.id);
    expect(await dealTimelineFor(t.db, bob, { listingId, buyerId: ann.id })).toEqual([]);

    // The seller: a thread per buyer, even before they wrote (and may answer there).
    const sellerPage = await listingPageFor(t.db, seller, listingId);
    expect(sellerPage?.threads.map((th) => [th.buyerName, th.steps.map((s) => s.text)])).toEqual([
      ["Ann User", ["Offer: $30 (Ann)", "Offer declined"]],
      ["Bob User", ["Offer: $35 (Bob)"]],
    ]);
    expect(await sendListingMessage(t.db, seller, { listingId, content: "Hi Bob", buyerId: bob.id })).toMatchObject({ ok: true });

    // A site admin's own listing page shows no one's threads; naming the pair, they may look on.
    expect((await listingPageFor(t.db, admin, listingId))?.threads).toEqual([]);
    expect((await dealTimelineFor(t.db, admin, { listingId, buyerId: ann.id })).map((s) => s.text)).toEqual([
      "Offer: $30 (Ann)",
      "Offer declined",
    ]);
    // A stranger naming the pair gets nothing.
    expect(await dealTimelineFor(t.db, await createTestUser(t.db), { listingId, buyerId: ann.id })).toEqual([]);
  });

  test("withdrawn, cancelled with a reason, and expired before the clock ran", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sally" });
    const buyer = await createTestUser(t.db, { firstName: "Barry" });
    const listingId = await createTestListing(t.db, seller, { priceCents: 5000 });
    const first = await proposeDeal(t.db, buyer, offer(listingId, 20), at(0));
    if (!first.ok) throw new Error("offer");
    expect(await withdrawDeal(t.db, buyer, first.deal.id, at(1))).toMatchObject({ ok: true });
    const second = await proposeDeal(t.db, buyer, offer(listingId, 25), at(2));
    if (!second.ok) throw new Error("offer");
    expect(await acceptDeal(t.db, seller, second.deal.id, 1, at(3))).toMatchObject({ ok: true });
    expect(await cancelDeal(t.db, buyer, second.deal.id, "no_show: waited an hour", at(4))).toMatchObject({ ok: true });
    // Made 50 hours ago, never answered: expired at its 48th hour, whether or not the clock has run.
    const third = await proposeDeal(t.db, buyer, offer(listingId, 30), new Date(Date.now() - 50 * HOUR));
    if (!third.ok) throw new Error("offer");

    expect((await dealTimelineFor(t.db, seller, { listingId, buyerId: buyer.id })).map((s) => s.text)).toEqual([
      "Offer: $30 (Barry)",
      "Offer: $20 (Barry)",
      "Offer withdrawn",
      "Offer: $25 (Barry)",
      "Offer accepted",
      "Deal cancelled: The other person did not show up — waited an hour",
      "Offer expired",
    ]);
  });

  test("a deleted buyer shows as 'Former member', in a thread of its own with no reply box", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sally" });
    const gone = await createTestUser(t.db, { firstName: "Gus" });
    const listingId = await createTestListing(t.db, seller, { priceCents: 5000 });
    const made = await proposeDeal(t.db, gone, offer(listingId, 40));
    if (!made.ok) throw new Error("offer");
    expect(await counterDeal(t.db, seller, made.deal.id, 1, counter(45))).toMatchObject({ ok: true });
    await t.db.delete(users).where(eq(users.id, gone.id));

    const page = await listingPageFor(t.db, seller, listingId);
    expect(page?.threads).toEqual([
      expect.objectContaining({
        buyerName: "Former member",
        closed: true,
        messages: [],
        steps: [
          expect.objectContaining({ text: "Offer: $40 (Former member)", dealId: made.deal.id }),
          expect.objectContaining({ text: "Counter-offer: $45 (Sally)" }),
        ],
      }),
    ]);
  });
});
