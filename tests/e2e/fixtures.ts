/**
 * Shared Playwright fixtures. `db` is the e2e stack's real database (the same file the local
 * libSQL server serves to the Worker). `signInAs` inserts a session row the way the app does
 * (only the SHA-256 of the token is stored) and sets the session cookie, instead of clicking
 * through the sign-in form in every test. A console error on the test's page fails the test.
 */
import { createHash, randomBytes } from "node:crypto";
import { test as base, expect, request, type APIRequestContext, type BrowserContext, type Page, type Response } from "@playwright/test";
import { createDb, type Db } from "../../db/client";
import { profiles, sessions, users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { E2E_BASE_URL, E2E_DB_FILE } from "../setup/e2e-env";

/** Contract with app/features/accounts/session.server.ts: cookie name outside production and token hashing. */
export const SESSION_COOKIE = "ls_session";
export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

let shared: Db | null = null;
export function e2eDb() {
  // The tests' own writes share the file with the running stack: under the full suite's load a
  // setup batch can queue behind the server's writes for more than the app's 5 s.
  shared ??= createDb({ url: `file:${E2E_DB_FILE}`, busyTimeoutMs: 30_000 });
  return shared;
}

/** A verified user; vouched for (past the earned limits, ADR 095) unless `newAccount`. */
export async function createUser(
  opts: { email?: string; firstName?: string; lastName?: string; zipCode?: string; newAccount?: boolean } = {},
) {
  const db = e2eDb();
  const email = (opts.email ?? `user-${randomBytes(6).toString("hex")}@e2e.test`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: new Date(), vouchedAt: opts.newAccount ? null : new Date() })
    .returning();
  await db.insert(profiles).values({
    userId: user.id,
    email,
    firstName: opts.firstName ?? "Test",
    lastName: opts.lastName ?? "User",
    zipCode: opts.zipCode ?? null,
  });
  return user;
}

/** A session row for the user, as the app makes at sign-in: its token for the cookie. */
async function mintSession(userIdOrEmail: string) {
  const db = e2eDb();
  const [user] = await db
    .select()
    .from(users)
    .where(userIdOrEmail.includes("@") ? eq(users.email, userIdOrEmail.toLowerCase()) : eq(users.id, userIdOrEmail));
  if (!user) throw new Error(`signInAs: no user ${userIdOrEmail}`);
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return { user, token };
}

export async function signInAs(context: BrowserContext, userIdOrEmail: string) {
  const { user, token } = await mintSession(userIdOrEmail);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax" }]);
  return { user, token };
}

/**
 * A plain-HTTP client (no browser, ADR 085) signed in as the user the way signInAs signs in a
 * browser, or signed out for null. The caller disposes of it.
 */
export async function requestAs(userIdOrEmail: string | null, extraHTTPHeaders: Record<string, string> = {}) {
  const cookies = [];
  if (userIdOrEmail) {
    const { token } = await mintSession(userIdOrEmail);
    cookies.push(sessionStateCookie(token));
  }
  return request.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies, origins: [] }, extraHTTPHeaders });
}

/**
 * A spec file's plain-HTTP clients (ADR 085): `as(user)` opens one signed in as that user (null: signed out) that
 * sends the app's own Origin, as a form in its page would; every one is disposed after the file. A worker may run a
 * file's tests in more than one group, each ending with the hook, and Playwright may already have disposed a client
 * made inside a test: each is disposed once, and only "already closed" is let through.
 */
export function httpClientsOfFile() {
  const contexts: APIRequestContext[] = [];
  base.afterAll(async () => {
    for (const context of contexts.splice(0)) {
      await context.dispose().catch((error: Error) => {
        if (!/has been closed/.test(error.message)) throw error;
      });
    }
  });
  return async (user: { id: string } | null) => {
    const context = await requestAs(user?.id ?? null, { Origin: E2E_BASE_URL });
    contexts.push(context);
    return context;
  };
}

/**
 * A navigation that a newer one interrupts while its response is still being read (a click on a
 * form the page already shows, before the last submit's revalidation has finished) is abandoned
 * by React Router, and the newer one wins. Remix's single fetch logs that abort on its way out:
 * `decodeViaTurboStream` fails with the router's own abort (a DOMException without a reason,
 * whose stack is the router's `startNavigation`), and `fetchAndDecode` passes it to
 * `console.error` before throwing (node_modules/@remix-run/react/dist/esm/single-fetch.js).
 * Users see nothing. Only that exact console line is let through here; an uncaught abort (a
 * `pageerror`) still fails the test, and so does any other console error (ADR 053).
 * The same abort has a second text when it lands while the response body is being read rather than
 * before it: Chromium's `BodyStreamBuffer was aborted` (seen for a room event's revalidation that
 * opening the inbox's thread dialog interrupted).
 */
function isInterruptedNavigationLog(text: string) {
  return text.startsWith("AbortError: signal is aborted without reason\n") || text.startsWith("AbortError: BodyStreamBuffer was aborted\n");
}

/**
 * Every page load waits for the page's script to run (`<html data-hydrated>`, set by the root
 * layout once React has hydrated) before the test goes on, with JavaScript on. Until then a click
 * or a keystroke meets the server's HTML — a link, a form post, a select with no listener — and a
 * test that meant the JavaScript path races hydration (a signed-in page also loads its account menu
 * before hydrating, ADR 063). A test that means the moment before hydration passes
 * `waitUntil: "commit"` or `"domcontentloaded"`. Not for other responses (JSON, images, 404 assets).
 */
const withoutJavaScript = new WeakSet<BrowserContext>();
/**
 * The test's own `javaScriptEnabled` (its `test.use`): Playwright applies it to the contexts a test
 * makes with `browser.newContext()` too, unless the call says otherwise.
 */
let testJavaScript = true;

function waitForHydrationOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (response: Response | null, waitUntil: string | undefined) => {
    if (!response || withoutJavaScript.has(page.context()) || waitUntil === "commit" || waitUntil === "domcontentloaded") return response;
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) return response;
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    return response;
  };
  page.goto = async (url, options) => settle(await goto(url, options), options?.waitUntil);
  page.reload = async (options) => settle(await reload(options), options?.waitUntil);
}

function waitForHydrationIn(context: BrowserContext, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) withoutJavaScript.add(context);
  context.pages().forEach(waitForHydrationOnLoad);
  context.on("page", waitForHydrationOnLoad);
}

/** The console errors of each test's page (the `page` fixture below), for the tests that read them. */
const pageErrors = new WeakMap<Page, string[]>();

export const test = base.extend<{ consoleErrors: string[]; testJavaScript: void }>({
  testJavaScript: [
    async ({ javaScriptEnabled }, use) => {
      testJavaScript = javaScriptEnabled !== false;
      await use();
    },
    { auto: true },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    waitForHydrationIn(context, javaScriptEnabled !== false);
    await use(context);
  },
  // Contexts and pages a test makes itself (a second person's browser) wait the same way.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        waitForHydrationIn(context, options?.javaScriptEnabled ?? testJavaScript);
        return context;
      };
      browser.newPage = async (options) => {
        const page = await newPage(options);
        if (!(options?.javaScriptEnabled ?? testJavaScript)) withoutJavaScript.add(page.context());
        waitForHydrationOnLoad(page);
        return page;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  // The test's page is watched from the moment it is made; a test that only sends requests makes no
  // page (no renderer process, ADR 085), and has no console to watch.
  page: async ({ page }, use) => {
    const errors: string[] = [];
    pageErrors.set(page, errors);
    page.on("console", (message) => {
      // Resource 4xx/5xx loads are asserted by the tests that cause them on purpose.
      if (message.type() === "error" && !/Failed to load resource/.test(message.text()) && !isInterruptedNavigationLog(message.text()))
        errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
  consoleErrors: async ({ page }, use) => {
    await use(pageErrors.get(page)!);
  },
});
export { expect };

/**
 * The listing page's conversation (ask a question, reply) is a chunk of its own that hydrates after
 * the page (ADR 033); before that, Enter in its box only adds a line. Wait for the hydrated form,
 * which alone carries `via=fetcher`, before typing into it.
 */
export async function conversationReady(page: import("@playwright/test").Page) {
  await expect(page.locator('input[name="via"][value="fetcher"]').first()).toBeAttached();
}

/**
 * A full-page screenshot for a person to look at (README: "look at what you built"), written only when
 * SCREENSHOTS=1: nothing reads these files, and under CI each one cost 0.3–1 s of a 2-core machine.
 * `npx playwright test tests/e2e/club-a11y.spec.ts` with SCREENSHOTS=1 draws them all.
 */
export async function saveScreenshot(page: import("@playwright/test").Page, path: string) {
  if (process.env.SCREENSHOTS !== "1") return;
  await page.screenshot({ path, fullPage: true });
}

/** A session cookie for a Playwright `storageState` (a request context or a browser context): the e2e stack's host. */
export function sessionStateCookie(token: string) {
  return {
    name: SESSION_COOKIE,
    value: token,
    domain: new URL(E2E_BASE_URL).hostname,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: "Lax" as const,
  };
}
