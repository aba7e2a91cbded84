import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { NotificationKind } from "#db/schema/enums";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { startPushService, type ReceivedPush } from "../../../scripts/push-service";
import { PUSH_BODY } from "~/shared/copy/push";
import { PushSubscriptionSchema } from "~/shared/schemas/push-subscription";
import { getClubAccess } from "../clubs/club-access.server";
import { approveJoinRequest, requestToJoin } from "../clubs/membership.server";
import { postClubMessage } from "../messaging/club-chat.server";
import { sendDirectMessage } from "../messaging/direct-messages.server";
import { sendListingMessage } from "../messaging/listing-questions.server";
import { blockUser } from "../moderation/block-actions.server";
import { pushAnnouncement, pushApproval, pushDirectMessage, pushJoinRequest, pushListingMessage } from "./kind-push.server";
import { subscribeDevice, type PushConfig } from "./push.server";
import { saveSettings, settingsOf } from "./settings.server";

// ADR 100: every kind with a 'Push' choice pushes through the one outbox statement, and a push says
// who and what kind — the words only for someone who chose 'Show message text' — decrypted here by
// the stand-in push service with the browser's own keys, as a phone would.

let t: TestDb;
let service: Awaited<ReturnType<typeof startPushService>>;
let env: PushConfig;
let deps: { db: TestDb["db"]; env: PushConfig };
const VAPID = {
  VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  VAPID_SUBJECT: "mailto:push@lockerswap.example",
};

beforeAll(async () => {
  t = await createTestDb();
  service = await startPushService({ quiet: true });
  env = { ...VAPID, PUSH_SERVICE_TEST_ORIGIN: service.origin };
  deps = { db: t.db, env };
});
afterAll(async () => {
  await service.stop();
  t.cleanup();
});

type Phone = { person: TestUser; endpoint: string };

/** A person with one device, 'Push' on for `kinds` (through the settings' own save), and 'Show message text' as given. */
async function phone(person: TestUser, kinds: NotificationKind[], showText = false): Promise<Phone> {
  const response = await fetch(`${service.origin}/subscriptions`, { method: "POST" });
  const subscription = PushSubscriptionSchema.parse(await response.json());
  const stored = await subscribeDevice(t.db, env, person.id, subscription, "Chrome on Android");
  if (!stored.ok) throw new Error(stored.message);
  const push = Object.fromEntries(kinds.map((kind) => [kind, "on"]));
  await saveSettings(t.db, person.id, await settingsOf(t.db, person.id), new Date(), push, showText);
  return { person, endpoint: subscription.endpoint };
}
const lockScreen = async ({ endpoint }: Phone) =>
  ((await (await fetch(`${endpoint}/messages`)).json()) as ReceivedPush[]).map(
    (m) => JSON.parse(m.payload) as { title: string; body: string; url: string },
  );
const access = async (user: TestUser, club: TestClub) => (await getClubAccess(t.db, user, club.slug))!;

describe("messages push as who and what kind", () => {
  test("a direct message: its words only for the receiver who chose 'Show message text'", async () => {
    const sender = await createTestUser(t.db, { firstName: "Sam", lastName: "Lee" });
    const [ann, ben] = [await createTestUser(t.db, { firstName: "Ann" }), await createTestUser(t.db, { firstName: "Ben" })];
    const club = await createTestClub(t.db, sender, { name: "Rink Rats" });
    for (const u of [ann, ben]) await addTestMember(t.db, club, u);
    const [annPhone, benPhone] = [await phone(ann, ["messages"]), await phone(ben, ["messages"], true)];
    for (const to of [ann, ben]) {
      const sent = await sendDirectMessage(t.db, await access(sender, club), {
        recipientId: to.id,
        content: "Skates are $40, meet at the rink Saturday?",
        clientId: randomUUID(),
      });
      if (!sent.ok) throw new Error(sent.reason);
      await pushDirectMessage(deps, sent.message.id);
      // A retry of the same job: the notice's key, so nothing twice.
      await pushDirectMessage(deps, sent.message.id);
    }
    expect(await lockScreen(annPhone)).toEqual([
      { title: "New message from Sam Lee in Rink Rats", body: PUSH_BODY, url: expect.stringContaining("sub=dm"), tag: expect.any(String) },
    ]);
    expect(await lockScreen(benPhone)).toEqual([
      {
        title: "New message from Sam Lee in Rink Rats",
        body: "Skates are $40, meet at the rink Saturday?",
        url: expect.stringContaining(`with=${sender.id}`),
        tag: expect.any(String),
      },
    ]);
  });

  test("a listing message reaches the seller, on the listing's page; nobody with push off for messages", async () => {
    const seller = await createTestUser(t.db, { firstName: "Sue" });
    const buyer = await createTestUser(t.db, { firstName: "Bo", lastName: "Park" });
    const listingId = await createTestListing(t.db, seller, { title: "Bauer skates" });
    const sellerPhone = await phone(seller, ["deals"]); // push on for deals only
    const sent = await sendListingMessage(t.db, buyer, { listingId, content: "Still available?" });
    if (!sent.ok) throw new Error(sent.reason);
    await pushListingMessage(deps, sent.message.id);
    expect(await lockScreen(sellerPhone)).toEqual([]);
    await saveSettings(t.db, seller.id, await settingsOf(t.db, seller.id), new Date(), { messages: "on" });
    const again = await sendListingMessage(t.db, buyer, { listingId, content: "I can pay $30" });
    if (!again.ok) throw new Error(again.reason);
    await pushListingMessage(deps, again.message.id);
    expect(await lockScreen(sellerPhone)).toEqual([
      { title: "New message from Bo Park about Bauer skates", body: PUSH_BODY, url: `/listing/${listingId}`, tag: `listing:${listingId}` },
    ]);
  });
});

describe("club news pushes", () => {
  test("an announcement reaches the club's other active members — not its author, not a pending member, not across a block", async () => {
    const owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Coach" });
    const club = await createTestClub(t.db, owner, { name: "U12 Lions", joinMode: "approval" });
    const [mia, otto, pat] = [await createTestUser(t.db), await createTestUser(t.db), await createTestUser(t.db)];
    await addTestMember(t.db, club, mia);
    await addTestMember(t.db, club, otto);
    await addTestMember(t.db, club, pat, { status: "pending" });
    const phones = {
      owner: await phone(owner, ["announcements"]),
      mia: await phone(mia, ["announcements"], true),
      otto: await phone(otto, ["announcements"]),
      pat: await phone(pat, ["announcements"]),
    };
    expect((await blockUser(t.db, otto, owner.id)).ok).toBe(true);
    const posted = await postClubMessage(t.db, await access(owner, club), {
      kind: "announcement",
      content: "Practice moves to 6pm",
      clientId: randomUUID(),
    });
    if (!posted.ok) throw new Error(posted.reason);
    await pushAnnouncement(deps, posted.message.id);
    await pushAnnouncement(deps, posted.message.id);
    expect(await lockScreen(phones.mia)).toEqual([
      expect.objectContaining({ title: "New announcement from Olive Coach in U12 Lions", body: "Practice moves to 6pm" }),
    ]);
    for (const nobody of [phones.owner, phones.otto, phones.pat]) expect(await lockScreen(nobody)).toEqual([]);
  });

  test("a request to join reaches the owners and admins; its approval reaches the member", async () => {
    const owner = await createTestUser(t.db);
    const club = await createTestClub(t.db, owner, { name: "Hoop Club", joinMode: "approval", allowJoinRequests: true });
    const [ada, kid] = [await createTestUser(t.db), await createTestUser(t.db, { firstName: "Kim", lastName: "Ng" })];
    await addTestMember(t.db, club, ada, { role: "admin" });
    const phones = { owner: await phone(owner, ["clubs"]), ada: await phone(ada, ["clubs"]), kid: await phone(kid, ["clubs"]) };
    expect((await requestToJoin(t.db, kid, club.slug)).ok).toBe(true);
    await pushJoinRequest(deps, club.id, kid.id);
    for (const manager of [phones.owner, phones.ada])
      expect(await lockScreen(manager)).toEqual([
        expect.objectContaining({ title: "Kim Ng asks to join Hoop Club", url: `/club/${club.slug}/manage` }),
      ]);
    const membership = (await access(kid, club)).membership!;
    expect((await approveJoinRequest(t.db, owner, club.slug, membership.id)).ok).toBe(true);
    await pushApproval(deps, membership.id);
    await pushApproval(deps, membership.id);
    expect(await lockScreen(phones.kid)).toEqual([
      expect.objectContaining({ title: "You've been approved: welcome to Hoop Club", body: PUSH_BODY }),
    ]);
  });
});
