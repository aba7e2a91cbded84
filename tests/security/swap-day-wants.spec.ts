// Want lists over HTTP (ADR 089): who may save one and what a refused or hostile POST answers — each refusal with
// the status the guards give (ADR 056: a club that is hidden is 404, a visible club's non-member goes back to the
// club page; inside the club someone else's item is the app's 404; the member's own item once its lists closed
// 409 with its message), a blocked member's item never stored, malformed bodies a 400 with a clear message and the
// typed values kept, and nothing changed by any of them. Ten saves of one list at once store it once.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { swapDayItems, swapDayWants, userBlocks } from "../../db/schema";
import { getClubAccess } from "../../app/features/clubs/club-access.server";
import { freezeSwapDay } from "../../app/features/swap-days/items.server";
import { addTestMember, createTestClub, createTestUser, type TestUser } from "../factories";
import { offerNewListing, openSwapDay } from "../swap-day-fixtures";
import { e2eDb, httpClientsOfFile } from "../e2e/fixtures";

const db = () => e2eDb();
const as = httpClientsOfFile();

/** A club's Swap Day with want lists open and one item each of Ann, Ben and Cy; `visibility` of the club. */
async function openEvent(visibility: "public" | "private" = "public") {
  const name = (n: string) => `${n}${randomBytes(2).toString("hex")}`;
  const [owner, ann, ben, cy] = await Promise.all(["Olive", "Ann", "Ben", "Cy"].map((n) => createTestUser(db(), { firstName: name(n) })));
  const club = await createTestClub(db(), owner, { visibility });
  for (const u of [ann, ben, cy]) await addTestMember(db(), club, u);
  const access = async (u: TestUser) => (await getClubAccess(db(), u, club.slug))!;
  const id = await openSwapDay(db(), club, owner, { name: "Wants swap" });
  const offer = (u: TestUser) => offerNewListing(db(), club, u, id, { priceCents: 2000 }, { addUpToCents: 500, needBackCents: null });
  const items = { ann: await offer(ann), ben: await offer(ben), cy: await offer(cy) };
  const path = `/club/${club.slug}/swap-days/${id}/wants?item=${items.ann}`;
  return { owner, ann, ben, cy, club, id, items, path, access };
}

/** What a refusal must leave as it was: every want of the event's items and their cash limits. */
async function stateOf(itemIds: string[]) {
  const [wants, items] = await Promise.all([
    db().select().from(swapDayWants).where(inArray(swapDayWants.itemId, itemIds)),
    db().select().from(swapDayItems).where(inArray(swapDayItems.id, itemIds)),
  ]);
  return {
    wants: wants.map((w) => `${w.itemId}→${w.wantedItemId}:${w.rank}`).sort(),
    limits: items.map((i) => `${i.id}:${i.addUpToCents}:${i.needBackCents}:${i.updatedAt?.getTime()}`).sort(),
  };
}

test("outside the club: a visible club's non-member is sent back to the club page, a hidden club's is a 404; nothing stored", async () => {
  const open = await openEvent("public");
  const hidden = await openEvent("private");
  const before = [await stateOf(Object.values(open.items)), await stateOf(Object.values(hidden.items))];
  const stranger = await as(await createTestUser(db()));
  const body = { itemId: open.items.ann, want: open.items.ben };
  for (const method of ["get", "post"] as const) {
    const answer = await stranger[method](open.path, { ...(method === "post" ? { form: body } : {}), maxRedirects: 0 });
    expect(answer.status(), method).toBe(303);
    expect(answer.headers().location).toBe(`/club/${open.club.slug}`);
    const hiddenAnswer = await stranger[method](hidden.path, {
      ...(method === "post" ? { form: { itemId: hidden.items.ann, want: hidden.items.ben } } : {}),
      maxRedirects: 0,
    });
    expect(hiddenAnswer.status(), method).toBe(404);
  }
  const visitor = await as(null);
  const signedOut = await visitor.post(open.path, { form: body, maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toContain("/auth?");
  expect([await stateOf(Object.values(open.items)), await stateOf(Object.values(hidden.items))]).toEqual(before);
});

test("someone else's item, or another club's event, is the app's 404 for the page and the POST; nothing stored", async () => {
  const e = await openEvent();
  const other = await openEvent();
  const before = await stateOf(Object.values(e.items));
  const otherBefore = await stateOf(Object.values(other.items));
  const ben = await as(e.ben);
  expect((await ben.get(e.path)).status()).toBe(404);
  const posted = await ben.post(e.path, { form: { itemId: e.items.ann, want: e.items.cy }, maxRedirects: 0 });
  expect(posted.status()).toBe(404);
  expect(await posted.text()).toContain("Club not found");
  // Ann's own item, posted to another club's event she is not in, and to this club's with an item id of the other's.
  const ann = await as(e.ann);
  const elsewhere = `/club/${e.club.slug}/swap-days/${other.id}/wants?item=${e.items.ann}`;
  expect((await ann.post(elsewhere, { form: { itemId: e.items.ann, want: e.items.ben }, maxRedirects: 0 })).status()).toBe(404);
  expect((await ann.post(e.path, { form: { itemId: other.items.ann, want: other.items.ben }, maxRedirects: 0 })).status()).toBe(404);
  expect(await stateOf(Object.values(e.items))).toEqual(before);
  expect(await stateOf(Object.values(other.items))).toEqual(otherBefore);
});

test("once the lists are closed: the page is a 404 and a POST from the open page a 409 with its message; nothing stored", async () => {
  const e = await openEvent();
  const ann = await as(e.ann);
  await freezeSwapDay(db(), await e.access(e.owner), e.id);
  const before = await stateOf(Object.values(e.items));
  expect((await ann.get(e.path)).status()).toBe(404);
  const stale = await ann.post(e.path, { form: { itemId: e.items.ann, want: e.items.ben, addUpTo: "7" } });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain("Want lists are not open for this item");
  expect(await stateOf(Object.values(e.items))).toEqual(before);
});

test("a blocked member's item is never stored, and the answer counts only what was", async () => {
  const e = await openEvent();
  await db().insert(userBlocks).values({ blockerId: e.cy.id, blockedId: e.ann.id });
  const ann = await as(e.ann);
  expect(await (await ann.get(e.path)).text()).not.toContain(e.items.cy);
  const form = new URLSearchParams([
    ["itemId", e.items.ann],
    ["want", e.items.ben],
    ["want", e.items.cy],
  ]);
  const answer = await ann.post(e.path, {
    data: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  const wants = await db().select().from(swapDayWants).where(eq(swapDayWants.itemId, e.items.ann));
  expect(wants.map((w) => w.wantedItemId)).toEqual([e.items.ben]);
});

test("malformed bodies: a 400 with a clear message and the typed values kept, never a 5xx; nothing changed", async () => {
  const e = await openEvent();
  const ann = await as(e.ann);
  const before = await stateOf(Object.values(e.items));
  const cases: Array<[Record<string, string>, string]> = [
    [{ itemId: "not-a-uuid", want: e.items.ben }, "Choose one of your items"],
    [{ itemId: e.items.ann, want: "'; drop table swap_day_wants; --" }, "One of the ticked items is not valid"],
    [{ itemId: e.items.ann, want: e.items.ben, rank: `${e.items.ben}:-1` }, "A rank is a whole number from 1 to 1000"],
    [{ itemId: e.items.ann, want: e.items.ben, addUpTo: "12.345" }, "Enter an amount in dollars, at most two decimals"],
    [{ itemId: e.items.ann, want: e.items.ben, addUpTo: "1\u0000" }, "Enter an amount in dollars, at most two decimals"],
    [{ itemId: e.items.ann, want: e.items.ben, needBack: "100001" }, "The amount can be at most $100,000"],
  ];
  for (const [form, message] of cases) {
    const answer = await ann.post(e.path, { form, maxRedirects: 0 });
    expect(answer.status(), JSON.stringify(form)).toBe(400);
    expect(await answer.text(), JSON.stringify(form)).toContain(message);
  }
  // The typed amount comes back in its field.
  const kept = await (await ann.post(e.path, { form: { itemId: e.items.ann, want: e.items.ben, addUpTo: "12.345" } })).text();
  expect(kept).toMatch(/value="12\.345"/);
  const tooMany = new URLSearchParams([["itemId", e.items.ann], ...Array.from({ length: 5001 }, () => ["want", e.items.ben])]);
  const big = await ann.post(e.path, { data: tooMany.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(big.status()).toBe(400);
  expect(await big.text()).toContain("That is more items than a Swap Day holds");
  for (const data of ["itemId=%E0%A4%A&want=%", "\u0001\u0002=&&&", ""]) {
    const answer = await ann.post(e.path, { data, headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
    expect(answer.status(), data).toBeGreaterThanOrEqual(400);
    expect(answer.status(), data).toBeLessThan(500);
  }
  expect(await stateOf(Object.values(e.items))).toEqual(before);
});

test("ten saves of the same list at once store it once", async () => {
  const e = await openEvent();
  const ann = await as(e.ann);
  const form = new URLSearchParams([
    ["itemId", e.items.ann],
    ["want", e.items.ben],
    ["want", e.items.cy],
    ["rank", `${e.items.cy}:2`],
    ["addUpTo", "8"],
  ]).toString();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      ann.post(e.path, { data: form, headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 }),
    ),
  );
  for (const a of answers) expect(a.status()).toBe(303);
  expect((await stateOf([e.items.ann])).wants).toEqual([`${e.items.ann}→${e.items.ben}:1`, `${e.items.ann}→${e.items.cy}:2`].sort());
  const [item] = await db().select().from(swapDayItems).where(eq(swapDayItems.id, e.items.ann));
  expect(item.addUpToCents).toBe(800);
});
