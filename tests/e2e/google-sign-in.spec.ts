/**
 * Google sign-in (ADR 005) through the real browser flow: /auth → 'Continue with Google'
 * → the local OIDC provider (scripts/oidc-provider.ts, started by the e2e server) → the
 * callback. Who the provider signs in is chosen like being signed in at Google: a provider-side
 * session cookie naming an identity the test registered, so parallel tests never mix them up.
 */
import { randomBytes } from "node:crypto";
import { addAgeStepCookie, passAgeStep } from "../setup/age-step";
import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { profiles, sessions, users } from "../../db/schema";
import { E2E_OIDC_URL } from "../setup/e2e-env";
import { OIDC_SESSION_COOKIE, type OidcIdentity } from "../../scripts/oidc-provider";
import { createUser, e2eDb, expect, test } from "./fixtures";

const uniqueEmail = (tag: string) => `${tag}-${randomBytes(5).toString("hex")}@e2e.test`;
const uniqueSub = () => String(100000000000 + Math.floor(Math.random() * 1e11));

/** Signs the browser in at the provider as this identity. */
async function signedInAtGoogle(context: BrowserContext, identity: OidcIdentity) {
  const response = await fetch(`${E2E_OIDC_URL}/test/identities`, { method: "POST", body: JSON.stringify(identity) });
  expect(response.status).toBe(201);
  const { session } = (await response.json()) as { session: string };
  await context.addCookies([{ name: OIDC_SESSION_COOKIE, value: session, url: E2E_OIDC_URL, httpOnly: true, sameSite: "Lax" }]);
}

async function continueWithGoogle(page: Page, authPath = "/auth") {
  await page.goto(authPath);
  await page.getByRole("link", { name: "Continue with Google" }).click();
}

/** Success toasts are a status; failures are an alert. */
const successToast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });
const failureToast = (page: Page, title: string) => page.getByRole("alert").filter({ hasText: title });

async function userByEmail(email: string) {
  return e2eDb().select().from(users).where(eq(users.email, email));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a new user continues with Google and lands on the home page signed in, with an account and profile from Google", async ({
      page,
      context,
      baseURL,
    }) => {
      const email = uniqueEmail("google-new");
      const sub = uniqueSub();
      await signedInAtGoogle(context, { sub, email: email.toUpperCase(), email_verified: true, given_name: "Gianna", family_name: "Park" });

      await continueWithGoogle(page);
      // A new person: the age step (ADR 092) before any account, then Google again.
      await expect(page).toHaveURL(/\/auth\/age\?next=google/);
      expect(await userByEmail(email)).toEqual([]);
      await passAgeStep(page, "1990", "June");
      // Back on /auth, told to go on with Google (a form's redirect may not reach the provider: CSP form-action).
      await expect(successToast(page, "One more step")).toBeVisible();
      await page.getByRole("link", { name: "Continue with Google" }).click();

      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(successToast(page, "Signed in")).toBeVisible();
      await expect(page.getByLabel("Account menu for Gianna")).toBeVisible();
      const [user] = await userByEmail(email);
      expect(user).toMatchObject({ googleSub: sub, passwordHash: null, birthYear: 1990, birthMonth: 6 });
      expect(user.emailVerifiedAt).not.toBeNull();
      const [profile] = await e2eDb().select().from(profiles).where(eq(profiles.userId, user.id));
      expect(profile).toMatchObject({ firstName: "Gianna", lastName: "Park", email });
    });

    test("a sign-in asked for by a page (redirectTo) lands back on that page after Google", async ({ page, context, baseURL }) => {
      await signedInAtGoogle(context, { sub: uniqueSub(), email: uniqueEmail("google-back"), email_verified: true, given_name: "Bea" });
      await addAgeStepCookie(context);
      // What a page that needs sign-in does: On Deck sends the visitor to /auth?redirectTo=%2Fon-deck.
      await page.goto("/on-deck");
      await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=%2Fon-deck`);

      await page.getByRole("link", { name: "Continue with Google" }).click();

      await expect(page).toHaveURL(`${baseURL}/on-deck`);
      await expect(page.getByRole("heading", { name: "On Deck" })).toBeVisible();
      await expect(successToast(page, "Signed in")).toBeVisible();
    });
  });
}

test("without a Google session the local stand-in shows its account chooser; another e-mail comes back signed in", async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail("google-chooser");
  await addAgeStepCookie(context);

  await continueWithGoogle(page);

  await expect(page).toHaveTitle("Local Google stand-in — not Google");
  await expect(page.getByRole("note")).toContainText("not Google");
  await expect(page.getByRole("button", { name: /Avery Admin.*admin@lockerswap\.test/ })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Name (optional)").fill("Cho Sen");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(successToast(page, "Signed in")).toBeVisible();
  await expect(page.getByLabel("Account menu for Cho")).toBeVisible();
  const [user] = await userByEmail(email);
  expect(user.emailVerifiedAt).not.toBeNull();
});

test("an open redirect through Google sign-in is refused: the user lands on the home page", async ({ page, context, baseURL }) => {
  await signedInAtGoogle(context, { sub: uniqueSub(), email: uniqueEmail("google-evil"), email_verified: true, given_name: "Evan" });
  await addAgeStepCookie(context);
  await continueWithGoogle(page, `/auth?redirectTo=${encodeURIComponent("//evil.example")}`);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByLabel("Account menu for Evan")).toBeVisible();

  // Straight at the start of the flow, past /auth's own check, it is refused too.
  await context.clearCookies({ domain: new URL(baseURL!).hostname });
  await signedInAtGoogle(context, { sub: uniqueSub(), email: uniqueEmail("google-evil2"), email_verified: true, given_name: "Eve" });
  await addAgeStepCookie(context);
  await page.goto(`/auth/google?redirectTo=${encodeURIComponent("//evil.example/phish")}`);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByLabel("Account menu for Eve")).toBeVisible();
});

test("a user with a password account continues with Google with the same verified e-mail and gets the same account", async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail("google-link");
  const existing = await createUser({ email, firstName: "Robin", lastName: "Reed" });
  const sub = uniqueSub();
  await signedInAtGoogle(context, { sub, email, email_verified: true, given_name: "Rob", family_name: "Reed" });

  await continueWithGoogle(page);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(successToast(page, "Signed in")).toBeVisible();
  // The existing profile is kept, not replaced by Google's names.
  await expect(page.getByLabel("Account menu for Robin")).toBeVisible();
  const rows = await userByEmail(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: existing.id, googleSub: sub });
  expect(await e2eDb().select().from(sessions).where(eq(sessions.userId, existing.id))).toHaveLength(1);
});

test("a forged id_token is refused with 'Sign in failed'", async ({ page, context, baseURL }) => {
  const email = uniqueEmail("google-forged");
  await signedInAtGoogle(context, { sub: uniqueSub(), email, email_verified: true, given_name: "Mallory", forge: true });

  await continueWithGoogle(page);

  await expect(page).toHaveURL(`${baseURL}/auth`);
  await expect(failureToast(page, "Sign in failed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue with Google" })).toBeVisible();
  expect(await userByEmail(email)).toHaveLength(0);
});

test("a Google account whose e-mail is not verified is refused with 'Sign in failed'", async ({ page, context, baseURL }) => {
  const email = uniqueEmail("google-unverified");
  const existing = await createUser({ email });
  await signedInAtGoogle(context, { sub: uniqueSub(), email, email_verified: false, given_name: "Una" });

  await continueWithGoogle(page);

  await expect(page).toHaveURL(`${baseURL}/auth`);
  await expect(failureToast(page, "Sign in failed")).toBeVisible();
  const [user] = await userByEmail(email);
  expect(user.googleSub).toBeNull();
  expect(await e2eDb().select().from(sessions).where(eq(sessions.userId, existing.id))).toHaveLength(0);
});

test("a user who declines at Google comes back to /auth with 'Sign in failed'", async ({ page, context, baseURL }) => {
  await signedInAtGoogle(context, { sub: uniqueSub(), email: uniqueEmail("google-deny"), email_verified: true, deny: true });

  await continueWithGoogle(page);

  await expect(page).toHaveURL(`${baseURL}/auth`);
  await expect(failureToast(page, "Sign in failed")).toBeVisible();
});
