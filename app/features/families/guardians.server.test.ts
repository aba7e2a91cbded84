// Teens and guardians (ADR 092) against real libSQL: the invite, the confirm's rules in its one
// batch (races, replays, who may be a guardian), unlinking, and the Viewer's minor roles.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guardianInvites, guardianLinks, mailOutbox, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser } from "../../../tests/factories";
import { viewersById } from "../accounts/viewers-by-id.server";
import { can, SITE } from "../permissions/can";
import { ageBandOf } from "../permissions/age";
import { siteAllowsPost } from "../permissions/site";
import type { Viewer } from "../permissions/viewer";
import { confirmGuardian, guardiansOf, inviteGuardian, teensOf, unlinkGuardian } from "./guardians.server";

let t: TestDb;
const pending: Promise<unknown>[] = [];
const ctx = () => ({
  db: t.db,
  env: { APP_ENV: "test" as const, APP_ORIGIN: "http://lockerswap.test" },
  cloudflare: { ctx: { waitUntil: (p: Promise<unknown>) => void pending.push(p) } },
});
const now = new Date();
const thisYear = now.getUTCFullYear();

beforeAll(async () => void (t = await createTestDb()));
afterAll(() => t.cleanup());

async function person(birthYear: number | null, name = "Pat"): Promise<Viewer> {
  const user = await createTestUser(t.db, { firstName: name });
  if (birthYear !== null) await t.db.update(users).set({ birthYear, birthMonth: 1 }).where(eq(users.id, user.id));
  return (await viewersById(t.db, [user.id])).get(user.id)!;
}
const again = async (v: Viewer) => (await viewersById(t.db, [v.id])).get(v.id)!;

/** The token of the newest guardian mail to `email` (the link in its text). */
async function tokenMailedTo(email: string) {
  await Promise.all(pending.splice(0));
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const link = mails.at(-1)!.text.match(/\/guardian\/confirm\?token=([\w-]+)/);
  return link![1];
}

describe("age bands from a year and month", () => {
  test("13 and 18 count from the month after the birthday month, never a day early", () => {
    const on = new Date(Date.UTC(2026, 4, 15)); // May 2026
    expect(ageBandOf({ year: 2013, month: 5 }, on)).toBe("child");
    expect(ageBandOf({ year: 2013, month: 4 }, on)).toBe("teen");
    expect(ageBandOf({ year: 2008, month: 5 }, on)).toBe("teen");
    expect(ageBandOf({ year: 2008, month: 4 }, on)).toBe("adult");
  });
});

describe("the Viewer's minor roles in the site table", () => {
  test("a teen without a guardian browses and favorites, and may not write; an adult is as before", async () => {
    const teen = await person(thisYear - 15);
    const adult = await person(thisYear - 40);
    const legacy = await person(null);
    expect(teen.minor).toEqual({ guardianLinked: false });
    expect(adult.minor).toBeNull();
    expect(legacy.minor).toBeNull();
    expect(can(teen, "write", SITE)).toBe(false);
    expect(can(teen, "favorite", SITE)).toBe(true);
    expect(siteAllowsPost(teen, "/favorites")).toBe(true);
    expect(siteAllowsPost(teen, "/guardian")).toBe(true);
    for (const path of ["/list-item", "/messages", "/club/riverside/join", "/listing/x", "/deals/x"])
      expect(siteAllowsPost(teen, path)).toBe(false);
    expect(can(adult, "write", SITE)).toBe(true);
  });
});

describe("a guardian link", () => {
  test("invite → mail → the adult's button makes one link; the teen may then write; unlink limits them again", async () => {
    const teen = await person(thisYear - 15, "Sam");
    const parent = await person(thisYear - 45, "Morgan");
    expect(await inviteGuardian(ctx(), teen, ` ${parent.email.toUpperCase()} `)).toEqual({ ok: true, email: parent.email });
    const token = await tokenMailedTo(parent.email);
    const [stored] = await t.db.select().from(guardianInvites).where(eq(guardianInvites.teenId, teen.id));
    expect(stored.tokenHash).not.toContain(token);

    expect(await confirmGuardian(t.db, parent, token)).toEqual({ ok: true, teenId: teen.id });
    const linked = await again(teen);
    expect(linked.minor).toEqual({ guardianLinked: true });
    expect(can(linked, "write", SITE)).toBe(true);
    expect((await guardiansOf(t.db, teen.id)).map((g) => g.guardianId)).toEqual([parent.id]);
    expect((await teensOf(t.db, parent.id)).map((r) => [r.teenId, r.stillMinor])).toEqual([[teen.id, true]]);

    const [link] = await t.db.select().from(guardianLinks).where(eq(guardianLinks.teenId, teen.id));
    expect(await unlinkGuardian(t.db, await person(thisYear - 30), link.id)).toBeNull(); // not theirs
    expect(await unlinkGuardian(t.db, parent, link.id)).toEqual({ teenId: teen.id, guardianId: parent.id });
    expect((await again(teen)).minor).toEqual({ guardianLinked: false });
    // The link replayed after the unlink: refused, and no second row.
    expect(await confirmGuardian(t.db, parent, token)).toEqual({ ok: false, reason: "invalid" });
    expect(await t.db.select().from(guardianLinks).where(eq(guardianLinks.teenId, teen.id))).toHaveLength(1);
  });

  test("one link confirmed many times at once makes one link; every loser is told", async () => {
    const teen = await person(thisYear - 14);
    const parent = await person(thisYear - 50);
    await inviteGuardian(ctx(), teen, parent.email);
    const token = await tokenMailedTo(parent.email);
    const results = await Promise.all(Array.from({ length: 12 }, () => confirmGuardian(t.db, parent, token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "invalid")).toBe(true);
    expect(await t.db.select().from(guardianLinks).where(eq(guardianLinks.teenId, teen.id))).toHaveLength(1);
  });

  test("refused: one's own address, another account's confirm, a teen as guardian, the teen themselves", async () => {
    const teen = await person(thisYear - 16);
    expect(await inviteGuardian(ctx(), teen, teen.email.toUpperCase())).toEqual({ ok: false, reason: "own_email" });
    expect(await inviteGuardian(ctx(), await person(thisYear - 30), "x@example.com")).toEqual({ ok: false, reason: "not_a_minor" });

    // Two teens naming each other: neither confirm makes a link.
    const other = await person(thisYear - 15);
    await inviteGuardian(ctx(), teen, other.email);
    await inviteGuardian(ctx(), other, teen.email);
    expect(await confirmGuardian(t.db, other, await tokenMailedTo(other.email))).toEqual({ ok: false, reason: "notAdult" });
    expect(await confirmGuardian(t.db, teen, await tokenMailedTo(teen.email))).toEqual({ ok: false, reason: "notAdult" });

    const parent = await person(thisYear - 40);
    await inviteGuardian(ctx(), teen, parent.email);
    const token = await tokenMailedTo(parent.email);
    expect(await confirmGuardian(t.db, await person(thisYear - 41), token)).toEqual({ ok: false, reason: "wrongAccount" });
    expect(await confirmGuardian(t.db, teen, token)).toEqual({ ok: false, reason: "self" });
    expect(await confirmGuardian(t.db, parent, "not-a-token")).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmGuardian(t.db, parent, token, new Date(Date.now() + 8 * 24 * 3600 * 1000))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await t.db.select().from(guardianLinks).where(eq(guardianLinks.teenId, teen.id))).toHaveLength(0);
    // The invite was not spent by the refusals: the right adult still confirms.
    expect((await confirmGuardian(t.db, parent, token)).ok).toBe(true);
  });

  test("a teen turning 18 becomes a plain account with no job: computed from the birth month at each read", async () => {
    const teen = await person(thisYear - 18);
    await t.db.update(users).set({ birthMonth: 12 }).where(eq(users.id, teen.id));
    const parent = await person(thisYear - 44);
    const decFirst = new Date(Date.UTC(thisYear, 11, 1));
    const janNext = new Date(Date.UTC(thisYear + 1, 0, 1));
    expect((await viewersById(t.db, [teen.id], decFirst)).get(teen.id)!.minor).toEqual({ guardianLinked: false });
    expect((await viewersById(t.db, [teen.id], janNext)).get(teen.id)!.minor).toBeNull();
    await inviteGuardian(ctx(), await again(teen), parent.email);
    expect((await confirmGuardian(t.db, parent, await tokenMailedTo(parent.email), janNext)).ok).toBe(false);
  });
});
