// Price drops (ADR 086): a lowered price tells the people who have the listing On Deck once, an
// hour later, if it is still lower — never its owner, never across a block, never someone who may no
// longer see it — and the saved searches whose price filter it now meets match it then.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { addFavorite } from "../listings/favorites.server";
import { updateListing, type ListingInput } from "../listings/listings.server";
import { getOwnListing } from "../listings/listing-reads.server";
import { leaveClub } from "../clubs/membership.server";
import { markMatchesSeen, newMatchesFor } from "../matching/matches.server";
import { runMatcher } from "../matching/matcher.server";
import { saveSearch } from "../matching/saved-searches.server";
import { blockUser } from "../moderation/block-actions.server";
import { saveSettings, setModeStatement, settingsOf } from "./settings.server";
import { subscribeDevice } from "./push.server";
import { startPushService, type ReceivedPush } from "../../../scripts/push-service";
import { PushSubscriptionSchema } from "~/shared/schemas/push-subscription";
import { PUSH_BODY } from "~/shared/copy/push";
import { runPriceDropMail, runPriceDrops } from "./price-drops.server";

let t: TestDb;
let seller: TestUser;
let fan: TestUser;
const MINUTE = 60_000;
// Ahead of the real clock that stamps the listings' creation (createListing), so every step is after it.
const start = new Date(Date.now() + 60 * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const noPublish = null;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  // Each test counts its own drops: none left waiting by the one before.
  await t.db.run(sql`delete from pending_price_drops`);
  seller = await createTestUser(t.db, { firstName: "Sam" });
  fan = await createTestUser(t.db, { firstName: "Fay" });
});

/** The seller's edit of the price, as the form's action makes it. */
async function setPrice(listingId: string, cents: number, when: Date) {
  const own = await getOwnListing(t.db, seller, listingId);
  const l = own!.listing;
  const input: ListingInput = {
    title: l.title,
    description: l.description,
    priceCents: cents,
    sport: l.sport,
    sportSubcategory: l.sportSubcategory,
    equipmentType: l.equipmentType,
    brand: l.brand,
    condition: l.condition,
    size: l.size,
    sizeNumeric: l.sizeNumeric,
    gender: l.gender,
    zipCode: l.zipCode,
    city: l.city,
    state: l.state,
    pickupInstructions: l.pickupInstructions,
    clubIds: own!.clubIds,
  };
  const saved = await updateListing(t.db, seller, listingId, input, { keep: [], added: [], order: [] }, when);
  expect(saved).not.toBeNull();
}
const drops = async (viewer: TestUser) => (await newMatchesFor(t.db, viewer)).items.filter((item) => item.kind === "drop");

describe("once per drop, an hour later", () => {
  test("the favourites are told once, with the price before and after; the owner is not", async () => {
    const listingId = await createTestListing(t.db, seller, { title: "Bauer skates", priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await addFavorite(t.db, seller, listingId);
    await setPrice(listingId, 6000, start);
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(59) })).toEqual({ drops: 0, notices: 0 });
    expect(await drops(fan)).toEqual([]);
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) })).toEqual({ drops: 1, notices: 1 });
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(62) })).toEqual({ drops: 0, notices: 0 });
    expect(await drops(fan)).toEqual([
      expect.objectContaining({ id: listingId, title: "Bauer skates dropped from $80 to $60", wasCents: 8000, priceCents: null }),
    ]);
    expect(await drops(seller)).toEqual([]);
    await markMatchesSeen(t.db, fan);
    expect(await drops(fan)).toEqual([]);
  });

  test("two lowerings within the hour are one drop, from the first price to the last", async () => {
    const listingId = await createTestListing(t.db, seller, { priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await setPrice(listingId, 7000, start);
    await setPrice(listingId, 6000, at(20));
    await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) });
    expect(await drops(fan)).toEqual([
      expect.objectContaining({ wasCents: 8000, title: expect.stringMatching(/dropped from \$80 to \$60$/) }),
    ]);
  });
});

describe("the hour rule", () => {
  test("down and up again within the hour sends nothing", async () => {
    const listingId = await createTestListing(t.db, seller, { priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await setPrice(listingId, 6000, start);
    await setPrice(listingId, 8000, at(30));
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(120) })).toEqual({ drops: 0, notices: 0 });
    expect(await drops(fan)).toEqual([]);
  });

  test("down, then partway back up: the drop told is to the price at the hour", async () => {
    const listingId = await createTestListing(t.db, seller, { priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await setPrice(listingId, 5000, start);
    await setPrice(listingId, 7000, at(30));
    await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) });
    expect(await drops(fan)).toEqual([
      expect.objectContaining({ wasCents: 8000, title: expect.stringMatching(/dropped from \$80 to \$70$/) }),
    ]);
  });

  test("a saved search whose price filter the listing now meets matches it after the hour, not before", async () => {
    const searcher = await createTestUser(t.db, { firstName: "Sue" });
    const saved = await saveSearch(t.db, searcher, { path: "/sport/hockey", query: "priceMax=70&anywhere=1" });
    expect(saved.ok).toBe(true);
    const listingId = await createTestListing(t.db, seller, { sport: "hockey", priceCents: 8000 });
    await runMatcher({ db: t.db, publish: { user: () => undefined } }, { now: start });
    const matched = async () =>
      (await t.db.all<{ n: number }>(sql`select count(*) as n from search_matches where listing_id = ${listingId}`))[0]!.n;
    expect(await matched()).toBe(0);
    await setPrice(listingId, 6000, start);
    await runMatcher({ db: t.db, publish: { user: () => undefined } }, { now: at(30) });
    expect(await matched()).toBe(0);
    await runMatcher({ db: t.db, publish: { user: () => undefined } }, { now: at(61) });
    expect(await matched()).toBe(1);
  });
});

describe("never across a block, never what they may no longer see", () => {
  test("a block made before the hour ends tells nothing; one made after hides the notice", async () => {
    const other = await createTestUser(t.db, { firstName: "Oli" });
    const listingId = await createTestListing(t.db, seller, { priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await addFavorite(t.db, other, listingId);
    await setPrice(listingId, 6000, start);
    expect((await blockUser(t.db, seller, fan.id)).ok).toBe(true);
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) })).toEqual({ drops: 1, notices: 1 });
    expect(await drops(fan)).toEqual([]);
    expect(await drops(other)).toHaveLength(1);
    expect((await blockUser(t.db, other, seller.id)).ok).toBe(true);
    expect(await drops(other)).toEqual([]);
  });

  test("a members-only listing tells only who is still a member", async () => {
    const club = await createTestClub(t.db, seller, { visibility: "private" });
    const stays = await createTestUser(t.db, { firstName: "Stay" });
    await addTestMember(t.db, club, fan);
    await addTestMember(t.db, club, stays);
    const listingId = await createTestListing(t.db, seller, { priceCents: 8000, clubs: [club] });
    await addFavorite(t.db, fan, listingId);
    await addFavorite(t.db, stays, listingId);
    await setPrice(listingId, 6000, start);
    expect((await leaveClub(t.db, fan, club.slug)).ok).toBe(true);
    expect(await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) })).toEqual({ drops: 1, notices: 1 });
    expect(await drops(fan)).toEqual([]);
    expect(await drops(stays)).toHaveLength(1);
  });
});

describe("the e-mail", () => {
  test("'e-mail right away' gets one mail per run with the drop, once", async () => {
    await t.db.batch([setModeStatement(t.db, fan.id, "price_drops", "email_now")]);
    const listingId = await createTestListing(t.db, seller, { title: "CCM helmet", priceCents: 8000 });
    await addFavorite(t.db, fan, listingId);
    await setPrice(listingId, 6000, start);
    await runPriceDrops({ db: t.db, publish: noPublish }, { now: at(61) });
    const env = { APP_ENV: "test" as const, APP_ORIGIN: "https://lockerswap.test" };
    const first = await runPriceDropMail({ db: t.db, env }, { mode: "email_now", now: at(62) });
    expect(first.mails).toBe(1);
    const mails = await t.db.all<{ subject: string; text: string }>(sql`select subject, text from mail_queue where user_id = ${fan.id}`);
    expect(mails).toEqual([expect.objectContaining({ subject: "CCM helmet dropped from $80 to $60" })]);
    expect(mails[0]!.text).toContain(`https://lockerswap.test/listing/${listingId}`);
    expect((await runPriceDropMail({ db: t.db, env }, { mode: "email_now", now: at(63) })).mails).toBe(0);
  });
});

describe("the push (ADR 100)", () => {
  test("each favourite with push on hears of the drop once; the prices only with 'Show message text'", async () => {
    const service = await startPushService({ quiet: true });
    try {
      const env = {
        VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
        VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
        VAPID_SUBJECT: "mailto:push@lockerswap.example",
        PUSH_SERVICE_TEST_ORIGIN: service.origin,
      };
      const other = await createTestUser(t.db, { firstName: "Oli" });
      const phones = new Map<string, string>();
      for (const [person, showText] of [
        [fan, false],
        [other, true],
      ] as const) {
        const subscription = PushSubscriptionSchema.parse(
          await (await fetch(`${service.origin}/subscriptions`, { method: "POST" })).json(),
        );
        expect((await subscribeDevice(t.db, env, person.id, subscription, "Firefox on Android")).ok).toBe(true);
        await saveSettings(t.db, person.id, await settingsOf(t.db, person.id), new Date(), { price_drops: "on" }, showText);
        phones.set(person.id, subscription.endpoint);
      }
      const listingId = await createTestListing(t.db, seller, { title: "Bauer skates", priceCents: 8000 });
      for (const person of [fan, other]) await addFavorite(t.db, person, listingId);
      await setPrice(listingId, 6000, start);
      await runPriceDrops({ db: t.db, publish: noPublish, env }, { now: at(61) });
      await runPriceDrops({ db: t.db, publish: noPublish, env }, { now: at(62) });
      const lockScreen = async (person: TestUser) =>
        ((await (await fetch(`${phones.get(person.id)}/messages`)).json()) as ReceivedPush[]).map((m) => JSON.parse(m.payload));
      expect(await lockScreen(fan)).toEqual([
        { title: "A favorite got cheaper: Bauer skates", body: PUSH_BODY, url: `/listing/${listingId}`, tag: `listing:${listingId}` },
      ]);
      expect(await lockScreen(other)).toEqual([
        expect.objectContaining({ title: "A favorite got cheaper: Bauer skates", body: "Now $60 (was $80)" }),
      ]);
    } finally {
      await service.stop();
    }
  });
});
