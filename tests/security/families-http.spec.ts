// Teens and guardians (ADR 092) over plain HTTP: the age step keeps nothing of a child, refuses
// hostile birth dates with a clear message and the values kept; a teen's guardian request refuses
// their own address and control characters; a pending teen's writes are refused by the gate;
// a link replayed after an unlink makes nothing. Never a 5xx, nothing changed when refused.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { clubMembers, guardianInvites, guardianLinks, mailOutbox, users } from "../../db/schema";
import { createUser, e2eDb, hashSessionToken, SESSION_COOKIE } from "../e2e/fixtures";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { createTestClub, createTestUser } from "../factories";
import { sessions } from "../../db/schema";

const thisYear = new Date().getUTCFullYear();

function post(path: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${E2E_BASE_URL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: E2E_BASE_URL, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form),
  });
}

async function sessionOf(userId: string) {
  const token = randomBytes(32).toString("base64url");
  await e2eDb()
    .insert(sessions)
    .values({ tokenHash: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 3600_000) });
  return `${SESSION_COOKIE}=${token}`;
}

async function teen(age = 15) {
  const user = await createUser({ firstName: "Sam" });
  await e2eDb()
    .update(users)
    .set({ birthYear: thisYear - age, birthMonth: 1 })
    .where(eq(users.id, user.id));
  return { ...user, cookie: await sessionOf(user.id) };
}

/** Accounts with this birth month (the age step has nothing else it could store). */
const bornIn = (year: number, month: number) =>
  e2eDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.birthYear, year), eq(users.birthMonth, month)));

test("under 13: no account, no cookie, nothing stored, and the answer does not repeat the birth date", async () => {
  const response = await post("/auth/age", { birthYear: String(thisYear - 10), birthMonth: "7" });
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie()).toEqual([]);
  const html = await response.text();
  expect(html).toContain("You can&#x27;t have your own account yet");
  expect(html).toContain("A parent or guardian can add you to their family");
  expect(html).not.toContain(`value="${thisYear - 10}" selected`);
  expect(await bornIn(thisYear - 10, 7)).toEqual([]);
  // And no sign-up goes through without the step's cookie: back to the step, no account.
  const email = `child-${randomBytes(4).toString("hex")}@e2e.test`;
  const signup = await post("/auth", {
    intent: "signup",
    firstName: "Kid",
    lastName: "Young",
    email,
    password: "secret-pass-123",
    zipCode: "02139",
    city: "Cambridge",
    state: "MA",
  });
  expect(signup.status).toBe(303);
  expect(signup.headers.get("location")).toBe("/auth/age");
  expect(await e2eDb().select().from(users).where(eq(users.email, email))).toEqual([]);
});

test("hostile birth dates: a clear message, the other value kept, no cookie, never a 5xx", async () => {
  const cases: [Record<string, string>, string][] = [
    [{ birthYear: "1800", birthMonth: "6" }, "Choose the year you were born"],
    [{ birthYear: String(thisYear + 5), birthMonth: "6" }, "Choose the year you were born"],
    [{ birthYear: "19\u000090", birthMonth: "6" }, "Choose the year you were born"],
    [{ birthYear: "abc", birthMonth: "6" }, "Choose the year you were born"],
    [{ birthYear: "1990", birthMonth: "13" }, "Choose the month you were born"],
    [{ birthYear: "1990", birthMonth: "0" }, "Choose the month you were born"],
    [{ birthYear: "1990.5", birthMonth: "6" }, "Choose the year you were born"],
    [{}, "Choose the year you were born"],
  ];
  for (const [form, message] of cases) {
    const response = await post("/auth/age", form);
    expect(response.status, JSON.stringify(form)).toBe(400);
    expect(response.headers.getSetCookie(), JSON.stringify(form)).toEqual([]);
    const html = await response.text();
    expect(html, JSON.stringify(form)).toContain(message);
    if (form.birthMonth === "6") expect(html).toMatch(/<option value="6" selected="">June<\/option>/);
  }
});

test("a teen's guardian request: not their own address, no control characters, values kept; an adult has no such page", async () => {
  const sam = await teen();
  const own = await post("/guardian", { intent: "invite", email: sam.email.toUpperCase() }, sam.cookie);
  expect(own.status).toBe(400);
  const html = await own.text();
  expect(html).toContain("not your own");
  expect(html).toContain(`value="${sam.email.toUpperCase()}"`);
  const control = await post("/guardian", { intent: "invite", email: "mum\u0007@example.com" }, sam.cookie);
  expect(control.status).toBe(400);
  expect(await control.text()).toContain("Remove control characters from this field");
  const adult = await createUser();
  const notTeen = await post("/guardian", { intent: "invite", email: "x@example.com" }, await sessionOf(adult.id));
  expect(notTeen.status).toBe(404);
  expect(await e2eDb().select().from(guardianInvites).where(eq(guardianInvites.teenId, sam.id))).toEqual([]);
});

test("a teen pending a guardian may not join a club or list; the gate says why and nothing changes", async () => {
  const sam = await teen(14);
  const owner = await createTestUser(e2eDb());
  const club = await createTestClub(e2eDb(), owner);
  const join = await post(`/club/${club.slug}/join`, { intent: "join" }, sam.cookie);
  expect(join.status).toBe(303);
  expect(join.headers.get("location")).toBe(`/club/${club.slug}/join`);
  expect(await e2eDb().select().from(clubMembers).where(eq(clubMembers.userId, sam.id))).toEqual([]);
  const list = await post("/list-item", { intent: "save", title: "Cleats" }, sam.cookie);
  expect(list.status).toBe(303);
});

test("two teens naming each other, and a link replayed after an unlink: no link is made", async () => {
  const a = await teen(15);
  const b = await teen(16);
  const tokenFor = async (to: string) => {
    await expect.poll(async () => (await e2eDb().select().from(mailOutbox).where(eq(mailOutbox.to, to))).length).toBeGreaterThan(0);
    const [mail] = await e2eDb().select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return mail.text.match(/token=([\w-]+)/)![1];
  };
  expect((await post("/guardian", { intent: "invite", email: b.email }, a.cookie)).status).toBe(302);
  const refused = await post("/guardian/confirm", { token: await tokenFor(b.email) }, b.cookie);
  expect(refused.headers.get("location")).toBe("/guardian/confirm?problem=notAdult");
  expect(await e2eDb().select().from(guardianLinks).where(eq(guardianLinks.teenId, a.id))).toEqual([]);

  const parent = await createUser();
  const parentCookie = await sessionOf(parent.id);
  expect((await post("/guardian", { intent: "invite", email: parent.email }, a.cookie)).status).toBe(302);
  const token = await tokenFor(parent.email);
  // Opening the link (a scanner's GET) spends nothing.
  expect((await fetch(`${E2E_BASE_URL}/guardian/confirm?token=${token}`, { headers: { Cookie: parentCookie } })).status).toBe(200);
  const confirmed = await post("/guardian/confirm", { token }, parentCookie);
  expect(confirmed.headers.get("location")).toBe("/guardian");
  const [link] = await e2eDb().select().from(guardianLinks).where(eq(guardianLinks.teenId, a.id));
  expect((await post("/guardian", { intent: "unlink", linkId: link.id }, a.cookie)).status).toBe(302);
  const replay = await post("/guardian/confirm", { token }, parentCookie);
  expect(replay.headers.get("location")).toBe("/guardian/confirm?problem=invalid");
  expect(await e2eDb().select().from(guardianLinks).where(eq(guardianLinks.teenId, a.id))).toHaveLength(1);
});
