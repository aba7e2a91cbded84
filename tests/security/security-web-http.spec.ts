// Security defects found from outside, as an attacker would send them — plain HTTP, no page (ADR 085):
// links built from a forged Host, open redirects of form posts, club names in the club search (ADRs 013
// and 014). What the pages show (hidden prices, the sign-in page's redirect) is in
// tests/e2e/security-web.spec.ts.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { clubs, mailOutbox } from "../../db/schema";
import { createUser, e2eDb, signInAs } from "../e2e/fixtures";
import { createTestListing, createTestUser } from "../factories";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { NASTY_REDIRECTS } from "../setup/nasty-redirects";
import { ageStepCookie } from "../setup/age-step";

const word = () => `zq${randomBytes(5).toString("hex")}`;

test("a forged Host header never reaches a mail: the link starts with APP_ORIGIN", async ({ playwright }) => {
  const email = `forged-host-${randomBytes(4).toString("hex")}@e2e.test`;
  // Through the age step first (ADR 092): sign-up makes an account only with its cookie.
  const api = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { Host: "evil.example", Cookie: await ageStepCookie() },
  });
  const response = await api.post("/auth", {
    form: {
      intent: "signup",
      firstName: "Eve",
      lastName: "Forger",
      email,
      password: "secret-pass-123",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(500);
  await api.dispose();

  const mailText = async () => {
    const [mail] = await e2eDb().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return mail?.text ?? "";
  };
  await expect.poll(mailText).toContain(`${E2E_BASE_URL}/verify-email?token=`);
  expect(await mailText()).not.toContain("evil.example");
});

test.describe("redirect targets stay on the site", () => {
  test("/favorites and the location form send every nasty redirectTo home or to their own page, never a 500", async ({ context }) => {
    const seller = await createTestUser(e2eDb());
    const row = { id: await createTestListing(e2eDb(), seller, { title: `Putter ${word()}`, sport: "golf" }) };
    await signInAs(context, (await createUser()).id);
    for (const redirectTo of NASTY_REDIRECTS) {
      const favorite = await context.request.post("/favorites", {
        form: { listingId: row.id, intent: "add", mode: "page", redirectTo },
        maxRedirects: 0,
      });
      expect(favorite.status(), redirectTo).toBe(303);
      expect(favorite.headers().location, redirectTo).toBe("/on-deck");
      expect(favorite.headers()["set-cookie"] ?? "").not.toContain("pwned");

      const location = await context.request.post("/account/location", { form: { zipCode: "02139", redirectTo }, maxRedirects: 0 });
      expect(location.status(), redirectTo).toBeGreaterThanOrEqual(300);
      expect(location.status(), redirectTo).toBeLessThan(400);
      expect(location.headers().location, redirectTo).toBe("/");
    }
    // A same-site target is kept.
    const back = await context.request.post("/favorites", {
      form: { listingId: row.id, intent: "add", mode: "page", redirectTo: "/sport/golf?q=x" },
      maxRedirects: 0,
    });
    expect(back.headers().location).toBe("/sport/golf?q=x");
  });
});

test.describe("clubs a visitor may not know about stay unnamed", () => {
  test("the club search offers signed-out visitors public clubs only; signed in, members-only clubs too", async ({ context }) => {
    const token = word();
    const [open, membersOnly] = await e2eDb()
      .insert(clubs)
      .values([
        { slug: `pub-${token}`, name: `Public ${token}`, visibility: "public" },
        { slug: `mem-${token}`, name: `Members ${token}`, visibility: "members_only" },
        { slug: `pri-${token}`, name: `Private ${token}`, visibility: "private" },
      ])
      .returning();
    const slugs = async () =>
      ((await (await context.request.get(`/api/suggest/clubs?q=${token}`)).json()) as { clubs: { slug: string }[] }).clubs.map(
        (c) => c.slug,
      );
    expect(await slugs()).toEqual([open.slug]);
    await signInAs(context, (await createUser()).id);
    expect((await slugs()).sort()).toEqual([membersOnly.slug, open.slug].sort());
  });
});
