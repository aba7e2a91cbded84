import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { clubMembers, listings } from "../../db/schema";
import { roomAccessFor } from "../../app/features/realtime/rooms.server";
import { addTestMember, createTestClub, createTestUser, type TestClub } from "../factories";
import { E2E_BASE_URL, E2E_VARS } from "../setup/e2e-env";
import { conversationReady, e2eDb, expect, signInAs, test } from "./fixtures";

// ADR 039: a room token is minted only for someone allowed in, again on every
// reconnect, and honoured only while it lasts; leaving, removal and signing out close the socket.

const word = () => randomBytes(4).toString("hex");
const db = () => e2eDb();
type Access = { party: string; room: string; token: string };

async function clubWithMember() {
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: `Owner${word()}` });
  const club = await createTestClub(db(), owner, { name: `Night Owls ${word()}`, joinMode: "open" });
  const member = await createTestUser(db(), { firstName: `Mia${word()}`, lastName: "Member" });
  await addTestMember(db(), club, member);
  return { club, owner, member };
}

async function membershipId(club: TestClub, userId: string) {
  const [row] = await db()
    .select({ id: clubMembers.id })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, userId)));
  return row!.id;
}

/** A room token from the app's own endpoint, as useRoom asks for it on every reconnect. */
async function tokenFor(page: Page, kind: string, id: string) {
  const response = await page.request.get(`/api/rooms/token?kind=${kind}&id=${encodeURIComponent(id)}`);
  return {
    status: response.status(),
    cache: response.headers()["cache-control"],
    access: response.ok() ? ((await response.json()) as Access) : null,
  };
}

/** Opens a raw WebSocket to the room from the page and records what happens to it in `window.__room`. */
async function openSocket(page: Page, access: Access) {
  return page.evaluate(
    ({ party, room, token }) =>
      new Promise<string>((resolve) => {
        const log: string[] = [];
        (window as unknown as { __room: string[] }).__room = log;
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/parties/${party}/${room}?token=${encodeURIComponent(token)}`);
        ws.onopen = () => resolve("open");
        ws.onmessage = (event) => log.push(`message ${String(event.data)}`);
        ws.onclose = (event) => {
          log.push(`close ${event.code}`);
          resolve(`close ${event.code}`);
        };
      }),
    access,
  );
}
const socketLog = (page: Page) => page.evaluate(() => (window as unknown as { __room: string[] }).__room);

/** Attempts a WebSocket upgrade from Node and reports the HTTP status the Worker answered with. */
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

test("a member removed by the owner is disconnected at once and gets no new token", async ({ browser }) => {
  const { club, owner, member } = await clubWithMember();
  const memberContext = await browser.newContext();
  await signInAs(memberContext, member.id);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/club/${club.slug}`);
  const first = await tokenFor(memberPage, "club", club.id);
  expect(first.status).toBe(200);
  expect(first.cache).toContain("no-store");
  expect(await openSocket(memberPage, first.access!)).toBe("open");

  const ownerContext = await browser.newContext();
  await signInAs(ownerContext, owner.id);
  const removed = await ownerContext.request.post(`/club/${club.slug}/manage`, {
    form: { intent: "remove", memberId: await membershipId(club, member.id) },
    maxRedirects: 0,
  });
  expect(removed.status()).toBe(303);

  await expect.poll(() => socketLog(memberPage)).toEqual([`message {"type":"access.revoked","room":"club:${club.id}"}`, "close 4003"]);
  expect((await tokenFor(memberPage, "club", club.id)).status).toBe(403);
  await memberContext.close();
  await ownerContext.close();
});

test("a member who leaves is disconnected at once", async ({ page, context }) => {
  const { club, member } = await clubWithMember();
  await signInAs(context, member.id);
  await page.goto(`/club/${club.slug}`);
  const { access } = await tokenFor(page, "club", club.id);
  expect(await openSocket(page, access!)).toBe("open");
  const left = await context.request.post(`/club/${club.slug}`, { form: { intent: "leave" }, maxRedirects: 0 });
  expect(left.status()).toBe(303);
  await expect.poll(async () => (await socketLog(page)).at(-1)).toBe("close 4003");
  expect((await tokenFor(page, "club", club.id)).status).toBe(403);
});

test("a non-member gets no token for a club room, and a socket join without one is refused (403)", async ({ page, context }) => {
  const { club } = await clubWithMember();
  const stranger = await createTestUser(db(), { firstName: "Stan" });
  expect((await tokenFor(page, "club", club.id)).status).toBe(401);
  await signInAs(context, stranger.id);
  await page.goto("/");
  expect((await tokenFor(page, "club", club.id)).status).toBe(403);
  expect((await tokenFor(page, "user", club.owner.id)).status).toBe(403);
  expect((await tokenFor(page, "nonsense", "x")).status).toBe(403);

  // The stranger's own (valid) user-room token does not open the club's room, nor does no token.
  const own = (await tokenFor(page, "user", stranger.id)).access!;
  expect(await tryJoinRoom(`/parties/club-room/club:${club.id}?token=${encodeURIComponent(own.token)}`)).toBe(403);
  expect(await tryJoinRoom(`/parties/club-room/club:${club.id}`)).toBe(403);
});

test("a socket is closed when its token expires, not only checked at connect", async ({ page, context }) => {
  const user = await createTestUser(db(), { firstName: "Tia" });
  await signInAs(context, user.id);
  await page.goto("/");
  // A two-second token from the one door that mints them (the app's own last ten minutes).
  const context2s = { db: db(), env: { REALTIME_SECRET: E2E_VARS.REALTIME_SECRET, devRoutes: true } };
  const access = await roomAccessFor(context2s, user, { kind: "user", id: user.id }, { ttlSeconds: 2 });
  expect(await openSocket(page, access!)).toBe("open");
  await expect.poll(() => socketLog(page), { timeout: 15_000 }).toEqual(["close 4001"]);
});

test("signing out closes the user's sockets at once", async ({ page, context }) => {
  const user = await createTestUser(db(), { firstName: "Sol" });
  await signInAs(context, user.id);
  await page.goto("/");
  const { access } = await tokenFor(page, "user", user.id);
  expect(await openSocket(page, access!)).toBe("open");
  expect((await context.request.post("/logout", { maxRedirects: 0 })).status()).toBe(302);
  await expect.poll(async () => (await socketLog(page)).at(-1)).toBe("close 4003");
  expect((await tokenFor(page, "user", user.id)).status).toBe(401);
});

test("after a dropped socket the page reconnects with a fresh token and shows the missed message once", async ({ browser }) => {
  test.slow();
  const seller = await createTestUser(db(), { firstName: "Sam", lastName: "Seller" });
  const buyer = await createTestUser(db(), { firstName: "Bea", lastName: "Buyer" });
  const [listing] = await db()
    .insert(listings)
    .values({
      userId: seller.id,
      title: `Hockey skates ${word()}`,
      priceCents: 4000,
      sport: "hockey",
      condition: "gently-used",
      zipCode: "10001",
      city: "New York",
      state: "NY",
    })
    .returning();

  const buyerContext = await browser.newContext();
  await signInAs(buyerContext, buyer.id);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/listing/${listing.id}`);
  await conversationReady(buyerPage);
  const question = buyerPage.getByLabel("Your question");
  await question.fill("Still available?");
  await question.press("Enter");
  await expect(buyerPage.getByText("Message sent!")).toBeVisible();

  // The seller's page: its user-room socket goes through a test-side proxy the test can cut.
  const sellerContext = await browser.newContext();
  await signInAs(sellerContext, seller.id);
  const sellerPage = await sellerContext.newPage();
  const sockets: { close(): Promise<void> }[] = [];
  await sellerPage.routeWebSocket(/\/parties\/user-room\//, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  // Token requests are held until the test lets them through, so the reconnect waits for the post.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const tokenRequests: string[] = [];
  await sellerPage.route("**/api/rooms/token**", async (route) => {
    tokenRequests.push(route.request().url());
    await gate;
    await route.continue();
  });

  await sellerPage.goto(`/listing/${listing.id}`);
  const thread = sellerPage.getByRole("list", { name: "Conversation with Bea Buyer" });
  await expect(thread.getByRole("listitem")).toHaveText(["Them: Still available?"]);
  await expect.poll(() => sockets.length).toBe(1);
  // Live first: a question arrives without a reload.
  await question.fill("Which size?");
  await question.press("Enter");
  await expect(thread.getByRole("listitem")).toHaveText(["Them: Still available?", "Them: Which size?"]);

  // Drop the socket: the page says live updates are paused and asks for a fresh token.
  await sockets[0]!.close();
  await expect(sellerPage.getByText("Live updates paused")).toBeVisible();
  await expect.poll(() => tokenRequests.length).toBeGreaterThan(0);
  expect(tokenRequests[0]).toContain(`kind=user&id=${seller.id}`);

  // Meanwhile the buyer posts through the action; the seller's page cannot hear it.
  await question.fill("Can you hold them until Friday?");
  await question.press("Enter");
  await expect(buyerPage.getByRole("list", { name: "Conversation with the seller" }).getByRole("listitem")).toHaveCount(3);
  await expect(thread.getByRole("listitem")).toHaveCount(2);

  // Reconnect: the page catches up from the database, and the missed message shows exactly once.
  release();
  await expect.poll(() => sockets.length).toBe(2);
  await expect(sellerPage.getByText("Live updates paused")).toBeHidden();
  await expect(thread.getByRole("listitem")).toHaveText([
    "Them: Still available?",
    "Them: Which size?",
    "Them: Can you hold them until Friday?",
  ]);

  // And live again over the new socket.
  await question.fill("Thanks!");
  await question.press("Enter");
  await expect(thread.getByRole("listitem")).toHaveText([
    "Them: Still available?",
    "Them: Which size?",
    "Them: Can you hold them until Friday?",
    "Them: Thanks!",
  ]);
  await buyerContext.close();
  await sellerContext.close();
});
