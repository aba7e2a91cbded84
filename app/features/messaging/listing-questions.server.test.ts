import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appeals, clubMembers, clubs, heldContent, profiles, reports, users } from "#db/schema";
import { eq } from "drizzle-orm";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { LISTING_MESSAGE_RATE_LIMIT, listingThreadsFor, sendListingMessage } from "./listing-questions.server";
import { createListing, type ListingInput } from "../listings/listings.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function viewer(firstName = "Pat"): Promise<Viewer> {
  const email = `${crypto.randomUUID().slice(0, 8)}@test.dev`;
  const [user] = await t.db.insert(users).values({ email }).returning();
  await t.db.insert(profiles).values({ userId: user.id, email, firstName, lastName: "Lee" });
  return { id: user.id, email, firstName, lastName: "Lee", zipCode: null, isAdmin: false };
}

const base: ListingInput = {
  title: "Soccer ball",
  description: null,
  priceCents: 1000,
  sport: "soccer",
  sportSubcategory: null,
  equipmentType: null,
  brand: null,
  condition: "new",
  size: null,
  sizeNumeric: null,
  gender: null,
  zipCode: "10001",
  city: "New York",
  state: "NY",
  pickupInstructions: null,
  clubIds: [],
};

describe("questions to the seller (spec 02 §2 Interested? card)", () => {
  test("a buyer's trimmed question reaches the seller, who sees one thread per buyer and can reply", async () => {
    const seller = await viewer("Sam");
    const ann = await viewer("Ann");
    const bob = await viewer("Bob");
    const id = await createListing(t.db, seller, base);
    const sent = await sendListingMessage(t.db, ann, { listingId: id, content: "  Is it still available?  " });
    expect(sent.ok && sent.message.content).toBe("Is it still available?");
    expect(sent.ok && sent.message.receiverId).toBe(seller.id);
    await sendListingMessage(t.db, bob, { listingId: id, content: "Would you take $5?" });
    const reply = await sendListingMessage(t.db, seller, { listingId: id, content: "Yes it is", buyerId: ann.id });
    expect(reply.ok && reply.buyerId).toBe(ann.id);

    const sellerView = await listingThreadsFor(t.db, seller, { id });
    expect(sellerView.map((th) => [th.buyerName, th.messages.map((m) => m.content)])).toEqual([
      ["Ann Lee", ["Is it still available?", "Yes it is"]],
      ["Bob Lee", ["Would you take $5?"]],
    ]);
    // Each buyer sees only their own conversation, oldest first.
    const annView = await listingThreadsFor(t.db, ann, { id });
    expect(annView.map((th) => th.messages.map((m) => m.content))).toEqual([["Is it still available?", "Yes it is"]]);
    const bobView = await listingThreadsFor(t.db, bob, { id });
    expect(bobView.map((th) => th.messages.map((m) => m.content))).toEqual([["Would you take $5?"]]);
  });

  test("empty questions, replies to nobody and listings the sender cannot see are refused", async () => {
    const seller = await viewer();
    const buyer = await viewer();
    const id = await createListing(t.db, seller, base);
    expect(await sendListingMessage(t.db, buyer, { listingId: id, content: "   \n " })).toEqual({ ok: false, reason: "empty" });
    expect(await sendListingMessage(t.db, seller, { listingId: id, content: "Hi", buyerId: buyer.id })).toEqual({
      ok: false,
      reason: "no_thread",
    });
    const [c] = await t.db
      .insert(clubs)
      .values({ slug: `c-${crypto.randomUUID().slice(0, 6)}`, name: "Private", visibility: "members_only" })
      .returning();
    await t.db.insert(clubMembers).values({ clubId: c.id, userId: seller.id, status: "active" });
    const clubOnly = await createListing(t.db, seller, { ...base, clubIds: [c.id] });
    expect(await sendListingMessage(t.db, buyer, { listingId: clubOnly, content: "Hi" })).toEqual({ ok: false, reason: "not_found" });
  });

  test(`sending is limited to ${LISTING_MESSAGE_RATE_LIMIT.limit} messages per 10 minutes per user`, async () => {
    const seller = await viewer();
    const buyer = await viewer();
    const id = await createListing(t.db, seller, base);
    const now = new Date();
    for (let i = 0; i < LISTING_MESSAGE_RATE_LIMIT.limit; i++) {
      const r = await sendListingMessage(t.db, buyer, { listingId: id, content: `q${i}` }, new Date(now.getTime() - 1000 + i));
      expect(r.ok).toBe(true);
    }
    expect(await sendListingMessage(t.db, buyer, { listingId: id, content: "one more" }, now)).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    const later = new Date(now.getTime() + LISTING_MESSAGE_RATE_LIMIT.windowMs + 1000);
    expect((await sendListingMessage(t.db, buyer, { listingId: id, content: "later" }, later)).ok).toBe(true);
  });

  test("a question with a NUL or another control character is refused and nothing is stored (ADR 016)", async () => {
    const seller = await viewer();
    const buyer = await viewer();
    const id = await createListing(t.db, seller, base);
    for (const char of ["\u0000", "\u0001", "\u001b", "\u007f"]) {
      expect(await sendListingMessage(t.db, buyer, { listingId: id, content: `Is it${char} available?` })).toEqual({
        ok: false,
        reason: "control_characters",
      });
    }
    expect(await listingThreadsFor(t.db, buyer, { id })).toEqual([]);
    // Line breaks and tabs are part of writing a question.
    expect((await sendListingMessage(t.db, buyer, { listingId: id, content: "Is it\r\navailable?\tThanks" })).ok).toBe(true);
  });
});

describe("a message hidden pending review (ADR 095, 104)", () => {
  test("its sender sees it with the notice and the appeal link; the receiver does not see it; released, the notice goes", async () => {
    const seller = await viewer("Sue");
    const buyer = await viewer("Ben");
    const id = await createListing(t.db, seller, base);
    const sent = await sendListingMessage(t.db, buyer, { listingId: id, content: "Pay me by gift card first" });
    if (!sent.ok) throw new Error("not sent");
    const [report] = await t.db
      .insert(reports)
      .values({ reporterId: seller.id, targetType: "listing_message", targetId: sent.message.id, targetUserId: buyer.id, reason: "scam" })
      .returning({ id: reports.id });
    const [hold] = await t.db
      .insert(heldContent)
      .values({ targetType: "listing_message", targetId: sent.message.id, targetUserId: buyer.id, reportId: report.id })
      .returning({ id: heldContent.id });

    const [mine] = (await listingThreadsFor(t.db, buyer, { id }))[0].messages;
    expect(mine.held).toEqual({
      text: expect.stringContaining("hidden from others pending review"),
      href: `/appeal?subject=hold&decision=${hold.id}`,
      link: "Appeal",
    });
    expect(await listingThreadsFor(t.db, seller, { id })).toEqual([]);

    await t.db
      .insert(appeals)
      .values({ userId: buyer.id, subject: "hold", decisionId: hold.id, decidedBy: "system", text: "It was a joke" });
    expect((await listingThreadsFor(t.db, buyer, { id }))[0].messages[0].held?.link).toBe("See your appeal");

    await t.db.update(heldContent).set({ releasedAt: new Date(), outcome: "restored" }).where(eq(heldContent.id, hold.id));
    expect((await listingThreadsFor(t.db, buyer, { id }))[0].messages[0].held).toBeNull();
    expect((await listingThreadsFor(t.db, seller, { id }))[0].messages.map((m) => [m.content, m.held])).toEqual([
      ["Pay me by gift card first", null],
    ]);
  });
});
