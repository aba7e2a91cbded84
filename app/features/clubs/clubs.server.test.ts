import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, clubs, listingPhotos, listings } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../../../tests/factories";
import { createClub, isSlugAvailable, type ClubInput } from "./club-create.server";
import { listClubsForDirectory } from "./club-directory.server";
import { changeInviteCode, pendingJoinRequests, updateClubSettings } from "./club-manage.server";
import { getClubPage } from "../../web/pages/club-page.server";
import { teamHub } from "../../web/pages/team-hub.server";
import { getInviteCode, getClubAccess } from "./club-access.server";
import { joinClubWithCode } from "./membership.server";

let t: TestDb;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestDb();
  owner = await createTestUser(t.db, { firstName: "Olive", lastName: "Owner" });
});
afterAll(() => t.cleanup());

const input = (over: Partial<ClubInput> = {}): ClubInput => ({
  name: "River FC",
  type: "club",
  sport: "soccer",
  visibility: "public",
  joinMode: "open",
  ...over,
});

describe("createClub (02 §2 Create club, §5)", () => {
  test("creates the club and its creator as active owner; the slug comes from the name when empty", async () => {
    const result = await createClub(t.db, owner, input({ name: "Harbor Rowing Club", slug: "" }));
    expect(result).toMatchObject({ ok: true, slug: "harbor-rowing-club" });
    const [row] = await t.db
      .select()
      .from(clubMembers)
      .where(eq(clubMembers.clubId, result.ok ? result.clubId : ""));
    expect(row).toMatchObject({ userId: owner.id, role: "owner", status: "active" });
    expect(await isSlugAvailable(t.db, "harbor-rowing-club")).toBe(false);
    expect(await isSlugAvailable(t.db, "harbor-rowing-club-2")).toBe(true);
  });

  test("a taken slug is refused ('Slug already exists'), also when two creations race", async () => {
    await createClub(t.db, owner, input({ slug: "taken-slug" }));
    expect(await createClub(t.db, owner, input({ slug: "taken-slug" }))).toEqual({ ok: false, error: "slugTaken" });
    const racing = await Promise.all([
      createClub(t.db, owner, input({ slug: "race-slug" })),
      createClub(t.db, owner, input({ slug: "race-slug" })),
    ]);
    expect(racing.filter((r) => r.ok)).toHaveLength(1);
    expect(racing.filter((r) => !r.ok)).toEqual([{ ok: false, error: "slugTaken" }]);
    expect(await t.db.select().from(clubs).where(eq(clubs.slug, "race-slug"))).toHaveLength(1);
  });

  test("a malformed slug is refused before the database; the invite code is kept only for code clubs", async () => {
    expect(await createClub(t.db, owner, input({ slug: "Bad Slug" }))).toEqual({ ok: false, error: "slugInvalid" });
    const coded = await createClub(t.db, owner, input({ slug: "coded", joinMode: "code", inviteCode: " abcd " }));
    const open = await createClub(t.db, owner, input({ slug: "not-coded", joinMode: "open", inviteCode: "abcd" }));
    const codes = await t.db.select({ slug: clubs.slug, inviteCode: clubs.inviteCode }).from(clubs).where(eq(clubs.createdBy, owner.id));
    expect(codes.find((c) => c.slug === "coded")?.inviteCode).toBe("abcd");
    expect(codes.find((c) => c.slug === "not-coded")?.inviteCode).toBeNull();
    expect(coded.ok && open.ok).toBe(true);
  });
});

describe("listClubsForDirectory (02 §2 Clubs directory, §7)", () => {
  let db: TestDb;
  let me: TestUser;
  beforeAll(async () => {
    db = await createTestDb();
    const o = await createTestUser(db.db);
    me = await createTestUser(db.db);
    for (let i = 0; i < 23; i++) await createTestClub(db.db, o, { name: `Public ${String(i).padStart(2, "0")}`, slug: `public-${i}` });
    await createTestClub(db.db, o, { name: "Members Only Hockey", slug: "members-only-hockey", visibility: "members_only" });
    const secret = await createTestClub(db.db, o, { name: "Secret Skiers", slug: "secret-skiers", visibility: "private" });
    await createTestClub(db.db, o, { name: "Other Secret", slug: "other-secret", visibility: "private" });
    await addTestMember(db.db, secret, me);
  });
  afterAll(() => db.cleanup());

  test("newest first, 20 at a time, with Load More while there is more", async () => {
    const first = await listClubsForDirectory(db.db, null);
    expect(first.clubs).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.clubs[0].name).toBe("Public 22");
    const second = await listClubsForDirectory(db.db, null, { offset: 20 });
    expect(second.clubs.map((c) => c.name)).toEqual(["Public 02", "Public 01", "Public 00"]);
    expect(second.hasMore).toBe(false);
  });

  test("anonymous: public only; signed in: + members-only; private only for its members", async () => {
    const names = async (viewer: TestUser | null, q: string) =>
      (await listClubsForDirectory(db.db, viewer, { q })).clubs.map((c) => c.name);
    expect(await names(null, "hockey")).toEqual([]);
    expect(await names(me, "HOCKEY")).toEqual(["Members Only Hockey"]);
    expect(await names(me, "secret")).toEqual(["Secret Skiers"]);
    expect(await names(null, "secret")).toEqual([]);
    expect(await names(me, "%")).toEqual([]);
  });

  test("cards carry the active member count", async () => {
    const [card] = (await listClubsForDirectory(db.db, me, { q: "secret skiers" })).clubs;
    expect(card).toMatchObject({ slug: "secret-skiers", memberCount: 2, visibility: "private" });
  });
});

describe("getClubPage (02 §2 Club page)", () => {
  let club: Awaited<ReturnType<typeof createTestClub>>;
  let member: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    club = await createTestClub(t.db, owner, { name: "Page FC", slug: "page-fc", visibility: "members_only", description: "We play." });
    member = await createTestUser(t.db, { firstName: "Mia", lastName: "Member", email: "mia@page.test" });
    stranger = await createTestUser(t.db);
    await addTestMember(t.db, club, member);
    for (let i = 1; i <= 5; i++) await createTestListing(t.db, member, { title: `Item ${i}`, priceCents: i * 100, clubs: [club] });
    await t.db.update(clubs).set({ visibility: "public" }).where(eq(clubs.id, club.id));
  });

  test("a signed-out visitor gets the first 3 listings only, no links, no prices — unless the club shows prices in its preview", async () => {
    const page = (await getClubPage(t.db, null, "page-fc"))!;
    expect(page.preview).toBe(true);
    expect(page.listingCount).toBe(5);
    expect(page.listings.map((l) => l.title)).toEqual(["Item 5", "Item 4", "Item 3"]);
    expect(page.listings.every((l) => l.priceCents === null && !l.linkable)).toBe(true);
    // No link means no id either: the id is the link ("no listing link" in the loader data).
    expect(page.listings.map((l) => l.id)).toEqual([null, null, null]);
    expect(page.can.join).toBe(false);
    expect(page.joinOffer).toEqual({ action: "join", enabled: true, signInFirst: true }); // the button leads to /auth

    await t.db.update(clubs).set({ showPricesInPreview: true }).where(eq(clubs.id, club.id));
    const withPrices = (await getClubPage(t.db, null, "page-fc"))!;
    expect(withPrices.listings.map((l) => l.priceCents)).toEqual([500, 400, 300]);
    await t.db.update(clubs).set({ showPricesInPreview: false }).where(eq(clubs.id, club.id));
  });

  test("signed in: every listing with its price; a public club's listings open for a signed-in stranger too (02 §6)", async () => {
    const forStranger = (await getClubPage(t.db, stranger, "page-fc"))!;
    expect(forStranger.listings).toHaveLength(5);
    expect(forStranger.listings[0]).toMatchObject({ priceCents: 500, linkable: true });
    const forMember = (await getClubPage(t.db, member, "page-fc"))!;
    expect(forMember.listings.every((l) => l.linkable)).toBe(true);
    expect(forMember.can).toMatchObject({ listItem: true, leave: true, manage: false, join: false });
  });

  test("a card shows its photo only to viewers /photos/ serves it to: a club-only listing in a visitor's preview has the no-photo tile", async () => {
    const [clubOnly] = await t.db
      .select({ id: listings.id, audience: listings.audience })
      .from(listings)
      .where(eq(listings.title, "Item 5"));
    expect(clubOnly.audience).not.toBe("public");
    await t.db.insert(listingPhotos).values({
      listingId: clubOnly.id,
      position: 0,
      r2Key: "listings/page-fc-item-5.jpg",
      contentType: "image/jpeg",
      byteSize: 10,
      width: 40,
      height: 30,
    });
    const photoOfItem5 = (page: NonNullable<Awaited<ReturnType<typeof getClubPage>>>) =>
      page.listings.find((l) => l.title === "Item 5")?.photoUrl;
    expect(photoOfItem5((await getClubPage(t.db, null, "page-fc"))!)).toBeNull();
    expect(photoOfItem5((await getClubPage(t.db, member, "page-fc"))!)).toBe("/photos/listings/page-fc-item-5.jpg");
    // A signed-in stranger may open a public club's listings (02 §6), so the photo is theirs to see.
    expect(photoOfItem5((await getClubPage(t.db, stranger, "page-fc"))!)).toBe("/photos/listings/page-fc-item-5.jpg");
    await t.db.delete(listingPhotos).where(eq(listingPhotos.listingId, clubOnly.id));
  });

  test("a club that hides its listing count (show_listing_count off) sends no count, to anyone — members and the owner included", async () => {
    await t.db.update(clubs).set({ showListingCount: false }).where(eq(clubs.id, club.id));
    for (const viewer of [null, stranger, member, owner]) {
      const page = (await getClubPage(t.db, viewer, "page-fc"))!;
      expect(page.listingCount).toBeNull();
      expect(page.listings.length).toBeGreaterThan(0); // the listings themselves still show
    }
    await t.db.update(clubs).set({ showListingCount: true }).where(eq(clubs.id, club.id));
    expect((await getClubPage(t.db, member, "page-fc"))!.listingCount).toBe(5);
  });

  test("Team Info: the owner's name, member count, created date", async () => {
    const page = (await getClubPage(t.db, stranger, "page-fc"))!;
    expect(page).toMatchObject({ adminName: "Olive Owner", memberCount: 2 });
    expect(page.club.createdAt).toBeInstanceOf(Date);
    expect(page.club.description).toBe("We play.");
  });

  test("roster: everyone on a public club, members only on a members-only club; never an e-mail", async () => {
    const pub = (await getClubPage(t.db, null, "page-fc"))!;
    expect(pub.roster).toEqual([
      { userId: owner.id, name: "Olive Owner", role: "owner" },
      { userId: member.id, name: "Mia Member", role: "member" },
    ]);
    expect(JSON.stringify(pub)).not.toContain("mia@page.test");
    await t.db.update(clubs).set({ visibility: "members_only" }).where(eq(clubs.id, club.id));
    const hidden = (await getClubPage(t.db, stranger, "page-fc"))!;
    expect(hidden.roster).toBeNull();
    expect(hidden.rosterHidden).toBe("membersOnly");
    expect((await getClubPage(t.db, member, "page-fc"))!.roster).toHaveLength(2);
    expect(await getClubPage(t.db, null, "page-fc")).toBeNull();
    await t.db.update(clubs).set({ visibility: "public" }).where(eq(clubs.id, club.id));
  });
});

describe("manage: requests, settings, invite code", () => {
  test("pending requests newest first, with name and e-mail, for club admins only", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const [ann, ben] = [
      await createTestUser(t.db, { firstName: "Ann", lastName: null }),
      await createTestUser(t.db, { firstName: null, lastName: null }),
    ];
    await addTestMember(t.db, club, ann, { status: "pending" });
    await addTestMember(t.db, club, ben, { status: "pending" });
    const result = await pendingJoinRequests(t.db, owner, club.slug);
    expect(result.ok && result.requests.map((r) => [r.name, r.email])).toEqual([
      ["Member", ben.email],
      ["Ann", ann.email],
    ]);
    expect(await pendingJoinRequests(t.db, ann, club.slug)).toMatchObject({ ok: false, error: "accessDenied" });
  });

  test("settings change what a signed-out visitor is offered; only managers may change them", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "approval" });
    const member = await createTestUser(t.db);
    await addTestMember(t.db, club, member);
    const off = { showPricesInPreview: true, showListingCount: false, allowJoinRequests: false };
    expect(await updateClubSettings(t.db, member, club.slug, off)).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await updateClubSettings(t.db, owner, club.slug, off)).toMatchObject({ ok: true, club: off });
    const page = (await getClubPage(t.db, await createTestUser(t.db), club.slug))!;
    expect(page.can.requestToJoin).toBe(false);
    expect(page.joinOffer).toEqual({ action: "requestToJoin", enabled: false, signInFirst: false }); // shown disabled
  });

  test("the invite code is shown to managers only, and a new one replaces the old at once", async () => {
    const club = await createTestClub(t.db, owner, { joinMode: "code", inviteCode: "OLDCODE" });
    const sam = await createTestUser(t.db);
    expect(await getInviteCode(t.db, (await getClubAccess(t.db, owner, club.slug))!)).toBe("OLDCODE");
    expect(await getInviteCode(t.db, (await getClubAccess(t.db, sam, club.slug))!)).toBeNull();
    expect(await changeInviteCode(t.db, sam, club.slug, "MINE")).toMatchObject({ ok: false, error: "accessDenied" });
    expect(await changeInviteCode(t.db, owner, club.slug, "abc")).toMatchObject({ ok: false, error: "inviteCodeRequired" });
    // ADR 046: the shared text rule — a control character is refused and nothing is stored.
    expect(await changeInviteCode(t.db, owner, club.slug, "\u0001\u001b\f\u001b")).toMatchObject({
      ok: false,
      error: "inviteCodeControlCharacters",
    });
    expect(await changeInviteCode(t.db, owner, club.slug, "GOAL\u0000IE")).toMatchObject({
      ok: false,
      error: "inviteCodeControlCharacters",
    });
    expect(await getInviteCode(t.db, (await getClubAccess(t.db, owner, club.slug))!)).toBe("OLDCODE");
    expect(await changeInviteCode(t.db, owner, club.slug, " NEWCODE ")).toMatchObject({ ok: true });
    expect(await joinClubWithCode(t.db, sam, club.slug, "OLDCODE")).toMatchObject({ ok: false, error: "invalidInviteCode" });
    expect(await joinClubWithCode(t.db, sam, club.slug, "NEWCODE")).toMatchObject({ ok: true });
  });
});

describe("teamHub (02 §2 /team-hub)", () => {
  test("active memberships first, then pending ones, each marked", async () => {
    const me = await createTestUser(t.db);
    const a = await createTestClub(t.db, owner, { name: "Zebra Club" });
    const b = await createTestClub(t.db, owner, { name: "Alpha Club", joinMode: "approval" });
    const c = await createTestClub(t.db, owner, { name: "Beta Club" });
    await addTestMember(t.db, a, me);
    await addTestMember(t.db, b, me, { status: "pending" });
    await addTestMember(t.db, c, me, { role: "admin" });
    const hub = await teamHub(t.db, me);
    expect(hub.map((h) => [h.name, h.status, h.role])).toEqual([
      ["Beta Club", "active", "admin"],
      ["Zebra Club", "active", "member"],
      ["Alpha Club", "pending", "member"],
    ]);
    expect(await teamHub(t.db, await createTestUser(t.db))).toEqual([]);
    const [row] = await t.db
      .select()
      .from(clubMembers)
      .where(and(eq(clubMembers.userId, me.id), eq(clubMembers.clubId, a.id)));
    expect(row.status).toBe("active");
  });
});
