/**
 * Faults survived (ADR 047), each made for real on a stack of the suite's own
 * (tests/faults/fault-stack.ts): the libSQL server is stopped and started again, R2 puts and
 * deletes and the rooms fail through the Worker's dev-only fault switch, and an oversized body is
 * really sent. Serial: the faults are global to that stack.
 */
import { readFileSync } from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { listingMessages, listingPhotos, listings, photoObjects, profiles } from "../../db/schema";
import { createTestListing, createTestUser, type TestUser } from "../factories";
import { recordFigures } from "../security/figures";
import { conversationReady } from "../e2e/fixtures";
import { startFaultStack, type FaultStack } from "./fault-stack";

test.describe.configure({ mode: "serial" });

const JPEG = { name: "racquet.jpg", mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/photo.jpg") };
const FAULTS = ["db down", "db back", "room down", "r2 put", "r2 delete", "body 413"] as const;
const survived = new Set<(typeof FAULTS)[number]>();

let stack: FaultStack;
let seller: TestUser;
let buyer: TestUser;
let listingId: string;
let suiteStarted = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  suiteStarted = performance.now();
  stack = await startFaultStack();
  seller = await createTestUser(stack.db, { firstName: "Sam", lastName: "Seller", zipCode: "02139" });
  buyer = await createTestUser(stack.db, { firstName: "Bea", lastName: "Buyer" });
  listingId = await createTestListing(stack.db, seller, { title: "Fault-test cleats" });
});

test.afterAll(async () => {
  const suiteSeconds = (performance.now() - suiteStarted) / 1000;
  await stack?.dispose();
  recordFigures("faults", [
    `faults survived: ${survived.size} of ${FAULTS.length} (${FAULTS.map((f) => `${f}${survived.has(f) ? "" : " FAILED"}`).join(", ")})`,
    `fault suite: ${suiteSeconds.toFixed(1)} s including its own stack (${(stack.startupMs / 1000).toFixed(1)} s to start)`,
  ]);
});

/** Pages of this suite: the stack's URL, and console errors collected except the ones a fault causes on purpose. */
async function openPage(context: BrowserContext, expected: RegExp[] = []) {
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed = [/Failed to load resource/, ...expected];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

async function signedIn(browser: import("@playwright/test").Browser, user: TestUser) {
  const context = await browser.newContext({ baseURL: stack.url });
  await stack.signIn(context, user.id);
  return context;
}

const questionsOn = async (id: string) => (await stack.db.select().from(listingMessages).where(eq(listingMessages.listingId, id))).length;

/** The structured error line the Worker logged for one request (entry.server handleError). */
function loggedFailure(requestId: string) {
  const line = stack
    .log()
    .split("\n")
    .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"event":"request_failed"'));
  return line ? (JSON.parse(line.slice(line.indexOf("{"), line.lastIndexOf("}") + 1)) as Record<string, string>) : null;
}

test.describe("the database server stops", () => {
  test("pages show the friendly error page with 503, /healthz answers 503, and a question is refused with a message and nothing stored", async ({
    browser,
  }) => {
    const context = await signedIn(browser, buyer);
    const { page, errors } = await openPage(context);
    await page.goto(`/listing/${listingId}`);
    await conversationReady(page);
    const question = page.getByLabel("Your question");
    await expect(question).toBeVisible();
    const before = await questionsOn(listingId);

    await stack.stopDatabase();

    // A page: the friendly page, no stack trace, status 503.
    const home = await context.newPage();
    const response = await home.goto("/");
    expect(response?.status()).toBe(503);
    await expect(home.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(home.getByText("Please try again in a moment.")).toBeVisible();
    const body = await response!.text();
    expect(body).not.toMatch(/at \S+ \(|Failed query|DrizzleQueryError|fetch failed/);
    // It is logged once, as structured JSON naming the route, method, kind and request id.
    const requestId = response!.headers()["x-request-id"];
    await expect.poll(() => loggedFailure(requestId)).toMatchObject({ route: "/", method: "GET", kind: "db_unavailable", requestId });
    await home.close();

    // The health check says so.
    const health = await context.request.get("/healthz");
    expect(health.status()).toBe(503);

    // A write from the page already open: refused with the spec's message, the question kept in the box.
    await question.fill("Is this still available?");
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/listing/${listingId}`));
    await question.press("Enter");
    const post = await posted;
    expect(post.status()).toBe(503);
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(question).toHaveValue("Is this still available?");
    await expect.poll(() => loggedFailure(post.headers()["x-request-id"])).toMatchObject({ method: "POST", kind: "db_unavailable" });
    // Without JavaScript the same POST is a page: friendly, 503, no trace.
    const plain = await context.request.post(`/listing/${listingId}`, {
      form: { intent: "message", content: "Still there?" },
      maxRedirects: 0,
    });
    expect(plain.status()).toBe(503);
    expect(await plain.text()).not.toMatch(/at \S+ \(|Failed query|DrizzleQueryError|fetch failed/);
    expect(await questionsOn(listingId)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
    survived.add("db down");
  });

  test("when it comes back, everything works again without restarting the Worker", async ({ browser }) => {
    await stack.startDatabase();
    const context = await signedIn(browser, buyer);
    const { page, errors } = await openPage(context);
    expect((await context.request.get("/healthz")).status()).toBe(200);
    const response = await page.goto(`/listing/${listingId}`);
    expect(response?.status()).toBe(200);
    await conversationReady(page);
    const question = page.getByLabel("Your question");
    await question.fill("Back up: is this still available?");
    await question.press("Enter");
    const thread = page.getByRole("list", { name: "Conversation with the seller" });
    await expect(thread.getByRole("listitem")).toHaveText([/Back up: is this still available\?/]);
    await expect.poll(() => questionsOn(listingId)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
    survived.add("db back");
  });
});

test("a room that cannot be reached: questions still land, the page says live updates are paused, and it recovers", async ({ browser }) => {
  const id = await createTestListing(stack.db, seller, { title: "Room-fault shin guards" });
  const sellerContext = await signedIn(browser, seller);
  // The browser reports each refused WebSocket as a console error: that is the fault itself.
  const { page, errors } = await openPage(sellerContext, [/WebSocket connection to .* failed/]);
  await stack.setFault("rooms", "on");
  try {
    await page.goto(`/listing/${id}`);
    await expect(page.getByText("This is your listing")).toBeVisible();
    await expect(page.getByText("Live updates paused")).toBeVisible();

    // The buyer's question goes through the action: stored, though its publish fails.
    const buyerContext = await signedIn(browser, buyer);
    const sent = await buyerContext.request.post(`/listing/${id}`, {
      form: { intent: "message", content: "Do they come with studs?" },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(302);
    await buyerContext.close();
    expect(await questionsOn(id)).toBe(1);
    await expect(page.getByText("Do they come with studs?")).toBeHidden();
  } finally {
    await stack.setFault("rooms", "off");
  }
  // The room is back: the page reconnects on its own, says nothing any more and catches up.
  await expect(page.getByText("Live updates paused")).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole("list", { name: "Conversation with Bea Buyer" }).getByRole("listitem")).toHaveText([
    /Do they come with studs\?/,
  ]);
  expect(errors).toEqual([]);
  await sellerContext.close();
  survived.add("room down");
});

/** The listing form's no-JavaScript POST (multipart, with the photo), as the seller. */
async function postListing(page: Page, title: string) {
  return page.request.post("/list-item", {
    multipart: {
      intent: "save",
      title,
      price: "20",
      sport: "soccer",
      condition: "gently-used",
      zipCode: "02139",
      city: "Cambridge",
      state: "MA",
      newPhotos: JPEG,
    },
    maxRedirects: 0,
  });
}

test("R2 failing a put: the listing is saved without the photo and says 'Failed to upload image 1. Continuing anyway...'", async ({
  browser,
}) => {
  const context = await signedIn(browser, seller);
  const { page, errors } = await openPage(context);
  await stack.setFault("r2-put", "on");
  let response;
  try {
    response = await postListing(page, "Saved without its photo");
  } finally {
    await stack.setFault("r2-put", "off");
  }
  expect(response.status()).toBe(302);
  const location = response.headers()["location"];
  expect(location).toMatch(/^\/listing\/[^/]+$/);
  await page.goto(location);
  await expect(page.getByText("Listing Created!")).toBeVisible();
  await expect(page.getByText("Image Upload Error")).toBeVisible();
  await expect(page.getByText("Failed to upload image 1. Continuing anyway...")).toBeVisible();
  const id = location.split("/").pop()!;
  expect(await stack.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id))).toEqual([]);
  // Nothing was left behind for the failed photo: no pending or deleting row.
  expect(await stack.db.select().from(photoObjects).where(eq(photoObjects.ownerId, seller.id))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  survived.add("r2 put");
});

test("R2 failing a delete: the object is kept in the ledger and the cleanup deletes it once R2 answers again", async ({ browser }) => {
  const context = await signedIn(browser, seller);
  const { page } = await openPage(context);
  const created = await postListing(page, "Listing whose photo is deleted later");
  expect(created.status()).toBe(302);
  const id = created.headers()["location"]!.split("/").pop()!;
  const [photo] = await stack.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id));
  expect(photo, "the photo was stored").toBeTruthy();
  expect((await page.request.get(`/photos/${photo.r2Key}`)).status()).toBe(200);

  await stack.setFault("r2-delete", "on");
  try {
    const removed = await page.request.post(`/listing/${id}`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(removed.status()).toBe(302);
    expect(await stack.db.select().from(listings).where(eq(listings.id, id))).toEqual([]);
    // Not forgotten: the object's row waits in the ledger, marked for deletion.
    const ledger = () => stack.db.select({ state: photoObjects.state }).from(photoObjects).where(eq(photoObjects.r2Key, photo.r2Key));
    expect(await ledger()).toEqual([{ state: "deleting" }]);
    // The cleanup retries while R2 still fails: the row stays for the next run.
    expect(await stack.runCleanup()).toMatchObject({ deletedObjects: 0, failedDeletes: 1 });
    expect(await ledger()).toEqual([{ state: "deleting" }]);
  } finally {
    await stack.setFault("r2-delete", "off");
  }
  expect(await stack.runCleanup()).toMatchObject({ deletedObjects: 1, failedDeletes: 0 });
  expect(await stack.db.select().from(photoObjects).where(eq(photoObjects.r2Key, photo.r2Key))).toEqual([]);
  await context.close();
  survived.add("r2 delete");
});

test("a request body over the size limit is answered 413 with a message, and the Worker goes on serving", async ({ browser }) => {
  const context = await signedIn(browser, seller);
  const before = await stack.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, seller.id));
  const response = await context.request.post("/player-profile", {
    form: { intent: "profile", firstName: "x".repeat(2 * 1024 * 1024), lastName: "Seller" },
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toMatch(/^This request is too large: the limit is 1 MB\./);
  expect(await stack.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, seller.id))).toEqual(before);
  expect((await context.request.get("/healthz")).status()).toBe(200);
  await context.close();
  survived.add("body 413");
});
