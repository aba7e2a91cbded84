// The Swap Day hand-over over HTTP (ADR 090): refusals (a member who is not an organiser, a stranger, another
// club's code), hostile codes (a clear message, the value kept, no 5xx, nothing stored) and the race — the same
// code posted by many organisers at once → one check-in. Setup through the domain modules; every step a form POST.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { swapDayCheckins } from "../../db/schema";
import { addTestMember, createTestClub, createTestUser } from "../factories";
import { e2eDb, httpClientsOfFile } from "../e2e/fixtures";
import { solvedSwapDay } from "../swap-day-fixtures";

const db = () => e2eDb();
const as = httpClientsOfFile();

async function setup() {
  const name = (n: string) => `${n}${randomBytes(2).toString("hex")}`;
  const owner = await createTestUser(db(), { firstName: name("Olive") });
  const people = {
    owner,
    ...Object.fromEntries(
      await Promise.all(["mel", "nia", "ola", "pia", "quin"].map(async (k) => [k, await createTestUser(db(), { firstName: k })])),
    ),
  } as never as Parameters<typeof solvedSwapDay>[2];
  const club = await createTestClub(db(), owner);
  for (const u of [people.mel, people.nia, people.ola, people.pia, people.quin]) await addTestMember(db(), club, u);
  const day = await solvedSwapDay(db(), club, people);
  const path = `/club/${club.slug}/swap-days/${day.id}/handover`;
  return { people, club, day, path };
}

const checkins = (ids: string[]) => db().select().from(swapDayCheckins).where(inArray(swapDayCheckins.itemId, ids));

test("refusals: a member who is not an organiser, a stranger, a visitor; another club's code; nothing stored", async () => {
  const { people, club, day, path } = await setup();
  const other = await setup();
  const member = await as(people.mel);
  // A club refusal is the club page with its message (ADR 056), never the check-in.
  const forMember = await member.post(path, { form: { intent: "checkIn", code: day.code.skates }, maxRedirects: 0 });
  expect(forMember.status()).toBe(303);
  expect(forMember.headers().location).toMatch(new RegExp(`/club/${club.slug}$`));
  const stranger = await as(await createTestUser(db()));
  const byStranger = await stranger.post(path, { form: { intent: "checkIn", code: day.code.skates }, maxRedirects: 0 });
  expect([303, 404]).toContain(byStranger.status());
  expect(byStranger.headers().location ?? "").not.toContain("/handover");
  expect(await (await stranger.get(path)).text()).not.toContain("Item code");
  const visitor = await as(null);
  expect([302, 303, 401, 403, 404]).toContain(
    (await visitor.post(path, { form: { intent: "checkIn", code: day.code.skates }, maxRedirects: 0 })).status(),
  );
  // The other club's organiser posts this club's code to their own event: unknown there.
  const otherOwner = await as(other.people.owner);
  const cross = Object.values(day.code).find((c) => !Object.values(other.day.code).includes(c))!;
  const crossed = await otherOwner.post(other.path, { form: { intent: "checkIn", code: cross } });
  expect(crossed.status()).toBe(409);
  expect(await crossed.text()).toContain("No item of this Swap Day has that code");
  // …and to this club's event: not their club.
  expect([303, 404]).toContain((await otherOwner.post(path, { form: { intent: "checkIn", code: cross }, maxRedirects: 0 })).status());
  expect(await checkins([...Object.values(day.items), ...Object.values(other.day.items)])).toEqual([]);
});

test("hostile codes: a clear message, the value kept, no 5xx, nothing stored", async () => {
  const { people, day, path } = await setup();
  const organiser = await as(people.owner);
  const hostile = [
    "",
    " ",
    "AB",
    "ABCDEFGHIJ",
    "<script>",
    "A\u0000BCD",
    "ÄÖÜÉÈ",
    "' or 1=1 --",
    "x".repeat(5000),
    "\u202eABCDE",
    "🎿🎿🎿",
  ];
  for (const code of hostile) {
    const response = await organiser.post(path, { form: { intent: "checkIn", code } });
    expect(response.status(), JSON.stringify(code)).toBeLessThan(500);
    expect([400, 409]).toContain(response.status());
  }
  const typed = await organiser.post(path, { form: { intent: "checkIn", code: "<b>bad" } });
  const html = await typed.text();
  expect(html).toContain("Type the code from the tag");
  expect(html).not.toContain("<b>bad");
  const malformed = await organiser.post(path, {
    data: "intent=checkIn&code=%E0%A4%A",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(malformed.status()).toBeLessThan(500);
  const wrongIntent = await organiser.post(path, { form: { intent: "handOut", itemId: "not-a-uuid" }, maxRedirects: 0 });
  expect(wrongIntent.status()).toBe(303);
  expect(await checkins(Object.values(day.items))).toEqual([]);
  // Spaces, dashes and lower case are the same code.
  const spaced = day.code.pads.toLowerCase().replace(/^(..)/, "$1 - ");
  const ok = await organiser.post(path, { form: { intent: "checkIn", code: spaced } });
  expect(ok.status()).toBe(200);
  expect(await checkins([day.items.pads])).toHaveLength(1);
});

test("the same code posted by ten organisers' requests at once: one check-in", async () => {
  const { people, day, path } = await setup();
  const organisers = await Promise.all(Array.from({ length: 10 }, () => as(people.owner)));
  const responses = await Promise.all(organisers.map((o) => o.post(path, { form: { intent: "checkIn", code: day.code.helmet } })));
  for (const r of responses) expect(r.status()).toBe(200);
  const texts = await Promise.all(responses.map((r) => r.text()));
  expect(texts.filter((t) => t.includes("Checked in: Helmet"))).toHaveLength(1);
  expect(texts.filter((t) => t.includes("Already checked in: Helmet"))).toHaveLength(9);
  expect(await db().select().from(swapDayCheckins).where(eq(swapDayCheckins.itemId, day.items.helmet))).toHaveLength(1);
});
