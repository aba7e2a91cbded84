import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { userBlocks } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser, type TestUser } from "../../../tests/factories";
import { blockedAudience } from "./blocked-audience.server";
import { createPublish, eventAuthorId, type PublishOptions, type Realtime } from "./realtime.server";
import type { ChatMessageEvent, ClubEvent, UserEvent } from "./room-events";

let t: TestDb;
let ana: TestUser;
let ben: TestUser;
let cal: TestUser;

beforeAll(async () => {
  t = await createTestDb();
  ana = await createTestUser(t.db, { firstName: "Ana" });
  ben = await createTestUser(t.db, { firstName: "Ben" });
  cal = await createTestUser(t.db, { firstName: "Cal" });
});
afterEach(() => t.db.delete(userBlocks));
afterAll(() => t.cleanup());

/** What reached the rooms, in any order: a publish that needs a look-up finishes after one that does not. */
const unordered = (list: unknown[]): unknown => expect.arrayContaining(list);

/** A Realtime that records what would reach the rooms, and a publish over it that waits for nothing. */
function rooms(lookup = blockedAudience(t.db)) {
  const sent: { room: string; type: string; except: readonly string[] }[] = [];
  const pending: Promise<unknown>[] = [];
  const realtime: Realtime = {
    async publish(_kind, room, event, options?: PublishOptions) {
      sent.push({ room, type: event.type, except: [...(options?.exceptUserIds ?? [])].sort() });
      return true;
    },
    disconnect: async () => true,
  };
  const publish = createPublish(realtime, (p) => void pending.push(p), lookup);
  return { publish, sent, settled: () => Promise.all(pending) };
}

const chatBy = (author: TestUser): ClubEvent => {
  const message: ChatMessageEvent = {
    id: crypto.randomUUID(),
    clubId: "c1",
    kind: "chat",
    content: "hi",
    author: { id: author.id, name: "x" },
    createdAt: new Date().toISOString(),
  };
  return { type: "club.message.created", message };
};
const dmFrom = (sender: TestUser, recipient: TestUser): UserEvent => ({
  type: "dm.created",
  message: {
    id: crypto.randomUUID(),
    clubId: "c1",
    senderId: sender.id,
    recipientId: recipient.id,
    content: "hi",
    sender: { id: sender.id, name: "x" },
    createdAt: new Date().toISOString(),
    readAt: null,
  },
});

describe("a person's words do not reach anyone blocked either way with them, from the next publish on (ADR 069)", () => {
  test("whose words an event carries: chat, requests, DMs and listing messages; ids, read marks, deals and badges carry none", () => {
    expect(eventAuthorId(chatBy(ana))).toBe(ana.id);
    expect(eventAuthorId(dmFrom(ben, ana))).toBe(ben.id);
    expect(
      eventAuthorId({
        type: "club.request.updated",
        request: { id: "r", clubId: "c", title: "t", description: null, author: null, authorId: cal.id, status: "open", createdAt: "" },
      }),
    ).toBe(cal.id);
    const listingMessage = { id: "m", senderId: ben.id, content: "?", createdAt: "" };
    expect(
      eventAuthorId({ type: "listing.message.created", listingId: "l", buyerId: ben.id, messageId: "m", message: listingMessage }),
    ).toBe(ben.id);
    expect(eventAuthorId({ type: "listing.message.created", listingId: "l", buyerId: ben.id, messageId: "m" })).toBeNull();
    expect(eventAuthorId({ type: "club.message.deleted", clubId: "c", id: "m", kind: "chat" })).toBeNull();
    // A block closes deals: that news must reach both sides.
    expect(eventAuthorId({ type: "deal.changed", dealId: "d", listingId: null, state: "voided", step: "blocked" })).toBeNull();
    expect(eventAuthorId({ type: "badges.changed" })).toBeNull();
  });

  test("club room: the room is told to skip everyone blocked either way with the author, read fresh at each publish", async () => {
    const r = rooms();
    r.publish.club("c1", chatBy(ana));
    await r.settled();
    expect(r.sent.at(-1)).toEqual({ room: "club:c1", type: "club.message.created", except: [] });

    await t.db.insert(userBlocks).values({ blockerId: ana.id, blockedId: ben.id }); // Ana blocks Ben
    await t.db.insert(userBlocks).values({ blockerId: cal.id, blockedId: ana.id }); // Cal blocks Ana
    r.publish.club("c1", chatBy(ana));
    r.publish.club("c1", chatBy(ben));
    r.publish.club("c1", { type: "club.message.deleted", clubId: "c1", id: "m", kind: "chat" });
    await r.settled();
    expect(r.sent).toHaveLength(4);
    expect(r.sent.slice(-3)).toEqual(
      unordered([
        { room: "club:c1", type: "club.message.created", except: [ben.id, cal.id].sort() },
        { room: "club:c1", type: "club.message.created", except: [ana.id] },
        // Ids only: everyone, so a collapsed copy goes too.
        { room: "club:c1", type: "club.message.deleted", except: [] },
      ]),
    );
    await t.db.delete(userBlocks);
    r.publish.club("c1", chatBy(ben));
    await r.settled();
    expect(r.sent.at(-1)).toMatchObject({ except: [] });
  });

  test("user room: a DM in flight across a block is not delivered to the receiver; the sender's own copy and deal news are", async () => {
    await t.db.insert(userBlocks).values({ blockerId: ana.id, blockedId: ben.id });
    const r = rooms();
    r.publish.user(ana.id, dmFrom(ben, ana));
    r.publish.user(ben.id, dmFrom(ben, ana));
    r.publish.user(ana.id, { type: "deal.changed", dealId: "d", listingId: null, state: "voided", step: "blocked" });
    r.publish.user(cal.id, dmFrom(ben, cal));
    await r.settled();
    expect(r.sent).toHaveLength(3);
    expect(r.sent).toEqual(
      unordered([
        { room: `user:${ben.id}`, type: "dm.created", except: [] },
        { room: `user:${ana.id}`, type: "deal.changed", except: [] },
        // Cal's own room: the list holds Ana only, so the room delivers to Cal.
        { room: `user:${cal.id}`, type: "dm.created", except: [ana.id] },
      ]),
    );
  });

  test("an audience the caller read in its write's batch is used as it is: no look-up of its own", async () => {
    let lookups = 0;
    const r = rooms(async () => {
      lookups += 1;
      return [];
    });
    r.publish.club("c1", chatBy(ana), { blockedWithAuthor: [ben.id] });
    await r.settled();
    expect(lookups).toBe(0);
    expect(r.sent).toEqual([{ room: "club:c1", type: "club.message.created", except: [ben.id] }]);
  });

  test("when the look-up fails the event is not sent (pages catch up on load) rather than sent to everyone", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const r = rooms(async () => {
        throw new Error("database down");
      });
      r.publish.club("c1", chatBy(ana));
      r.publish.club("c1", { type: "club.request.deleted", clubId: "c1", id: "r" });
      await r.settled();
      expect(r.sent.map((s) => s.type)).toEqual(["club.request.deleted"]);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
