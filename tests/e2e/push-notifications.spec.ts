import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/schema";
import { PUSH_TEXT, SHOW_TEXT } from "../../app/shared/copy/push";
import { NOTIFICATION_SETTINGS_SAVED } from "../../app/shared/copy/notification-settings";
import type { ReceivedPush } from "../../scripts/push-service";
import { E2E_BASE_URL, E2E_PUSH_ORIGIN } from "../setup/e2e-env";
import { createTestListing, createTestUser } from "../factories";
import { e2eDb, expect, saveScreenshot, signInAs, test } from "./fixtures";
import { axeOn } from "./axe";

// The installable app and Web Push (ADR 087), against the local push service stand-in
// (scripts/push-service.ts): Chromium is granted the permission and subscribes; an offer reaches the
// stand-in encrypted and signed, and decrypts to who and what; a 410 deletes the subscription; the
// offline page with the network off; the manifest's installability fields. These specs allow the
// service worker (the config blocks it for the rest).
//
// One thing is stood in inside the browser: PushManager.subscribe would ask Chromium's own push
// service (Google's FCM), which a machine with no network cannot reach. The init script below makes
// it ask the stand-in instead — a real subscription (endpoint + P-256 key + auth secret) whose
// private half the stand-in keeps, so it can decrypt what the server sends, as a browser would. The
// permission prompt, the service worker, and the page's own code around them are the browser's.

test.use({ serviceWorkers: "allow" });
// This file runs in the full Chromium. The headless shell the suite runs in (ADR 076) answers Notification.permission 'denied' whatever
// is granted; the full browser honours grantPermissions, as a person's Chromium honours their click.
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
});

const db = () => e2eDb();
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function standInSubscription() {
  const response = await fetch(`${E2E_PUSH_ORIGIN}/subscriptions`, { method: "POST" });
  return (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
}
const received = async (endpoint: string) => (await (await fetch(`${endpoint}/messages`)).json()) as ReceivedPush[];

/** PushManager.subscribe → a subscription at the stand-in (see the note above). */
async function subscribeAtStandIn(context: BrowserContext) {
  await context.exposeBinding("__standInSubscription", () => standInSubscription());
  await context.addInitScript(() => {
    const made: { current: unknown } = { current: null };
    const asSubscription = (json: { endpoint: string; keys: Record<string, string> }) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: () => null,
      unsubscribe: async () => true,
      toJSON: () => json,
    });
    PushManager.prototype.subscribe = async function () {
      const json = await (window as unknown as { __standInSubscription: () => Promise<never> }).__standInSubscription();
      made.current = asSubscription(json);
      return made.current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return made.current as PushSubscription | null;
    };
  });
}

async function makeOffer(buyerContext: BrowserContext, listingId: string) {
  const page = await buyerContext.newPage();
  await page.goto(`/listing/${listingId}`);
  const card = page.getByRole("region", { name: "Make an offer" });
  await card.locator("summary", { hasText: "Make an offer" }).click();
  await card.getByLabel("Your offer ($)").fill("61");
  await card.getByLabel("Message (optional)").first().fill("Secret pickup plan: the blue door");
  await card.getByRole("button", { name: "Send offer" }).click();
  await expect(page).toHaveURL(/\/deals\/[\w-]+$/);
  await page.close();
}

/** POST /api/push-subscriptions as the page's person, as the page's code does it. */
const postSubscription = (page: Page, subscription: unknown) =>
  page.request.post("/api/push-subscriptions", {
    form: { subscription: typeof subscription === "string" ? subscription : JSON.stringify(subscription) },
    headers: { Origin: E2E_BASE_URL },
  });

const devices = (page: Page) => page.getByRole("list", { name: "Devices that get notifications" }).getByRole("listitem");

test("Chromium subscribes when the button is pressed; an offer arrives as a push that decrypts to who and what, never the price or message", async ({
  page,
  context,
  browser,
}) => {
  const seller = await createTestUser(db(), { firstName: "Sally" });
  const buyer = await createTestUser(db(), { firstName: "Sam" });
  const listingId = await createTestListing(db(), seller, { title: "Bauer skates", priceCents: 8000 });
  await subscribeAtStandIn(context);
  await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
  await signInAs(context, seller.id);
  await page.goto("/player-profile");
  // Nothing is asked on load: no device until the button is pressed.
  await expect(page.getByText(PUSH_TEXT.noDevices)).toBeVisible();
  expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, seller.id))).toEqual([]);
  await page.getByRole("button", { name: PUSH_TEXT.turnOn }).click();
  await expect(page.getByRole("status").filter({ hasText: PUSH_TEXT.subscribed })).toBeVisible();
  await expect(devices(page)).toHaveCount(1);
  await expect(devices(page).first()).toContainText("Chrome on Windows"); // the Desktop Chrome profile's User-Agent;
  const [stored] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, seller.id));
  expect(stored.endpoint.startsWith(`${E2E_PUSH_ORIGIN}/push/`)).toBe(true);
  // The page's service worker is the one that will show the pushes.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${E2E_BASE_URL}/sw.js`);

  await page.getByLabel("Push deals to my devices").check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText(NOTIFICATION_SETTINGS_SAVED)).toBeVisible();
  await expect(page.getByLabel("Push deals to my devices")).toBeChecked();
  await expect(page.getByLabel(SHOW_TEXT.label)).not.toBeChecked();

  const buyerContext = await browser.newContext({ serviceWorkers: "block" });
  await signInAs(buyerContext, buyer.id);
  await makeOffer(buyerContext, listingId);
  await buyerContext.close();

  await expect.poll(async () => (await received(stored.endpoint)).length).toBe(1);
  const [push] = await received(stored.endpoint);
  const message = JSON.parse(push.payload) as Record<string, string>;
  expect(message).toMatchObject({ title: "New offer from Sam on Bauer skates", body: "Open LockerSwap to see it." });
  expect(message.url).toMatch(/^\/deals\/[\w-]+$/);
  expect(`${message.title} ${message.body}`).not.toMatch(/\$|61|80/);
  expect(push.payload).not.toMatch(/\$|blue door/);
  expect(push.ttl).toBeGreaterThan(0);
});

test("with 'Show message text' chosen, a message's words are the push's body; the settings pass axe", async ({
  page,
  context,
  browser,
}) => {
  const seller = await createTestUser(db(), { firstName: "Sally" });
  const buyer = await createTestUser(db(), { firstName: "Sam" });
  const listingId = await createTestListing(db(), seller, { title: "Bauer skates" });
  await signInAs(context, seller.id);
  const subscription = await standInSubscription();
  expect((await postSubscription(page, subscription)).status()).toBe(201);
  await page.goto("/player-profile");
  await expect(devices(page)).toHaveCount(1);
  await page.getByLabel("Push messages to my devices").check();
  await page.getByLabel(SHOW_TEXT.label).check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText(NOTIFICATION_SETTINGS_SAVED)).toBeVisible();
  await expect(page.getByLabel(SHOW_TEXT.label)).toBeChecked();
  const { violations } = await axeOn(page).include("#notifications").withTags(AXE_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel(SHOW_TEXT.label).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `.cache/screenshots/push-settings-${width}.png`);
  }
  const asker = await browser.newContext({ serviceWorkers: "block" });
  await signInAs(asker, buyer.id);
  const asked = await asker.request.post(`/listing/${listingId}`, {
    form: { intent: "message", content: "Meet at the blue door at 5?" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(asked.status()).toBeLessThan(400);
  await asker.close();
  await expect.poll(async () => (await received(subscription.endpoint)).length).toBe(1);
  expect(JSON.parse((await received(subscription.endpoint))[0].payload)).toMatchObject({
    title: "New message from Sam User about Bauer skates",
    body: "Meet at the blue door at 5?",
    url: `/listing/${listingId}`,
  });
});

test("a 410 from the push service deletes the subscription, and the device leaves the list", async ({ page, context, browser }) => {
  const seller = await createTestUser(db(), { firstName: "Gina" });
  const buyer = await createTestUser(db(), { firstName: "Theo" });
  const listingId = await createTestListing(db(), seller, { title: "Goalie pads", priceCents: 9000 });
  await signInAs(context, seller.id);
  const subscription = await standInSubscription();
  const created = await postSubscription(page, subscription);
  expect(created.status()).toBe(201);
  await page.goto("/player-profile");
  await page.getByLabel("Push deals to my devices").check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(devices(page)).toHaveCount(1);
  // The browser dropped the subscription: the push service answers 410 Gone from now on.
  await fetch(subscription.endpoint, { method: "DELETE" });

  const buyerContext = await browser.newContext({ serviceWorkers: "block" });
  await signInAs(buyerContext, buyer.id);
  await makeOffer(buyerContext, listingId);
  await buyerContext.close();

  await expect
    .poll(async () => (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, seller.id))).length)
    .toBe(0);
  await page.reload();
  await expect(page.getByText(PUSH_TEXT.noDevices)).toBeVisible();
  expect(await received(subscription.endpoint)).toEqual([]);
});

test("with the network off, a page is the offline page; the cache holds only build assets and the offline page", async ({
  page,
  context,
}) => {
  // The worker registers for a signed-in person (ADR 087: no visitor page pays its bytes).
  await signInAs(context, (await createTestUser(db(), { firstName: "Olive" })).id);
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A second load is served through the worker, which caches the build's assets as they pass.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  // The offline page runs no script: not waited for as a hydrating page (tests/e2e/fixtures.ts).
  const offline = await page.goto("/sport/soccer", { waitUntil: "domcontentloaded" });
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page.getByText("LockerSwap needs a connection for this")).toBeVisible();
  await saveScreenshot(page, ".cache/screenshots/offline-360.png");
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain("/offline.html");
  expect(cached.filter((path) => path !== "/offline.html" && path !== "/favicon.svg" && !path.startsWith("/assets/"))).toEqual([]);
  await context.setOffline(false);
});

test("the cache keeps one build: a new build's manifest, and a new worker taking over, prune the old build's assets", async ({
  page,
  context,
}) => {
  await signInAs(context, (await createTestUser(db(), { firstName: "Pru" })).id);
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cachedAssets = () => page.evaluate(async () => (await (await caches.open("assets")).keys()).map((r) => new URL(r.url).pathname));
  const isManifest = (path: string) => /^\/assets\/manifest-[\w-]+\.js$/.test(path);
  // The page names its build's manifest; the worker stored it on the navigation it served.
  const manifestPath = await page.evaluate(() => (window as unknown as { __remixManifest: { url: string } }).__remixManifest.url);
  await expect.poll(cachedAssets).toContain(manifestPath);
  // This build's modules the page preloads (the lazy account menu's among them, loaded with import()): each is
  // named by the build's manifest or inside a chunk it names (ADR 100), so kept.
  const current = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  const cachedNow = await cachedAssets();
  const kept = current.filter((path) => cachedNow.includes(path) && !isManifest(path));
  expect(kept.length).toBeGreaterThan(0);
  // What a deploy leaves behind: an older build's chunk in the cache, and this build's manifest not cached yet.
  const leaveOldBuild = () =>
    page.evaluate(async () => {
      const cache = await caches.open("assets");
      for (const request of await cache.keys())
        if (new URL(request.url).pathname.startsWith("/assets/manifest-")) await cache.delete(request);
      await cache.put("/assets/root-0ldbu1ld.js", new Response("export {}", { headers: { "Content-Type": "text/javascript" } }));
    });
  await leaveOldBuild();
  // The next page names a manifest the cache does not hold: a new build, so the old one's entries go.
  await page.reload();
  await expect.poll(cachedAssets).not.toContain("/assets/root-0ldbu1ld.js");
  expect(await cachedAssets()).toEqual(expect.arrayContaining([manifestPath, ...kept]));

  // A new worker taking over prunes as well (the page's "take-over", ADR 087).
  await leaveOldBuild();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?next", { scope: "/" });
    const next = registration.installing ?? registration.waiting!;
    await new Promise<void>((resolve) => {
      if (next.state === "installed") resolve();
      next.addEventListener("statechange", () => next.state === "installed" && resolve());
    });
    const taken = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    next.postMessage("take-over");
    await taken;
  });
  await expect.poll(cachedAssets).not.toContain("/assets/root-0ldbu1ld.js");
  expect(await cachedAssets()).toEqual(expect.arrayContaining([manifestPath, ...kept]));
});

test("the manifest makes the app installable: name, standalone, start URL, theme colour and the icon sizes", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as { icons: { src: string; sizes: string; purpose: string }[] } & Record<string, string>;
  expect(manifest).toMatchObject({
    name: "LockerSwap",
    short_name: "LockerSwap",
    display: "standalone",
    start_url: "/",
    theme_color: "#059669",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of [...manifest.icons.map((i) => i.src), "/apple-touch-icon.png"]) {
    const png = await request.get(icon);
    expect(png.headers()["content-type"], icon).toBe("image/png");
  }
  const page = await request.get("/");
  expect(await page.text()).toContain('rel="manifest" href="/manifest.webmanifest"');
  expect((await request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");
});

test("hostile subscriptions are refused with a clear message, never a 5xx, and store nothing", async ({ page, context }) => {
  const me = await createTestUser(db(), { firstName: "Ivy" });
  await signInAs(context, me.id);
  const good = await standInSubscription();
  const cases: [unknown, number, string][] = [
    [{ ...good, endpoint: "https://127.0.0.1/push/x" }, 400, PUSH_TEXT.notAPushService],
    [{ ...good, endpoint: "https://10.1.2.3/push/x" }, 400, PUSH_TEXT.notAPushService],
    [{ ...good, endpoint: "https://[::1]/push/x" }, 400, PUSH_TEXT.notAPushService],
    [{ ...good, endpoint: "http://fcm.googleapis.com/fcm/send/x" }, 400, PUSH_TEXT.notAPushService],
    [{ ...good, endpoint: `${E2E_PUSH_ORIGIN.replace(/\d+$/, "1")}/push/x` }, 400, PUSH_TEXT.notAPushService],
    [{ ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${"x".repeat(1100)}` }, 400, PUSH_TEXT.endpointTooLong],
    [{ ...good, endpoint: `https://fcm.googleapis.com/${"x".repeat(5000)}` }, 400, PUSH_TEXT.endpointTooLong],
    [{ ...good, keys: { p256dh: `B${"A".repeat(86)}`, auth: good.keys.auth } }, 400, PUSH_TEXT.badKeys],
    [{ ...good, keys: { p256dh: good.keys.p256dh, auth: "\u0000\u0001" } }, 400, PUSH_TEXT.badKeys],
    [{ endpoint: good.endpoint }, 400, PUSH_TEXT.badKeys],
    ["not json {", 400, PUSH_TEXT.badEndpoint],
    [[], 400, PUSH_TEXT.badEndpoint],
  ];
  for (const [body, status, error] of cases) {
    const response = await postSubscription(page, body);
    expect(response.status(), JSON.stringify(body).slice(0, 60)).toBe(status);
    expect(((await response.json()) as { error: string }).error).toBe(error);
  }
  expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toEqual([]);
  // Signed out: 401, nothing stored.
  await context.clearCookies();
  expect((await postSubscription(page, good)).status()).toBe(401);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the push choices save, a device is removed with a plain form, and another person's device is a 404", async ({ page, context }) => {
    const me = await createTestUser(db(), { firstName: "Otto" });
    const other = await createTestUser(db(), { firstName: "Pia" });
    await signInAs(context, me.id);
    expect((await postSubscription(page, await standInSubscription())).status()).toBe(201);
    const [theirs] = await db()
      .insert(pushSubscriptions)
      .values({
        userId: other.id,
        endpoint: `${E2E_PUSH_ORIGIN}/push/${crypto.randomUUID()}`,
        p256dh: "x",
        auth: "y",
        label: "Firefox on Android",
      })
      .returning();
    await page.goto("/player-profile");
    // No button that cannot work without JavaScript.
    await expect(page.getByRole("button", { name: PUSH_TEXT.turnOn })).toHaveCount(0);
    await page.getByLabel("Push messages to my devices").check();
    await page.getByLabel(SHOW_TEXT.label).check();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByLabel("Push messages to my devices")).toBeChecked();
    await expect(page.getByLabel("Push deals to my devices")).not.toBeChecked();
    await expect(page.getByLabel(SHOW_TEXT.label)).toBeChecked();
    // And off again: an unchecked box posts nothing, and is saved as off (ADR 100).
    await page.getByLabel(SHOW_TEXT.label).uncheck();
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByText(NOTIFICATION_SETTINGS_SAVED)).toBeVisible();
    await expect(page.getByLabel(SHOW_TEXT.label)).not.toBeChecked();

    const refused = await page.request.post("/player-profile", {
      form: { intent: "removePushDevice", deviceId: theirs.id },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(refused.status()).toBe(404);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirs.id))).toHaveLength(1);

    await devices(page)
      .first()
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByText(PUSH_TEXT.removed)).toBeVisible();
    await expect(page.getByText(PUSH_TEXT.noDevices)).toBeVisible();
  });
});

test("Chromium finds nothing stopping an install: manifest, icons and a controlling service worker (docs/spec: installable app, ADR 087)", async ({
  page,
  context,
}) => {
  // The worker registers for a signed-in person (ADR 087), so installability is checked on a signed-in page.
  await signInAs(context, (await createTestUser(db(), { firstName: "Ina" })).id);
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  };
  // Playwright's browser contexts are incognito ones, and Chromium never offers an install there: 'in-incognito'
  // is the one error the harness itself causes (a person's own profile is not incognito), so it alone is set aside.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  await cdp.detach();
});
