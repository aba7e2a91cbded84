import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { clubMembers, clubs, users } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { saleDeal } from "../../../tests/deal-fixtures";
import { acknowledgeApproval, getNotifications } from "./bell.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function user(email: string) {
  const [row] = await t.db.insert(users).values({ email }).returning();
  // A viewer: the bell reads matches as them (listingVisibleTo).
  return { ...row, firstName: null, lastName: null, zipCode: null, isAdmin: false };
}
async function club(slug: string, name: string) {
  const [row] = await t.db.insert(clubs).values({ slug, name }).returning();
  return row;
}

describe("notifications menu", () => {
  test("someone with no memberships has no notifications", async () => {
    const nobody = await user("nobody@example.com");
    expect(await getNotifications(t.db, nobody)).toEqual({
      approvals: [],
      pendingJoinRequests: [],
      deals: [],
      dealsWaiting: 0,
      matches: { items: [], count: 0 },
      count: 0,
    });
  });

  test("approvals and pending requests per managed club are listed and counted; acknowledging clears the approval", async () => {
    const me = await user("me@example.com");
    const other = await user("other@example.com");
    const [a, b, c, d] = [
      await club("tigers", "Tigers"),
      await club("eagles", "Eagles"),
      await club("hawks", "Hawks"),
      await club("owls", "Owls"),
    ];
    const [approval] = await t.db.insert(clubMembers).values({ clubId: a.id, userId: me.id, status: "active", role: "member" }).returning();
    // Already seen: not listed.
    await t.db.insert(clubMembers).values({ clubId: d.id, userId: me.id, status: "active", approvalNotified: true });
    // I own Eagles with 2 pending; I admin Hawks with 1 pending; pending rows at Owls are not mine to see.
    await t.db.insert(clubMembers).values({ clubId: b.id, userId: me.id, status: "active", role: "owner", approvalNotified: true });
    await t.db.insert(clubMembers).values({ clubId: c.id, userId: me.id, status: "active", role: "admin", approvalNotified: true });
    for (const email of ["p1@example.com", "p2@example.com"]) {
      await t.db.insert(clubMembers).values({ clubId: b.id, userId: (await user(email)).id, status: "pending" });
    }
    await t.db.insert(clubMembers).values({ clubId: c.id, userId: other.id, status: "pending" });
    await t.db.insert(clubMembers).values({ clubId: d.id, userId: other.id, status: "pending" });

    const notes = await getNotifications(t.db, me);
    expect(notes.approvals).toEqual([{ membershipId: approval.id, clubSlug: "tigers", clubName: "Tigers" }]);
    expect(notes.pendingJoinRequests).toEqual([
      { clubSlug: "eagles", clubName: "Eagles", count: 2 },
      { clubSlug: "hawks", clubName: "Hawks", count: 1 },
    ]);
    expect(notes.count).toBe(4);

    // Someone else cannot acknowledge my approval.
    expect(await acknowledgeApproval(t.db, other, approval.id)).toBeNull();
    expect(await acknowledgeApproval(t.db, me, approval.id)).toBe("tigers");
    const [row] = await t.db.select().from(clubMembers).where(eq(clubMembers.id, approval.id));
    expect(row.approvalNotified).toBe(true);
    expect((await getNotifications(t.db, me)).approvals).toEqual([]);
  });

  test("a pending request of my own is not an approval", async () => {
    const me = await user("waiting@example.com");
    const x = await club("lions", "Lions");
    await t.db.insert(clubMembers).values({ clubId: x.id, userId: me.id, status: "pending" });
    expect((await getNotifications(t.db, me)).count).toBe(0);
  });

  test("a deal waiting for me is in the bell's count and its list, in the same batch", async () => {
    const deal = await saleDeal(t.db, "proposed", { title: "Youth cleats" });
    const notes = await getNotifications(t.db, deal.seller);
    expect(notes.deals).toEqual([{ dealId: deal.dealId, kind: "offer", title: "Youth cleats", otherName: "Barry" }]);
    expect(notes.dealsWaiting).toBe(1);
    expect(notes.count).toBe(1);
    expect((await getNotifications(t.db, deal.buyer)).count).toBe(0);
  });
});
