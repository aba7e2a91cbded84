// No adult alone with a minor (ADR 096), as a property over generated worlds on real libSQL: random
// adults and teens, clubs and memberships, guardian links and unlinks, listing threads and club DMs.
// In every conversation that includes a minor, each live guardian of that minor reads every message
// of it (the guardian's page and inbox) and may join the teen's room; nobody else who is not a side
// reads any of it. Both sides see the guardian line exactly when a third person oversees it.
// The seed is printed; MAAPP_SEED=<n> replays a world.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubDirectMessages, guardianInvites, guardianLinks, listingMessages, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub } from "../../../tests/factories";
import { viewersById } from "../accounts/viewers-by-id.server";
import { getClubAccess } from "../clubs/club-access.server";
import type { Viewer } from "../permissions/viewer";
import { roomGrantFor } from "../realtime/rooms.server";
import { getDmConversation, sendDirectMessage } from "./direct-messages.server";
import { inboxFor } from "./inbox.server";
import { listingThreadsFor } from "./listing-questions.server";
import { overseenConversation } from "./overseen.server";

let t: TestDb;
beforeAll(async () => void (t = await createTestDb()));
afterAll(() => t.cleanup());

const thisYear = new Date().getUTCFullYear();

/** mulberry32: a small seeded PRNG, so a failing world can be replayed from its printed seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

type Conv = { kind: "listing" | "club"; subjectId: string; a: string; b: string; ids: string[] };
const key = (kind: string, subject: string, x: string, y: string) => `${kind}:${subject}:${[x, y].sort().join(":")}`;

async function world(seed: number) {
  const r = prng(seed);
  const n = 7 + r.int(3);
  const people: { id: string; teen: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const teen = r.next() < 0.45;
    const user = await createTestUser(t.db, { firstName: `${teen ? "Teen" : "Adult"}${i}` });
    await t.db
      .update(users)
      .set({ birthYear: thisYear - (teen ? 15 : 40), birthMonth: 1 })
      .where(eq(users.id, user.id));
    people.push({ id: user.id, teen });
  }
  const adults = people.filter((p) => !p.teen);
  const teens = people.filter((p) => p.teen);
  if (adults.length === 0 || teens.length === 0) return null;
  const viewers = await viewersById(
    t.db,
    people.map((p) => p.id),
  );
  const v = (id: string) => viewers.get(id)!;

  // Clubs with random members (the owner an adult).
  const clubs: { club: TestClub; members: Set<string> }[] = [];
  for (let c = 0; c < 2; c++) {
    const ownerId = r.pick(adults).id;
    const club = await createTestClub(t.db, v(ownerId));
    const members = new Set([ownerId]);
    for (const p of people) {
      if (p.id === ownerId || r.next() >= 0.6) continue;
      await addTestMember(t.db, club, v(p.id));
      members.add(p.id);
    }
    clubs.push({ club, members });
  }

  // Guardian links (the confirm's own rules are guardians.server.test.ts'): a few per teen, some unlinked.
  const live = new Map<string, Set<string>>(); // teen → live guardians
  for (const teen of teens) {
    live.set(teen.id, new Set());
    for (const adult of adults) {
      if (r.next() > 0.35) continue;
      const [invite] = await t.db
        .insert(guardianInvites)
        .values({
          teenId: teen.id,
          email: `g-${randomUUID()}@x.test`,
          tokenHash: randomUUID(),
          expiresAt: new Date(Date.now() + 1e6),
          usedAt: new Date(),
        })
        .returning();
      const unlinked = r.next() < 0.3;
      await t.db
        .insert(guardianLinks)
        .values({ teenId: teen.id, guardianId: adult.id, inviteId: invite.id, unlinkedAt: unlinked ? new Date() : null });
      if (!unlinked) live.get(teen.id)!.add(adult.id);
    }
  }

  // At least one overseen teen, so no world checks nothing (its conversation is added below).
  const first = teens[0].id;
  if (live.get(first)!.size === 0) {
    const [invite] = await t.db
      .insert(guardianInvites)
      .values({
        teenId: first,
        email: `g-${randomUUID()}@x.test`,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 1e6),
        usedAt: new Date(),
      })
      .returning();
    await t.db.insert(guardianLinks).values({ teenId: first, guardianId: adults[0].id, inviteId: invite.id });
    live.get(first)!.add(adults[0].id);
  }

  // Conversations: listing threads (any buyer on any seller's listing) and DMs inside a shared club.
  const convs = new Map<string, Conv>();
  const at = () => new Date(Date.now() - 100_000 + r.int(90_000));
  const add = (kind: Conv["kind"], subjectId: string, a: string, b: string, id: string) => {
    const k = key(kind, subjectId, a, b);
    const conv = convs.get(k) ?? { kind, subjectId, a, b, ids: [] };
    conv.ids.push(id);
    convs.set(k, conv);
  };
  for (let i = 0; i < 6; i++) {
    const seller = r.pick(people).id;
    const listingId = await createTestListing(t.db, v(seller));
    for (let j = 0, m = 1 + r.int(2); j < m; j++) {
      const buyer = r.pick(people.filter((p) => p.id !== seller)).id;
      for (let k = 0, l = 1 + r.int(3); k < l; k++) {
        const [from, to] = k % 2 ? [seller, buyer] : [buyer, seller];
        const id = randomUUID();
        await t.db.insert(listingMessages).values({ id, listingId, senderId: from, receiverId: to, content: `m${k}`, createdAt: at() });
        add("listing", listingId, buyer, seller, id);
      }
    }
  }
  const stranger = people.find((p) => p.id !== first && !live.get(first)!.has(p.id));
  if (stranger) {
    const listingId = await createTestListing(t.db, v(first));
    const id = randomUUID();
    await t.db
      .insert(listingMessages)
      .values({ id, listingId, senderId: stranger.id, receiverId: first, content: "Is it still for sale?", createdAt: at() });
    add("listing", listingId, stranger.id, first, id);
  }
  for (const { club, members } of clubs) {
    const list = [...members];
    for (let i = 0; i < 4 && list.length > 1; i++) {
      const a = r.pick(list);
      const b = r.pick(list.filter((x) => x !== a));
      for (let k = 0, l = 1 + r.int(3); k < l; k++) {
        const [from, to] = k % 2 ? [b, a] : [a, b];
        const id = randomUUID();
        await t.db
          .insert(clubDirectMessages)
          .values({ id, clubId: club.id, senderId: from, receiverId: to, content: `d${k}`, createdAt: at() });
        add("club", club.id, a, b, id);
      }
    }
  }
  return { people, teens, adults, clubs, live, convs: [...convs.values()], v };
}

describe("no adult alone with a minor (ADR 096), over generated worlds", () => {
  const seeds = process.env.MAAPP_SEED ? [Number(process.env.MAAPP_SEED)] : [1, 2, 3].map(() => Math.floor(Math.random() * 2 ** 31));

  test.each(seeds)(
    "world %i: a teen's guardian reads every message of each of the teen's conversations; nobody else does",
    async (seed) => {
      console.info(`MAAPP_SEED=${seed}`);
      const w = await world(seed);
      expect(w === null || w.convs.length > 0).toBe(true);
      if (!w) return;
      const teenIds = new Set(w.teens.map((p) => p.id));
      const inboxes = new Map<string, Set<string>>();
      for (const p of w.people) {
        const page = await inboxFor(t.db, w.v(p.id), { pageSize: 100 });
        inboxes.set(
          p.id,
          new Set(page.conversations.filter((c) => c.overseen).map((c) => key(c.kind, c.subjectId, c.overseen!.teen.id, c.other.id))),
        );
      }
      let checkedReads = 0;
      for (const conv of w.convs) {
        const k = key(conv.kind, conv.subjectId, conv.a, conv.b);
        for (const teen of [conv.a, conv.b].filter((id) => teenIds.has(id))) {
          const other = teen === conv.a ? conv.b : conv.a;
          for (const p of w.people) {
            if (p.id === conv.a || p.id === conv.b) continue;
            const guardian = w.live.get(teen)!.has(p.id);
            const read = await overseenConversation(t.db, w.v(p.id), {
              kind: conv.kind,
              subjectId: conv.subjectId,
              teenId: teen,
              otherId: other,
            });
            if (guardian) {
              expect(read?.messages.map((m) => m.id).sort(), `seed ${seed}: guardian ${p.id} of ${teen} in ${k}`).toEqual(
                [...conv.ids].sort(),
              );
              expect(read?.line).toMatch(/guardian can read this conversation$/);
              expect(inboxes.get(p.id)!.has(k), `seed ${seed}: in the guardian's inbox`).toBe(true);
              checkedReads++;
            } else expect(read, `seed ${seed}: ${p.id} is not a guardian of ${teen}`).toBeNull();
          }
        }
        // Nobody who is neither a side nor a live guardian of a teen side has it in their inbox.
        for (const p of w.people) {
          if (p.id === conv.a || p.id === conv.b) continue;
          const oversees = [conv.a, conv.b].some((id) => w.live.get(id)?.has(p.id));
          expect(inboxes.get(p.id)!.has(k), `seed ${seed}: ${p.id} and ${k}`).toBe(oversees);
        }
        // Both sides see the line exactly when a side is a teen with a live guardian who is neither side.
        const third = [conv.a, conv.b].some((id) => [...(w.live.get(id) ?? [])].some((g) => g !== conv.a && g !== conv.b));
        for (const side of [conv.a, conv.b]) {
          const sideOther = side === conv.a ? conv.b : conv.a;
          const line =
            conv.kind === "listing"
              ? (await listingThreadsFor(t.db, w.v(side), { id: conv.subjectId })).find(
                  (th) => th.buyerId === side || th.buyerId === sideOther,
                )?.guardianLine
              : (
                  await getDmConversation(
                    t.db,
                    (await getClubAccess(t.db, w.v(side), w.clubs.find((c) => c.club.id === conv.subjectId)!.club.slug))!,
                    sideOther,
                  )
                )?.partner.guardianLine;
          expect(Boolean(line), `seed ${seed}: the line for ${side} in ${k}`).toBe(third);
        }
      }
      // The live view: the teen's room admits the teen and their live guardians only.
      for (const teen of w.teens)
        for (const p of w.people) {
          const grant = await roomGrantFor(t.db, w.v(p.id), { kind: "user", id: teen.id });
          expect(Boolean(grant), `seed ${seed}: ${p.id} in ${teen.id}'s room`).toBe(p.id === teen.id || w.live.get(teen.id)!.has(p.id));
        }
      expect(checkedReads, `seed ${seed}: the world oversees someone`).toBeGreaterThan(0);
      console.info(`MAAPP_SEED=${seed}: ${w.convs.length} conversations, ${checkedReads} guardian reads checked`);
    },
  );

  test("an adult cannot start a private DM with a teen who shares no club with them", async () => {
    const adult = await createTestUser(t.db, { firstName: "Ada" });
    const teen = await createTestUser(t.db, { firstName: "Sam" });
    await t.db
      .update(users)
      .set({ birthYear: thisYear - 15, birthMonth: 1 })
      .where(eq(users.id, teen.id));
    const viewers = await viewersById(t.db, [adult.id, teen.id]);
    const adultsClub = await createTestClub(t.db, viewers.get(adult.id)!);
    const access = (await getClubAccess(t.db, viewers.get(adult.id)!, adultsClub.slug))!;
    const sent = await sendDirectMessage(t.db, access, { recipientId: teen.id, content: "hi", clientId: randomUUID() });
    expect(sent).toEqual({ ok: false, reason: "no_recipient" });
    expect(await getDmConversation(t.db, access, teen.id)).toBeNull();
    expect(await t.db.select().from(clubDirectMessages).where(eq(clubDirectMessages.receiverId, teen.id))).toEqual([]);
  });

  test("a guardian's read stops with the unlink, and when the teen turns 18", async () => {
    const [teen, parent, seller] = await Promise.all(["Sam", "Morgan", "Olga"].map((firstName) => createTestUser(t.db, { firstName })));
    await t.db
      .update(users)
      .set({ birthYear: thisYear - 15, birthMonth: 1 })
      .where(eq(users.id, teen.id));
    const [invite] = await t.db
      .insert(guardianInvites)
      .values({ teenId: teen.id, email: "p@x.test", tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 1e6), usedAt: new Date() })
      .returning();
    const [link] = await t.db.insert(guardianLinks).values({ teenId: teen.id, guardianId: parent.id, inviteId: invite.id }).returning();
    const listingId = await createTestListing(t.db, teen);
    await t.db
      .insert(listingMessages)
      .values({ id: randomUUID(), listingId, senderId: seller.id, receiverId: teen.id, content: "Still for sale?" });
    const ref = { kind: "listing" as const, subjectId: listingId, teenId: teen.id, otherId: seller.id };
    const guardian = (await viewersById(t.db, [parent.id])).get(parent.id)! as Viewer;
    expect((await overseenConversation(t.db, guardian, ref))?.messages.map((m) => m.content)).toEqual(["Still for sale?"]);
    // Born 18 years and a month ago: an adult now, and nobody oversees them.
    await t.db
      .update(users)
      .set({ birthYear: thisYear - 19 })
      .where(eq(users.id, teen.id));
    expect(await overseenConversation(t.db, guardian, ref)).toBeNull();
    await t.db
      .update(users)
      .set({ birthYear: thisYear - 15 })
      .where(eq(users.id, teen.id));
    await t.db.update(guardianLinks).set({ unlinkedAt: new Date() }).where(eq(guardianLinks.id, link.id));
    expect(await overseenConversation(t.db, guardian, ref)).toBeNull();
    expect((await inboxFor(t.db, guardian)).conversations).toEqual([]);
    expect(await roomGrantFor(t.db, guardian, { kind: "user", id: teen.id })).toBeNull();
  });
});
