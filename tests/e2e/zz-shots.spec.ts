// THROWAWAY (issue 21 look-over): screenshots + axe of the safety screens. Delete after use.
import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync, appendFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { adminAuditLog, clubDirectMessages, clubMessages, clubRequests, listingMessages, reports, suspensions, userBlocks, warnings } from "../../db/schema";
import { proposeDeal } from "../../app/features/trade/deals.server";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestUser } from "../factories";
import { e2eDb, expect, signInAs, test } from "./fixtures";

const OUT = process.env.SHOTS_DIR ?? "/tmp/shots";
const word = () => randomBytes(3).toString("hex");
const db = () => e2eDb();
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

type W = Awaited<ReturnType<typeof world>>;
let w: W;

async function world() {
  const t = word();
  const owner = await createTestUser(db(), { firstName: "Olive", lastName: "Owner" });
  const c = await createTestClub(db(), owner, { name: `Harbor Kickers ${t}` });
  const mk = async (firstName: string, lastName: string, role?: "admin") => {
    const u = await createTestUser(db(), { firstName, lastName });
    await addTestMember(db(), c, u, { role });
    return u;
  };
  const sally = await mk("Sally", "Seller");
  const bea = await mk("Bea", "Buyer");
  const ben = await mk("Ben", "Blocked");
  const rae = await mk("Rae", "Reporter");
  const zed = await mk("Zed", "Suspended");
  const wes = await mk("Wes", "Warned");
  const admin = await createTestUser(db(), { admin: true, firstName: "Ada", lastName: "Admin" });
  const listing = await createTestListing(db(), sally, {
    title: `Adidas Predator goalie gloves size 9 ${t}`,
    priceCents: 4000,
    description: "Used one season. Good grip left.",
    clubs: [c],
  });
  await db().insert(listingMessages).values({ listingId: listing, senderId: bea.id, receiverId: sally.id, content: "Are these still available? Could pick up Saturday." });
  const offer = await proposeDeal(db(), bea, { listingId: listing, offeredListingIds: [], cashCents: 3500, cashFrom: "proposer", message: "Would you take $35?" });
  if (!offer.ok) throw new Error(offer.error);
  const hourAgo = new Date(Date.now() - 3600_000);
  const chatId = randomUUID();
  await db().insert(clubMessages).values([
    { clubId: c.id, userId: ben.id, messageType: "chat", content: "Anyone got spare shin guards for Saturday?", createdAt: hourAgo },
    { id: chatId, clubId: c.id, userId: sally.id, messageType: "chat", content: "Practice moved to 6pm, bring water.", createdAt: hourAgo },
  ]);
  await db().insert(clubDirectMessages).values([
    { clubId: c.id, senderId: sally.id, receiverId: bea.id, content: "Hi Bea, the gloves are yours if you want them.", createdAt: hourAgo },
    { clubId: c.id, senderId: bea.id, receiverId: sally.id, content: "Great, thanks!", createdAt: hourAgo },
  ]);
  const [req] = await db().insert(clubRequests).values({ clubId: c.id, userId: sally.id, title: "Looking for youth size 4 cleats", description: "For my son, any brand." }).returning();
  await db().insert(userBlocks).values({ blockerId: bea.id, blockedId: ben.id });
  // Reports: listing ×3, user, club chat message (club moderators), item request.
  const reporters = await Promise.all([1, 2, 3].map(() => createTestUser(db())));
  const listingReasons = ["scam", "scam", "other"] as const;
  for (const [i, r] of reporters.entries())
    await db().insert(reports).values({ reporterId: r.id, targetType: "listing", targetId: listing, targetUserId: sally.id, reason: listingReasons[i], details: listingReasons[i] === "other" ? "Photos look copied from a shop website and the price is far too low" : null, excerpt: "Adidas Predator goalie gloves" });
  await db().insert(reports).values({ reporterId: rae.id, targetType: "user", targetId: zed.id, targetUserId: zed.id, reason: "harassment", details: "Keeps sending rude messages after I said no." });
  await db().insert(reports).values({ reporterId: rae.id, targetType: "club_message", targetId: chatId, targetUserId: sally.id, clubId: c.id, reason: "inappropriate", excerpt: "Practice moved to 6pm, bring water." });
  await db().insert(reports).values({ reporterId: rae.id, targetType: "item_request", targetId: req.id, targetUserId: sally.id, clubId: c.id, reason: "other", details: "Posted twice", excerpt: req.title });
  await db().insert(suspensions).values({ userId: zed.id, reason: "harassment", endsAt: new Date(Date.now() + 7 * 86_400_000), createdBy: admin.id });
  await db().insert(warnings).values({ userId: wes.id, reason: "inappropriate", createdBy: admin.id });
  await db().insert(adminAuditLog).values([
    { actorId: admin.id, actorEmail: admin.email, action: "warn_user", targetType: "user", targetId: wes.id, targetLabel: wes.email, reason: "inappropriate" },
    { actorId: admin.id, actorEmail: admin.email, action: "suspend_user", targetType: "user", targetId: zed.id, targetLabel: zed.email, reason: "harassment", detail: "7 days" },
  ] as never);
  return { t, c, owner, sally, bea, ben, rae, zed, wes, admin, listing, dealId: offer.deal.id, reqId: req.id };
}

async function as(browser: Browser, user: TestUser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAs(context, user.id);
  return context.newPage();
}

async function shoot(page: Page, name: string, url: string, opts: { js?: boolean; before?: (p: Page) => Promise<void> } = {}) {
  const js = opts.js ?? true;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(url);
    await page.waitForLoadState("networkidle").catch(() => {});
    if (opts.before) await opts.before(page);
    const file = `${OUT}/${name}-${width}${js ? "" : "-nojs"}.png`;
    await page.screenshot({ path: file, fullPage: true });
    const info: Record<string, unknown> = { name, width, js, url: page.url() };
    if (js) {
      info.scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      info.small = await page.evaluate(() =>
        [...document.querySelectorAll("a,button,input,select,textarea,summary,[role=button]")]
          .map((e) => ({ e, r: e.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 24 || r.height < 24))
          .map(({ e, r }) => `${e.tagName} "${(e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`),
      );
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      info.axe = violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.slice(0, 200)}`));
    }
    appendFileSync(`${OUT}/results.jsonl`, JSON.stringify(info) + "\n");
  }
}

test.beforeAll(async () => {
  writeFileSync(`${OUT}/results.jsonl`, "");
  w = await world();
});

test("report + block, JS on and off", async ({ browser }) => {
  for (const js of [true, false]) {
    const p = await as(browser, w.bea, js);
    await shoot(p, "report", `/report?type=listing&id=${w.listing}`, { js });
    await shoot(p, "report-error", `/report?type=listing&id=${w.listing}`, {
      js,
      before: async (pg) => {
        await pg.getByRole("radio", { name: "Other" }).check();
        await pg.getByRole("button", { name: "Send report" }).click();
        await expect(pg.getByText("Please tell us what is wrong")).toBeVisible();
      },
    });
    await shoot(p, "report-message", `/report?type=club_message&id=${(await db().select().from(clubMessages)).find((m) => m.clubId === w.c.id && m.userId === w.sally.id)!.id}`, { js });
    await shoot(p, "block", `/block/${w.sally.id}?back=${encodeURIComponent(`/listing/${w.listing}`)}&redirectTo=/`, { js });
    await shoot(p, "block-already", `/block/${w.ben.id}`, { js });
    await p.context().close();
  }
});

test("admin queue + audit", async ({ browser }) => {
  const p = await as(browser, w.admin);
  await shoot(p, "admin-reports", "/admin/reports");
  await shoot(p, "admin-reports-dialog", "/admin/reports", {
    before: async (pg) => {
      const card = pg.getByTestId("report-group").filter({ hasText: "goalie gloves" });
      await card.getByRole("button", { name: "Remove" }).first().click();
      await expect(pg.getByRole("dialog")).toBeVisible();
    },
  });
  await shoot(p, "admin-audit", "/admin?tab=audit");
  await p.context().close();
});

test("club manage reports", async ({ browser }) => {
  const p = await as(browser, w.owner);
  await shoot(p, "club-manage", `/club/${w.c.slug}/manage`, {
    before: async (pg) => {
      await pg.getByRole("region", { name: "Reports" }).scrollIntoViewIfNeeded();
    },
  });
  await p.context().close();
});

test("bea's pages: profile, chat collapsed, dm, radar, listing, deal", async ({ browser }) => {
  const p = await as(browser, w.bea);
  await shoot(p, "player-profile", "/player-profile");
  await shoot(p, "club-chat-collapsed", `/club/${w.c.slug}?tab=messages&sub=chat`);
  await shoot(p, "club-chat-shown", `/club/${w.c.slug}?tab=messages&sub=chat`, {
    before: async (pg) => {
      await pg.getByRole("log", { name: "Group Chat" }).getByText("Show", { exact: true }).first().click();
    },
  });
  await shoot(p, "club-dm", `/club/${w.c.slug}?tab=messages&sub=dm&with=${w.sally.id}`);
  await shoot(p, "club-radar", `/club/${w.c.slug}?tab=radar`);
  await shoot(p, "listing-buyer", `/listing/${w.listing}`);
  await shoot(p, "deal", `/deals/${w.dealId}`);
  await p.context().close();
  const s = await as(browser, w.sally);
  await shoot(s, "listing-seller-thread", `/listing/${w.listing}`);
  await s.context().close();
});

test("banners", async ({ browser }) => {
  const z = await as(browser, w.zed);
  await shoot(z, "suspension-banner", "/");
  await z.context().close();
  const x = await as(browser, w.wes);
  await shoot(x, "warning-banner", "/messages");
  await x.context().close();
});
