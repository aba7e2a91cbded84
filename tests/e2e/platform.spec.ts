import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { roomAccessFor } from "../../app/features/realtime/rooms.server";
import { E2E_BASE_URL, E2E_VARS } from "../setup/e2e-env";
import { e2eDb, expect, test } from "./fixtures";

/** Attempts a WebSocket upgrade to a room and reports the HTTP status the Worker answered with. */
function tryJoinRoom(path: string) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${E2E_BASE_URL}${path}`, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
      },
    });
    req.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

const lobby = { party: "lobby-room", room: "test" };

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor sees the navigation in the server-rendered home page", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    for (const text of [
      "LockerSwap",
      "Find Gear",
      "Find a Club",
      "Sign In",
      "List an Item",
      "Browse by Sport",
      "Find a Club, Organization, League, or School",
    ]) {
      expect(html).toContain(text);
    }
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Find Gear" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Find a Club" })).toHaveAttribute("href", "/clubs");
  });

  test("a visitor opens the Browse by Sport menu and reaches a sport", async ({ page }) => {
    await page.goto("/");
    await page.getByText("Browse by Sport ▾").click();
    await expect(page.getByRole("link", { name: /Tennis & Racquet Sports/ }).first()).toHaveAttribute("href", "/sport/tennis");
  });

  test("a visitor on a phone opens the slide-out menu", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "List", exact: true })).toBeVisible();
    await page.getByLabel("Open menu").click();
    const menu = page.locator("details[data-menu][open]");
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Find a Club" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Soccer/ })).toBeVisible();
  });

  test("a flash toast set by the server shows after a form post", async ({ page }) => {
    await page.goto("/dev/toast");
    await page.getByRole("button", { name: "Send a flash toast" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Flash from the server" })).toBeVisible();
    // Shown once: the next page no longer carries it.
    await page.reload();
    await expect(page.getByText("Flash from the server")).toHaveCount(0);
  });
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("every page carries a nonce CSP and every script tag has that nonce", async ({ request }) => {
  for (const path of ["/", "/no/such/page"]) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBeTruthy();
    expect(response.headers()["permissions-policy"]).toBeTruthy();
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }
});

test("the page runs under its CSP with JavaScript, without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/dev/realtime");
  await expect(page.getByTestId("room-status")).toHaveText("Room status: open");
  expect(violations).toEqual([]);
});

test("a cross-site form post is refused with 403", async ({ request }) => {
  const response = await request.post("/dev/toast", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { anything: "1" },
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post("/dev/toast", { headers: { Origin: E2E_BASE_URL }, maxRedirects: 0 });
  expect(sameSite.status()).toBe(302);
});

test("the health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});

test("hashed assets are cached for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test.describe("realtime rooms", () => {
  test("an event published by a server action reaches another browser in the room", async ({ browser }) => {
    // Two browser contexts plus the room's first Durable Object start on a cold stack: more time, same assertions.
    test.slow();
    const alice = await browser.newContext();
    const bob = await browser.newContext();
    const alicePage = await alice.newPage();
    const bobPage = await bob.newPage();
    await alicePage.goto("/dev/realtime");
    await bobPage.goto("/dev/realtime");
    await expect(alicePage.getByTestId("room-status")).toHaveText("Room status: open");
    await expect(bobPage.getByTestId("room-status")).toHaveText("Room status: open");

    const text = `hello ${Date.now()}`;
    await alicePage.getByLabel("Message").fill(text);
    await alicePage.getByRole("button", { name: "Publish" }).click();

    // The publish runs after the response (waitUntil): on a loaded machine it lands later than 7 s.
    await expect(bobPage.getByRole("list", { name: "Events" }).getByText(text)).toBeVisible({ timeout: 20_000 });
    await expect(alicePage.getByRole("list", { name: "Events" }).getByText(text)).toBeVisible({ timeout: 20_000 });
    await alice.close();
    await bob.close();
  });

  test("a valid token joins; tampered, expired and other-room tokens are refused", async () => {
    const path = (token: string, room = lobby.room) => `/parties/${lobby.party}/${room}?token=${encodeURIComponent(token)}`;
    // Lobby tokens through the app's one door (roomAccessFor), as /dev/realtime's loader gets them.
    const mint = async ({ room = lobby.room, secret = E2E_VARS.REALTIME_SECRET, now = Date.now() } = {}) => {
      const access = await roomAccessFor(
        { db: e2eDb(), env: { REALTIME_SECRET: secret, devRoutes: true } },
        null,
        { kind: "lobby", id: room },
        { now },
      );
      return access!.token;
    };

    const valid = await mint();
    expect(await tryJoinRoom(path(valid))).toBe(101);

    const [header, body, sig] = valid.split(".");
    const tampered = `${header}.${body.slice(0, -2)}${body.slice(-2) === "AA" ? "BB" : "AA"}.${sig}`;
    expect(await tryJoinRoom(path(tampered))).toBe(403);

    const expired = await mint({ now: Date.now() - 60 * 60 * 1000 });
    expect(await tryJoinRoom(path(expired))).toBe(403);

    const otherRoom = await mint({ room: "another-room" });
    expect(await tryJoinRoom(path(otherRoom))).toBe(403);

    const wrongSecret = await mint({ secret: "not-the-secret-of-this-deployment-000" });
    expect(await tryJoinRoom(path(wrongSecret))).toBe(403);

    expect(await tryJoinRoom(`/parties/${lobby.party}/${lobby.room}`)).toBe(403);
  });

  test("nobody can publish into a room over HTTP", async ({ request }) => {
    const response = await request.post(`/parties/${lobby.party}/${lobby.room}`, {
      headers: { Origin: E2E_BASE_URL, "x-lockerswap-publish": "guess" },
      data: { type: "message", text: "spoofed" },
    });
    expect(response.status()).toBe(403);
  });
});
