import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { clubMessages, rateLimits, userBlocks } from "#db/schema";
import { access, admin, club, member, other, owner, pending, recorder, stranger, t, useChatClub } from "../../../tests/setup/chat-club";
import { addTestMember, createTestClub, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";

import { deleteClubMessage, listClubMessages, postClubMessage } from "./club-chat.server";
import { sendDirectMessage } from "./direct-messages.server";
import { CLUB_SEND_RATE_LIMIT } from "./message-rules.server";
import { leaveClub } from "../clubs/membership.server";

useChatClub();

const chat = (user: TestUser, content: string, opts: { kind?: "chat" | "announcement"; clientId?: string; c?: TestClub } = {}) =>
  access(user, opts.c).then((a) =>
    postClubMessage(t.db, a, { kind: opts.kind ?? "chat", content, clientId: opts.clientId ?? randomUUID() }),
  );

describe("group chat and announcements (02 §2, §6)", () => {
  test("any active member posts to the chat; the room hears it; pending members and strangers cannot", async () => {
    const rec = recorder();
    const result = await postClubMessage(
      t.db,
      await access(member),
      { kind: "chat", content: "  Pickup game Saturday?  ", clientId: randomUUID() },
      rec.publish,
    );
    expect(result).toMatchObject({
      ok: true,
      created: true,
      message: { content: "Pickup game Saturday?", author: { name: "Mia Member" } },
    });
    expect(rec.club).toEqual([[club.id, expect.objectContaining({ type: "club.message.created" })]]);
    expect(rec.user).toEqual([]);
    expect(await chat(pending, "hi")).toEqual({ ok: false, reason: "forbidden" });
    expect(await chat(stranger, "hi")).toEqual({ ok: false, reason: "forbidden" });
    expect(await chat(null as never, "hi")).toEqual({ ok: false, reason: "forbidden" });
  });

  test("the post hands the fan-out everyone blocked either way with the author, read in its own batch (no look-up of the publish's own)", async () => {
    const audiences: unknown[] = [];
    const publish = { club: (_id: string, _e: unknown, audience?: unknown) => void audiences.push(audience), user: () => {} };
    await t.db.insert(userBlocks).values([
      { blockerId: member.id, blockedId: other.id },
      { blockerId: admin.id, blockedId: member.id },
    ]);
    try {
      await postClubMessage(t.db, await access(member), { kind: "chat", content: "blocked audience", clientId: randomUUID() }, publish);
      await postClubMessage(t.db, await access(owner), { kind: "chat", content: "nobody blocked", clientId: randomUUID() }, publish);
    } finally {
      await t.db.delete(userBlocks);
    }
    expect(audiences).toEqual([{ blockedWithAuthor: expect.arrayContaining([other.id, admin.id]) }, { blockedWithAuthor: [] }]);
    expect((audiences[0] as { blockedWithAuthor: string[] }).blockedWithAuthor).toHaveLength(2);
  });

  test("announcements: owners and admins post, members may not", async () => {
    expect(await chat(owner, "Season opens May 1", { kind: "announcement" })).toMatchObject({ ok: true });
    expect(await chat(admin, "Fields are open", { kind: "announcement" })).toMatchObject({ ok: true });
    expect(await chat(member, "I am not an admin", { kind: "announcement" })).toEqual({ ok: false, reason: "forbidden" });
    const page = await listClubMessages(t.db, await access(member), { kind: "announcement" });
    expect(page!.messages.map((m) => m.content)).toEqual(["Season opens May 1", "Fields are open"]);
  });

  test("only active members read: a stranger and a pending member get nothing", async () => {
    expect(await listClubMessages(t.db, await access(stranger), { kind: "chat" })).toBeNull();
    expect(await listClubMessages(t.db, await access(pending), { kind: "chat" })).toBeNull();
    expect(await listClubMessages(t.db, await access(null), { kind: "chat" })).toBeNull();
  });

  test("text: trimmed, non-empty, at most 2,000 characters, no control characters", async () => {
    expect(await chat(member, "   \n ")).toEqual({ ok: false, reason: "empty" });
    expect(await chat(member, "x".repeat(2001))).toEqual({ ok: false, reason: "too_long" });
    expect(await chat(member, `bad\u0000text`)).toEqual({ ok: false, reason: "control_characters" });
    expect(await chat(member, "line one\r\nline two\tand a tab")).toMatchObject({ ok: true });
    expect(await chat(member, "x".repeat(2000))).toMatchObject({ ok: true });
  });

  test("the same client-made id twice stores one message; reused for other content it is refused", async () => {
    const clientId = randomUUID();
    const rec = recorder();
    const first = await postClubMessage(t.db, await access(member), { kind: "chat", content: "only once", clientId }, rec.publish);
    const again = await postClubMessage(t.db, await access(member), { kind: "chat", content: "only once", clientId }, rec.publish);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toMatchObject({ ok: true, created: false, message: { id: clientId } });
    expect(rec.club).toHaveLength(1);
    expect(await t.db.select().from(clubMessages).where(eq(clubMessages.id, clientId))).toHaveLength(1);
    expect(await chat(member, "something else", { clientId })).toEqual({ ok: false, reason: "conflict" });
    expect(await chat(other, "only once", { clientId })).toEqual({ ok: false, reason: "conflict" });
    expect(await chat(member, "hi", { clientId: "not-a-uuid" })).toEqual({ ok: false, reason: "bad_client_id" });
  });

  test("sending is rate-limited per user, and the limit names itself", async () => {
    const fast = await createTestUser(t.db);
    await addTestMember(t.db, club, fast);
    const now = new Date();
    const a = await access(fast);
    for (let i = 0; i < CLUB_SEND_RATE_LIMIT.limit; i++) {
      expect(await postClubMessage(t.db, a, { kind: "chat", content: `msg ${i}`, clientId: randomUUID() }, undefined, now)).toMatchObject({
        ok: true,
      });
    }
    expect(await postClubMessage(t.db, a, { kind: "chat", content: "one more", clientId: randomUUID() }, undefined, now)).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    // Somebody else is not slowed down.
    expect(await chat(other, "still fine")).toMatchObject({ ok: true });
  });

  test("at the limit a retry of a stored message is still answered and not counted; a refused one stores nothing", async () => {
    const fast = await createTestUser(t.db);
    await addTestMember(t.db, club, fast);
    const now = new Date();
    const a = await access(fast);
    const ids = Array.from({ length: CLUB_SEND_RATE_LIMIT.limit }, () => randomUUID());
    for (const [i, clientId] of ids.entries())
      await postClubMessage(t.db, a, { kind: "chat", content: `msg ${i}`, clientId }, undefined, now);
    // The last one again (its answer was lost): the stored message, not a refusal, and no count.
    expect(
      await postClubMessage(t.db, a, { kind: "chat", content: `msg ${ids.length - 1}`, clientId: ids.at(-1)! }, undefined, now),
    ).toMatchObject({ ok: true, created: false });
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `club-send:${fast.id}`));
    expect(counter!.count).toBe(CLUB_SEND_RATE_LIMIT.limit);
    const refused = randomUUID();
    expect(await postClubMessage(t.db, a, { kind: "chat", content: "over", clientId: refused }, undefined, now)).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    expect(await t.db.select().from(clubMessages).where(eq(clubMessages.id, refused))).toHaveLength(0);
    // DMs share the limit.
    expect(await sendDirectMessage(t.db, a, { recipientId: member.id, content: "hi", clientId: randomUUID() }, undefined, now)).toEqual({
      ok: false,
      reason: "rate_limited",
    });
    // A minute later the window starts again.
    const later = new Date(now.getTime() + CLUB_SEND_RATE_LIMIT.windowMs + 1);
    expect(
      await postClubMessage(t.db, a, { kind: "chat", content: "next minute", clientId: randomUUID() }, undefined, later),
    ).toMatchObject({ ok: true, created: true });
  });

  test("history pages: latest N oldest first, then older pages by cursor, never overlapping", async () => {
    const quiet = await createTestClub(t.db, owner);
    const base = Date.now() - 100_000;
    const a = await access(owner, quiet);
    for (let i = 0; i < 7; i++) {
      await postClubMessage(t.db, a, { kind: "chat", content: `m${i}`, clientId: randomUUID() }, undefined, new Date(base + i * 1000));
    }
    const latest = await listClubMessages(t.db, a, { kind: "chat", limit: 3 });
    expect(latest!.messages.map((m) => m.content)).toEqual(["m4", "m5", "m6"]);
    const older = await listClubMessages(t.db, a, { kind: "chat", limit: 3, before: latest!.older });
    expect(older!.messages.map((m) => m.content)).toEqual(["m1", "m2", "m3"]);
    const oldest = await listClubMessages(t.db, a, { kind: "chat", limit: 3, before: older!.older });
    expect(oldest).toMatchObject({ older: null });
    expect(oldest!.messages.map((m) => m.content)).toEqual(["m0"]);
  });

  test("a member deletes their own message, not others'; an owner or admin deletes any", async () => {
    const mine = await chat(member, "mine");
    const theirs = await chat(other, "theirs");
    const byAdmin = await chat(other, "admin removes this");
    if (!mine.ok || !theirs.ok || !byAdmin.ok) throw new Error("setup");
    expect(await deleteClubMessage(t.db, await access(member), theirs.message.id)).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteClubMessage(t.db, await access(stranger), mine.message.id)).toEqual({ ok: false, reason: "not_found" });
    const rec = recorder();
    expect(await deleteClubMessage(t.db, await access(member), mine.message.id, rec.publish)).toEqual({ ok: true });
    expect(rec.club).toEqual([[club.id, { type: "club.message.deleted", clubId: club.id, id: mine.message.id, kind: "chat" }]]);
    expect(await deleteClubMessage(t.db, await access(admin), byAdmin.message.id)).toEqual({ ok: true });
    expect(await deleteClubMessage(t.db, await access(owner), theirs.message.id)).toEqual({ ok: true });
  });

  test("a message of another club cannot be deleted through this one", async () => {
    const elsewhere = await createTestClub(t.db, owner);
    const posted = await chat(owner, "elsewhere", { c: elsewhere });
    if (!posted.ok) throw new Error("setup");
    expect(await deleteClubMessage(t.db, await access(owner), posted.message.id)).toEqual({ ok: false, reason: "not_found" });
  });

  test("a member who left can neither read nor write", async () => {
    const c = await createTestClub(t.db, owner);
    const leaver = await createTestUser(t.db);
    await addTestMember(t.db, c, leaver);
    const before = await access(leaver, c);
    await leaveClub(t.db, leaver, c.slug);
    // Even with the access object read before leaving, the SQL says no.
    expect(await postClubMessage(t.db, before, { kind: "chat", content: "ghost", clientId: randomUUID() })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await listClubMessages(t.db, await access(leaver, c), { kind: "chat" })).toBeNull();
  });
});

describe("a block in a shared club (ADR 069)", () => {
  test("the blocker gets the blocked member's chat and announcements flagged (content kept for 'Show'); the blocked side and others see them plain; unblocking clears the flag", async () => {
    const c = await createTestClub(t.db, owner);
    const blocker = await createTestUser(t.db, { firstName: "Bea", lastName: "Blocker" });
    const blocked = await createTestUser(t.db, { firstName: "Bo", lastName: "Blocked" });
    await addTestMember(t.db, c, blocker);
    await addTestMember(t.db, c, blocked, { role: "admin" });
    await chat(blocked, "from the blocked one", { c });
    await chat(blocker, "from the blocker", { c });
    await chat(blocked, "an announcement", { c, kind: "announcement" });
    await t.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });

    const flags = async (viewer: TestUser, kind: "chat" | "announcement" = "chat") =>
      (await listClubMessages(t.db, await access(viewer, c), { kind }))!.messages.map((m) => [m.content, m.authorBlocked]);
    expect(await flags(blocker)).toEqual([
      ["from the blocked one", true],
      ["from the blocker", false],
    ]);
    expect(await flags(blocker, "announcement")).toEqual([["an announcement", true]]);
    // One direction: the person blocked is not shown that they were (the blocker's words stay plain).
    expect(await flags(blocked)).toEqual([
      ["from the blocked one", false],
      ["from the blocker", false],
    ]);
    expect(await flags(owner)).toEqual([
      ["from the blocked one", false],
      ["from the blocker", false],
    ]);

    await t.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.blockedId, blocked.id)));
    expect(await flags(blocker)).toEqual([
      ["from the blocked one", false],
      ["from the blocker", false],
    ]);
  });
});
