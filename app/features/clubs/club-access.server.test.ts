import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, clubs, listingClubs, listings } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../../../tests/factories";
import { clubAccessQuery, clubVisibleTo, getClubAccess, managedBy, toClubAccess } from "./club-access.server";
import { findSessionViewerWith, startSession } from "../accounts/session.server";
import { isSiteAdmin } from "../accounts/viewer-columns.server";
import { can } from "../permissions/can";
import { CLUB_ROLES } from "../permissions/club";
import { listingVisibleTo } from "../listings/listing-visibility.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
const who: Record<string, TestUser> = {};
const club: Record<"public" | "members_only" | "private", TestClub> = {} as never;

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ["owner", "admin", "equipment_manager", "member", "pending", "stranger"])
    who[name] = await createTestUser(t.db, { firstName: name });
  who.siteAdmin = await createTestUser(t.db, { firstName: "Site", admin: true });
  for (const visibility of ["public", "members_only", "private"] as const) {
    club[visibility] = await createTestClub(t.db, who.owner, {
      name: `${visibility} club`,
      slug: `${visibility.replace("_", "-")}-club`,
      visibility,
      joinMode: "approval",
    });
    await addTestMember(t.db, club[visibility], who.admin, { role: "admin" });
    await addTestMember(t.db, club[visibility], who.equipment_manager, { role: "equipment_manager" });
    await addTestMember(t.db, club[visibility], who.member);
    await addTestMember(t.db, club[visibility], who.pending, { status: "pending" });
  }
});
afterAll(() => t.cleanup());

const ROLE_NAMES = ["anonymous", "stranger", "pending", "member", "equipment_manager", "admin", "owner", "siteAdmin"] as const;
const viewerFor = (role: (typeof ROLE_NAMES)[number]): Viewer | null => (role === "anonymous" ? null : who[role]);
const viewers = (): [string, Viewer | null][] => ROLE_NAMES.map((role) => [role, viewerFor(role)]);

async function visibleSlugs(viewer: Viewer | null) {
  const rows = await t.db.select({ slug: clubs.slug }).from(clubs).where(clubVisibleTo(viewer)).orderBy(clubs.slug);
  return rows.map((r) => r.slug);
}

describe("clubVisibleTo: who may see which club (02 §2 directory, §6)", () => {
  const expected: Record<string, string[]> = {
    anonymous: ["public-club"],
    stranger: ["members-only-club", "public-club"],
    pending: ["members-only-club", "public-club"], // a pending request does not open a private club
    member: ["members-only-club", "private-club", "public-club"],
    equipment_manager: ["members-only-club", "private-club", "public-club"],
    admin: ["members-only-club", "private-club", "public-club"],
    owner: ["members-only-club", "private-club", "public-club"],
    siteAdmin: ["members-only-club", "private-club", "public-club"],
  };
  test.each(ROLE_NAMES)("%s", async (role) => {
    const viewer = viewerFor(role);
    expect(await visibleSlugs(viewer)).toEqual(expected[role]);
    for (const slug of ["public-club", "members-only-club", "private-club"]) {
      const access = await getClubAccess(t.db, viewer, slug);
      expect(access !== null, `${role} → ${slug}`).toBe(expected[role].includes(slug));
    }
  });
});

describe("getClubAccess", () => {
  test("gives each viewer their standing in the club", async () => {
    const roles = Object.fromEntries(
      await Promise.all(viewers().map(async ([name, viewer]) => [name, (await getClubAccess(t.db, viewer, "public-club"))!.roles])),
    );
    expect(roles).toEqual({
      anonymous: ["anonymous"],
      stranger: ["stranger"],
      pending: ["pending"],
      member: ["member"],
      equipment_manager: ["equipment_manager"],
      admin: ["admin"],
      owner: ["owner"],
      siteAdmin: ["stranger", "siteAdmin"],
    });
  });

  test("an unknown slug is not found; the slug is matched case-insensitively", async () => {
    expect(await getClubAccess(t.db, who.member, "no-such-club")).toBeNull();
    expect((await getClubAccess(t.db, null, "PUBLIC-CLUB"))?.club.slug).toBe("public-club");
  });

  test("never carries the invite code", async () => {
    const coded = await createTestClub(t.db, who.owner, { joinMode: "code", inviteCode: "SECRET1" });
    const access = await getClubAccess(t.db, who.owner, coded.slug);
    expect(JSON.stringify(access)).not.toContain("SECRET1");
  });
});

describe("the access read with the session, in one round trip (ADR 077)", () => {
  const signedIn = ROLE_NAMES.filter((role) => role !== "anonymous");
  test.each(signedIn)("%s: the same access as getClubAccess, for every club and an unknown slug", async (role) => {
    const viewer = who[role];
    const token = await startSession({ db: t.db }, viewer.id, { userAgent: null, ip: null });
    for (const slug of ["public-club", "members-only-club", "private-club", "no-such-club"]) {
      const found = await findSessionViewerWith({ db: t.db }, token, (asker) => clubAccessQuery(t.db, asker, slug));
      expect(found.viewer?.id).toBe(viewer.id);
      expect(toClubAccess(found.viewer, found.companion!), `${role} → ${slug}`).toEqual(await getClubAccess(t.db, found.viewer, slug));
    }
  });

  test("an ended or unknown session keeps nothing it read: the caller asks again as a visitor", async () => {
    const long = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    const token = await startSession({ db: t.db }, who.member.id, { userAgent: null, ip: null });
    const ended = await findSessionViewerWith({ db: t.db }, token, (asker) => clubAccessQuery(t.db, asker, "private-club"), long);
    expect(ended).toEqual({ viewer: null, companion: null });
    const unknown = await findSessionViewerWith({ db: t.db }, "not-a-token", (asker) => clubAccessQuery(t.db, asker, "public-club"));
    expect(unknown).toEqual({ viewer: null, companion: null });
  });

  test("clubVisibleTo for a viewer known only as SQL sees what it sees for the same viewer read first", async () => {
    for (const role of signedIn) {
      const id = sql`${who[role].id}`;
      const rows = await t.db
        .select({ slug: clubs.slug })
        .from(clubs)
        .where(clubVisibleTo({ id, isAdmin: isSiteAdmin(id) }))
        .orderBy(clubs.slug);
      expect(
        rows.map((r) => r.slug),
        role,
      ).toEqual(await visibleSlugs(who[role]));
    }
  });
});

describe("one owner per club", () => {
  test("the database refuses a second owner row", async () => {
    const ownerRow = await t.db
      .select()
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.public.id), eq(clubMembers.role, "owner")));
    expect(ownerRow).toHaveLength(1);
    await expect(
      t.db
        .update(clubMembers)
        .set({ role: "owner" })
        .where(and(eq(clubMembers.clubId, club.public.id), eq(clubMembers.userId, who.member.id))),
    ).rejects.toThrow();
    const owners = await t.db
      .select()
      .from(clubMembers)
      .where(and(eq(clubMembers.clubId, club.public.id), eq(clubMembers.role, "owner")));
    expect(owners.map((o) => o.userId)).toEqual([who.owner.id]);
  });
});

describe("listing audience (ADR 026): nothing becomes public unless its seller says so", () => {
  const canSee = async (viewer: Viewer | null, listingId: string) =>
    (
      await t.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, listingId), listingVisibleTo(viewer)))
    ).length === 1;

  test("the form's choice is stored: public without clubs, clubs with them", async () => {
    const pub = await createTestListing(t.db, who.member, { title: "Public ball" });
    const clubOnly = await createTestListing(t.db, who.member, { title: "Club ball", clubs: [club.public] });
    const rows = await t.db
      .select({ id: listings.id, audience: listings.audience })
      .from(listings)
      .where(sql`${listings.id} in (${pub}, ${clubOnly})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.audience]))).toEqual({ [pub]: "public", [clubOnly]: "clubs" });
  });

  test("deleting the club leaves its listings visible to nobody but the seller and site admins", async () => {
    const doomed = await createTestClub(t.db, who.owner, { name: "Doomed FC" });
    await addTestMember(t.db, doomed, who.member);
    const listingId = await createTestListing(t.db, who.member, { title: "Doomed club cleats", clubs: [doomed] });
    expect(await canSee(who.owner, listingId)).toBe(true);
    expect(await canSee(null, listingId)).toBe(false);

    await t.db.delete(clubs).where(eq(clubs.id, doomed.id));

    expect(await t.db.select().from(listingClubs).where(eq(listingClubs.listingId, listingId))).toEqual([]);
    for (const viewer of [null, who.stranger, who.owner]) expect(await canSee(viewer, listingId)).toBe(false);
    expect(await canSee(who.member, listingId)).toBe(true); // the seller
    expect(await canSee(who.siteAdmin, listingId)).toBe(true);
  });

  test("a club link written by any path (seed, tests, a future feature) makes the listing club-only", async () => {
    const listingId = await createTestListing(t.db, who.member, { title: "Linked later" });
    await t.db.insert(listingClubs).values({ listingId, clubId: club.members_only.id, isPrimary: true });
    const [row] = await t.db.select({ audience: listings.audience }).from(listings).where(eq(listings.id, listingId));
    expect(row.audience).toBe("clubs");
    expect(await canSee(who.stranger, listingId)).toBe(false);
  });
});

describe("the SQL fragments are the permission table's rows (generated, and checked here against can)", () => {
  const visibilities = ["public", "members_only", "private"] as const;
  test.each(ROLE_NAMES)("%s: clubVisibleTo and managedBy agree with can(…, 'view' | 'manage', club)", async (role) => {
    const viewer = viewerFor(role);
    for (const visibility of visibilities) {
      const access = await getClubAccess(t.db, who.siteAdmin, club[visibility].slug);
      const membership =
        role === "anonymous" || role === "stranger" || role === "siteAdmin"
          ? null
          : role === "pending"
            ? { role: "member" as const, status: "pending" as const }
            : { role, status: "active" as const };
      const target = { kind: "club" as const, club: access!.club, membership };
      const [row] = await t.db
        .select({ visible: sql<number>`${clubVisibleTo(viewer)}`, managed: sql<number>`${managedBy(viewer)}` })
        .from(clubs)
        .where(eq(clubs.id, club[visibility].id));
      expect(Boolean(row.visible), `${role} sees ${visibility}`).toBe(can(viewer, "view", target));
      expect(Boolean(row.managed) && Boolean(row.visible), `${role} manages ${visibility}`).toBe(can(viewer, "manage", target));
    }
  });

  test("every club role is one of this file's viewers", () => {
    expect([...ROLE_NAMES].sort()).toEqual([...CLUB_ROLES].sort());
  });
});
