import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { clubDirectMessages } from "#db/schema";
import { access, admin, member, other, owner, pending, recorder, stranger, t, useChatClub } from "../../../tests/setup/chat-club";
import { addTestMember, createTestClub, createTestUser, type TestUser } from "../../../tests/factories";
import type { ClubAccess } from "../clubs/club-access.server";
import type { Publish } from "../realtime/realtime.server";
import {
  directMessagesBatch,
  getDmConversation,
  listDmMembers,
  markDirectMessagesRead,
  openedDirectMessages,
  sendDirectMessage,
  unreadDirectMessageCount,
} from "./direct-messages.server";

useChatClub();

describe("direct messages (02 §2, §4 read rules)", () => {
  /** Direct Messages opened as the club page does it: the batch, then the access check's verdict. */
  const openDirectMessages = async (opener: ClubAccess, opts: { withId: string | null }, publish?: Publish) =>
    openedDirectMessages(opener, await directMessagesBatch(t.db, opener.viewer!, opener.club.id, opts), publish);

  /** A club of its own with Ann, Ben and Dee, and `dm(from, to, text, i)` sent i seconds after a minute ago. */
  async function dmClub() {
    const c = await createTestClub(t.db, owner);
    const a = await createTestUser(t.db, { firstName: "Ann" });
    const b = await createTestUser(t.db, { firstName: "Ben" });
    const d = await createTestUser(t.db, { firstName: "Dee" });
    for (const u of [a, b, d]) await addTestMember(t.db, c, u);
    const base = Date.now() - 60_000;
    const dm = async (from: TestUser, to: TestUser, content: string, i: number) =>
      sendDirectMessage(
        t.db,
        await access(from, c),
        { recipientId: to.id, content, clientId: randomUUID() },
        undefined,
        new Date(base + i * 1000),
      );
    return { c, a, b, d, base, dm };
  }

  test("members list: active members except me with unread counts; strangers get nothing", async () => {
    const list = await listDmMembers(t.db, await access(member));
    const names = list!.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["Olive Owner", "Ada Admin", "Otto Other"]));
    expect(names).not.toContain("Mia Member");
    expect(names).not.toContain("Pat Pending");
    expect(await listDmMembers(t.db, await access(stranger))).toBeNull();
  });

  test("a DM goes to the two people's own rooms, never the club room; the receiver's count rises", async () => {
    const rec = recorder();
    const sent = await sendDirectMessage(
      t.db,
      await access(other),
      { recipientId: member.id, content: "Got spare shin guards?", clientId: randomUUID() },
      rec.publish,
    );
    expect(sent).toMatchObject({ ok: true, created: true });
    expect(rec.club).toEqual([]);
    expect(rec.user.map(([id, e]) => [id === member.id ? "receiver" : id === other.id ? "sender" : id, e.type])).toEqual([
      ["receiver", "dm.created"],
      ["receiver", "badges.changed"],
      ["sender", "dm.created"],
    ]);
    const list = await listDmMembers(t.db, await access(member));
    expect(list!.find((m) => m.userId === other.id)!.unread).toBeGreaterThanOrEqual(1);
  });

  test("DMs only between active members of the same club, not to oneself", async () => {
    const send = async (from: TestUser, to: TestUser) =>
      sendDirectMessage(t.db, await access(from), { recipientId: to.id, content: "hello", clientId: randomUUID() });
    expect(await send(member, stranger)).toEqual({ ok: false, reason: "no_recipient" });
    expect(await send(member, pending)).toEqual({ ok: false, reason: "no_recipient" });
    expect(await send(member, member)).toEqual({ ok: false, reason: "no_recipient" });
    expect(await send(stranger, member)).toEqual({ ok: false, reason: "forbidden" });
    expect(await getDmConversation(t.db, await access(stranger), member.id)).toBeNull();
  });

  test("a DM retried with the same client-made id is stored once", async () => {
    const clientId = randomUUID();
    const a = await access(member);
    const first = await sendDirectMessage(t.db, a, { recipientId: admin.id, content: "once", clientId });
    const second = await sendDirectMessage(t.db, a, { recipientId: admin.id, content: "once", clientId });
    expect(first).toMatchObject({ ok: true, created: true });
    expect(second).toMatchObject({ ok: true, created: false });
    expect(await sendDirectMessage(t.db, a, { recipientId: other.id, content: "once", clientId })).toEqual({
      ok: false,
      reason: "conflict",
    });
    expect(await t.db.select().from(clubDirectMessages).where(eq(clubDirectMessages.id, clientId))).toHaveLength(1);
  });

  test("conversation oldest first; opening it marks only the messages to me from that person read", async () => {
    const { c, a, b, d, dm } = await dmClub();
    await dm(b, a, "first", 1);
    await dm(a, b, "second", 2);
    await dm(b, a, "third", 3);
    await dm(d, a, "from dee", 4);
    const conversation = await getDmConversation(t.db, await access(a, c), b.id);
    expect(conversation!.messages.map((m) => m.content)).toEqual(["first", "second", "third"]);
    expect(await unreadDirectMessageCount(t.db, await access(a, c))).toBe(3);

    const rec = recorder();
    expect(await markDirectMessagesRead(t.db, await access(a, c), { from: b.id }, rec.publish)).toBe(2);
    // Only the reader's own room hears about it: the other party sees nothing but counts.
    expect(rec.user.every(([id]) => id === a.id)).toBe(true);
    expect(await unreadDirectMessageCount(t.db, await access(a, c))).toBe(1);
    // B's message to A being read does not touch A's message to B.
    const [toB] = await t.db
      .select()
      .from(clubDirectMessages)
      .where(and(eq(clubDirectMessages.clubId, c.id), eq(clubDirectMessages.receiverId, b.id)));
    expect(toB.readAt).toBeNull();

    // Opening the Direct Messages tab marks everything to me in this club read.
    expect(await markDirectMessagesRead(t.db, await access(a, c))).toBe(1);
    expect(await unreadDirectMessageCount(t.db, await access(a, c))).toBe(0);
    expect((await listDmMembers(t.db, await access(a, c)))!.every((m) => m.unread === 0)).toBe(true);
  });

  test("opening Direct Messages is one batch: marks read, then reads members, the conversation and the count as marked", async () => {
    const { c, a, b, d, dm } = await dmClub();
    await dm(b, a, "first", 1);
    await dm(a, b, "second", 2);
    await dm(d, a, "from dee", 3);

    const rec = recorder();
    const withBen = await openDirectMessages(await access(a, c), { withId: b.id }, rec.publish);
    expect(withBen!.conversation!.partner.userId).toBe(b.id);
    expect(withBen!.conversation!.messages.map((m) => [m.content, m.readAt === null])).toEqual([
      ["first", false],
      ["second", true],
    ]);
    // Read as marked: Ben's line is read, Dee's is still unread, and the count agrees.
    expect(withBen!.members.map((m) => [m.name.split(" ")[0], m.unread])).toEqual(
      expect.arrayContaining([
        ["Ben", 0],
        ["Dee", 1],
      ]),
    );
    expect(withBen!.unread).toBe(1);
    expect(rec.user.map(([id, e]) => [id === a.id, e.type])).toEqual([
      [true, "dm.read"],
      [true, "badges.changed"],
    ]);

    // The tab without a conversation marks the rest read; a non-member's id opens nothing.
    const tab = await openDirectMessages(await access(a, c), { withId: stranger.id });
    expect(tab!.conversation).toBeNull();
    const all = await openDirectMessages(await access(a, c), { withId: null });
    expect([all!.unread, all!.members.every((m) => m.unread === 0)]).toEqual([0, true]);
    expect(await openDirectMessages(await access(stranger, c), { withId: a.id })).toBeNull();
  });

  test("a conversation pages like the chat: latest N oldest first, then older pages by cursor, never overlapping", async () => {
    const { c, a, b, d, base } = await dmClub();
    // Seven messages both ways (two in the same millisecond: the id breaks the tie), and one with someone else.
    const times = [1, 2, 3, 4, 4, 5, 6];
    for (const [i, at] of times.entries()) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      await sendDirectMessage(
        t.db,
        await access(from, c),
        { recipientId: to.id, content: `d${i + 1}`, clientId: randomUUID() },
        undefined,
        new Date(base + at * 1000),
      );
    }
    await sendDirectMessage(
      t.db,
      await access(d, c),
      { recipientId: a.id, content: "not this one", clientId: randomUUID() },
      undefined,
      new Date(base + 3500),
    );

    const whole = await getDmConversation(t.db, await access(a, c), b.id);
    expect(whole).toMatchObject({ older: null });
    const inOrder = whole!.messages.map((m) => m.content);
    expect(inOrder).toHaveLength(7);

    const seen: string[][] = [];
    let page = await getDmConversation(t.db, await access(a, c), b.id, { limit: 3 });
    seen.unshift(page!.messages.map((m) => m.content));
    while (page!.older) {
      page = await getDmConversation(t.db, await access(a, c), b.id, { limit: 3, before: page!.older });
      seen.unshift(page!.messages.map((m) => m.content));
    }
    expect(seen.map((p) => p.length)).toEqual([1, 3, 3]);
    expect(seen.flat()).toEqual(inOrder);
    // The other party reads the same pages; a stranger to the club reads nothing, cursor or not.
    expect((await getDmConversation(t.db, await access(b, c), a.id, { limit: 3 }))!.messages.map((m) => m.content)).toEqual(seen[2]);
    expect(await getDmConversation(t.db, await access(stranger, c), a.id, { before: `${base + 7000}_${randomUUID()}` })).toBeNull();
  });
});
