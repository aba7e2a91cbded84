import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clubMembers, clubs, listingClubs, listings, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { listingOpenableBy, listingVisibleTo } from "./listing-visibility.server";
import type { Viewer } from "../permissions/viewer";

let t: TestDb;
const ids: Record<string, string> = {};
const viewer = (id: string, isAdmin = false): Viewer => ({
  id,
  email: `${id}@x.test`,
  firstName: null,
  lastName: null,
  zipCode: null,
  isAdmin,
});

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ["seller", "member", "pending", "stranger", "admin"]) {
    const [u] = await t.db
      .insert(users)
      .values({ email: `${name}@example.com` })
      .returning();
    ids[name] = u.id;
  }
  const [club] = await t.db
    .insert(clubs)
    .values({
      slug: "river-fc",
      name: "River FC",
      type: "club",
      sport: "soccer",
      visibility: "members_only",
      joinMode: "approval",
      createdBy: ids.seller,
    })
    .returning();
  await t.db.insert(clubMembers).values([
    { clubId: club.id, userId: ids.member, role: "member", status: "active" },
    { clubId: club.id, userId: ids.pending, role: "member", status: "pending" },
  ]);
  const base = {
    userId: ids.seller,
    priceCents: 1000,
    sport: "soccer" as const,
    condition: "new" as const,
    zipCode: "10001",
    city: "New York",
    state: "NY",
  };
  const [pub] = await t.db
    .insert(listings)
    .values({ ...base, title: "Public cleats" })
    .returning();
  const [priv] = await t.db
    .insert(listings)
    .values({ ...base, title: "Club-only shin guards" })
    .returning();
  await t.db.insert(listingClubs).values({ listingId: priv.id, clubId: club.id, isPrimary: true });
  ids.public = pub.id;
  ids.clubOnly = priv.id;
});
afterAll(() => t.cleanup());

async function visibleTitles(v: Viewer | null) {
  const rows = await t.db
    .select({ title: listings.title })
    .from(listings)
    .where(and(listingVisibleTo(v), sql`1=1`))
    .orderBy(listings.title);
  return rows.map((r) => r.title);
}

describe("who may see a listing", () => {
  test("a signed-out visitor sees only public listings", async () => {
    expect(await visibleTitles(null)).toEqual(["Public cleats"]);
  });
  test("an active member of the club sees its club-only listing", async () => {
    expect(await visibleTitles(viewer(ids.member))).toEqual(["Club-only shin guards", "Public cleats"]);
  });
  test("a pending member and a stranger do not", async () => {
    expect(await visibleTitles(viewer(ids.pending))).toEqual(["Public cleats"]);
    expect(await visibleTitles(viewer(ids.stranger))).toEqual(["Public cleats"]);
  });
  test("the owner and a site admin do", async () => {
    expect(await visibleTitles(viewer(ids.seller))).toHaveLength(2);
    expect(await visibleTitles(viewer(ids.admin, true))).toHaveLength(2);
  });
  test("the condition composes with a lookup by id", async () => {
    const rows = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.id, ids.clubOnly), listingVisibleTo(viewer(ids.stranger))));
    expect(rows).toHaveLength(0);
  });
});

describe("who may open a listing (02 §6: a signed-in non-member can open listings in public clubs)", () => {
  async function openable(v: Viewer | null, listingId: string) {
    const rows = await t.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.id, listingId), listingOpenableBy(v)));
    return rows.length === 1;
  }

  test("a members-only club's listing opens only for members, the owner and admins", async () => {
    expect(await openable(viewer(ids.stranger), ids.clubOnly)).toBe(false);
    expect(await openable(viewer(ids.pending), ids.clubOnly)).toBe(false);
    expect(await openable(null, ids.clubOnly)).toBe(false);
    expect(await openable(viewer(ids.member), ids.clubOnly)).toBe(true);
  });

  test("a public club's listing opens for any signed-in viewer, never for a signed-out visitor, and is still not listed to strangers", async () => {
    const [open] = await t.db
      .insert(clubs)
      .values({
        slug: "open-fc",
        name: "Open FC",
        type: "club",
        sport: "soccer",
        visibility: "public",
        joinMode: "open",
        createdBy: ids.seller,
      })
      .returning();
    const [row] = await t.db
      .insert(listings)
      .values({
        userId: ids.seller,
        priceCents: 500,
        sport: "soccer",
        condition: "new",
        zipCode: "10001",
        city: "New York",
        state: "NY",
        title: "Open FC bag",
        audience: "clubs",
      })
      .returning();
    await t.db.insert(listingClubs).values({ listingId: row.id, clubId: open.id, isPrimary: true });
    expect(await openable(viewer(ids.stranger), row.id)).toBe(true);
    expect(await openable(null, row.id)).toBe(false);
    expect(await visibleTitles(viewer(ids.stranger))).not.toContain("Open FC bag");
  });
});
