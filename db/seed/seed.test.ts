import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "~/features/accounts/password.server";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import * as schema from "#db/schema";
import { wipeDatabase } from "./batch-insert";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { SPORT_EQUIPMENT, TENNIS_SUBCATEGORIES } from "~/shared/catalog";
import { imageFor, isPlaceName } from "./community";
import { DRAWINGS, hasOwnIllustration, illustrationFor } from "./illustrations";
import { seedDemoCommunity, type PhotoBucket } from "./seed-demo-community";
import { CHAT_PAGE_SIZE } from "~/features/messaging/club-chat.server";
import { runMatcher } from "~/features/matching/matcher.server";
import { swapDayPhase } from "~/features/swap-days/phase";

const PEPPER = "test-pepper-for-the-seed";
const NOW = new Date("2025-06-01T12:00:00Z");
const SCALE = 0.1;

let testDb: TestDb;
let db: TestDb["db"];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await seedDemoCommunity(db, { scale: SCALE, photos: false, pepper: PEPPER, now: NOW });
}, 60_000);
afterAll(() => testDb.cleanup());

const distinct = async (column: string, table: string) =>
  (await testDb.client.execute(`select distinct ${column} as v from ${table} where ${column} is not null order by 1`)).rows.map((r) => r.v);

const demoUser = async (key: (typeof DEMO_ACCOUNTS)[number]["key"]) => {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, account.email));
  return { account, user: user! };
};

describe("the demo community", () => {
  test("covers every sport, tennis sub-category, condition, size, gender and status", async () => {
    expect(await distinct("sport", "listings")).toEqual([...schema.SPORT_KEYS].sort());
    expect(await distinct("sport_subcategory", "listings")).toEqual([...schema.TENNIS_SUBCATEGORIES].sort());
    expect(await distinct("condition", "listings")).toEqual([...schema.LISTING_CONDITIONS].sort());
    expect(await distinct("size", "listings")).toEqual([...schema.LISTING_SIZES].sort());
    expect(await distinct("gender", "listings")).toEqual([...schema.LISTING_GENDERS].sort());
    expect(await distinct("status", "listings")).toEqual([...schema.LISTING_STATUSES].sort());
  });

  test("has at least 25 clubs of every type, visibility and join mode; code clubs have invite codes", async () => {
    const clubs = await db.select().from(schema.clubs);
    expect(clubs.length).toBeGreaterThanOrEqual(25);
    expect(new Set(clubs.map((c) => c.type))).toEqual(new Set(schema.CLUB_TYPES));
    expect(new Set(clubs.map((c) => c.visibility))).toEqual(new Set(schema.CLUB_VISIBILITIES));
    expect(new Set(clubs.map((c) => c.joinMode))).toEqual(new Set(schema.CLUB_JOIN_MODES));
    expect(clubs.filter((c) => c.joinMode === "code").every((c) => (c.inviteCode ?? "").length >= 4)).toBe(true);
  });

  test("every club has exactly one owner, and there are admins, members and pending requests", async () => {
    const owners = await testDb.client.execute(
      "select c.id, count(m.id) as owners from clubs c left join club_members m on m.club_id = c.id and m.role = 'owner' and m.status = 'active' group by c.id",
    );
    expect(owners.rows.every((r) => Number(r.owners) === 1)).toBe(true);
    expect(await distinct("role", "club_members")).toEqual(["admin", "member", "owner"]);
    expect(await distinct("status", "club_members")).toEqual(["active", "pending"]);
  });

  test("the club pages have something to show: every visibility and join mode has a club with members and active listings", async () => {
    const rows = await testDb.client.execute(`
      select c.visibility, c.join_mode,
        (select count(*) from club_members m where m.club_id = c.id and m.status = 'active') as members,
        (select count(*) from listing_clubs lc join listings l on l.id = lc.listing_id where lc.club_id = c.id and l.status = 'active') as listings
      from clubs c`);
    const lively = rows.rows.filter((r) => Number(r.members) >= 3 && Number(r.listings) >= 1);
    expect(new Set(lively.map((r) => r.visibility))).toEqual(new Set(schema.CLUB_VISIBILITIES));
    expect(new Set(lively.map((r) => r.join_mode))).toEqual(new Set(schema.CLUB_JOIN_MODES));
    // A public club with more than the 3 listings a signed-out visitor is shown.
    expect(rows.rows.some((r) => r.visibility === "public" && Number(r.listings) > 3)).toBe(true);
  });

  test("the club settings vary: some club refuses joins, some shows prices in its preview", async () => {
    const clubs = await db.select().from(schema.clubs);
    expect(clubs.some((c) => !c.allowJoinRequests)).toBe(true);
    expect(clubs.some((c) => c.showPricesInPreview)).toBe(true);
    expect(clubs.some((c) => !c.showListingCount)).toBe(true);
  });

  test("a listing is for its clubs exactly when it is posted to clubs (ADR 026)", async () => {
    const mismatched = await testDb.client.execute(`
      select id from listings l
      where l.audience <> case when exists (select 1 from listing_clubs lc where lc.listing_id = l.id) then 'clubs' else 'public' end`);
    expect(mismatched.rows).toEqual([]);
    expect(await distinct("audience", "listings")).toEqual(["clubs", "public"]);
  });

  test("prices are whole cents within plausible bounds and dates fall in the last 90 days", async () => {
    const listings = await db.select().from(schema.listings);
    expect(listings.every((l) => Number.isInteger(l.priceCents) && l.priceCents >= 0 && l.priceCents < 500_000)).toBe(true);
    const oldest = NOW.getTime() - 90 * 24 * 60 * 60 * 1000;
    expect(listings.every((l) => l.createdAt.getTime() >= oldest && l.createdAt.getTime() <= NOW.getTime())).toBe(true);
    expect(listings.every((l) => /^[0-9]{5}$/.test(l.zipCode) && l.city && l.state)).toBe(true);
  });

  test("places are towns, never a company the ZIP data names (no 'At&t, OR')", async () => {
    expect(
      ["At&t", "Us Bank", "State Board Of Insurance", "Bell Atlantic Telephone Co", "Gen Electric", "Nw Natural"].filter(isPlaceName),
    ).toEqual([]);
    expect(["Boston", "Newton Center", "Lake Oswego", "Mc Neil", "Round Rock", "Commerce City"].every(isPlaceName)).toBe(true);
    for (const table of ["listings", "profiles", "clubs"]) {
      const cities = (await distinct("city", table)).map(String);
      expect(
        cities.filter((city) => !isPlaceName(city)),
        table,
      ).toEqual([]);
    }
  });

  test("titles do not repeat the condition the card already shows as a badge", async () => {
    const listings = await db.select({ title: schema.listings.title }).from(schema.listings);
    expect(listings.filter((l) => / — (New|Like New|Gently Used|Well Worn)$/.test(l.title))).toEqual([]);
  });

  test("is consistent: no dangling keys, listings only in clubs their seller is active in, one primary club each", async () => {
    expect((await testDb.client.execute("pragma foreign_key_check")).rows).toEqual([]);
    const outsiders = await testDb.client.execute(`
      select lc.listing_id from listing_clubs lc join listings l on l.id = lc.listing_id
      where not exists (select 1 from club_members m where m.club_id = lc.club_id and m.user_id = l.user_id and m.status = 'active')`);
    expect(outsiders.rows).toEqual([]);
    const primaries = await testDb.client.execute(
      "select listing_id, sum(is_primary) as primaries from listing_clubs group by listing_id having primaries <> 1",
    );
    expect(primaries.rows).toEqual([]);
    expect(Number((await testDb.client.execute("select count(*) as n from listing_clubs")).rows[0]!.n)).toBeGreaterThan(0);
  });

  test("has the social activity: favorites, chat and announcements, DMs with unread ones, questions, requests, reviews", async () => {
    expect(await distinct("message_type", "club_messages")).toEqual(["announcement", "chat"]);
    expect(await distinct("status", "club_requests")).toEqual(["fulfilled", "open"]);
    const unreadDms = await testDb.client.execute("select count(*) as n from club_direct_messages where read_at is null");
    expect(Number(unreadDms.rows[0]!.n)).toBeGreaterThan(0);
    for (const table of ["favorites", "listing_messages", "reviews"]) {
      expect(Number((await testDb.client.execute(`select count(*) as n from ${table}`)).rows[0]!.n), table).toBeGreaterThan(0);
    }
    const ratings = await distinct("rating", "reviews");
    expect(ratings.every((r) => Number(r) >= 1 && Number(r) <= 5)).toBe(true);
  });
});

describe("the demo accounts", () => {
  test("exist with verified e-mails and passwords hashed with the given pepper", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { user } = await demoUser(account.key);
      expect(user.emailVerifiedAt).not.toBeNull();
      const check = await verifyPassword(account.password, PEPPER, {
        hash: user.passwordHash!,
        algo: user.passwordAlgo,
        params: user.passwordParams,
      });
      expect(check.ok).toBe(true);
    }
  });

  test("the hockey club has a Swap Day in each phase, results with a ring of six and cash, the member in it", async () => {
    const { user: member } = await demoUser("member");
    const { user: owner } = await demoUser("owner");
    const days = await db.select().from(schema.swapDays);
    expect(new Set(days.map((d) => swapDayPhase(d, NOW)))).toEqual(new Set(["upcoming", "wants", "frozen", "results", "handover"]));
    expect(new Set(days.map((d) => d.createdBy))).toEqual(new Set([owner.id]));
    const rings = await testDb.client.execute(`select r.id, count(*) as steps, sum(abs(st.cash_cents)) as cash,
        sum(si.owner_id = '${member.id}') as mine
      from swap_day_rings r join swap_day_ring_steps st on st.ring_id = r.id join swap_day_items si on si.id = st.item_id
      group by r.id order by steps desc`);
    expect(Number(rings.rows[0]!.steps)).toBeGreaterThanOrEqual(5);
    expect(Number(rings.rows[0]!.cash)).toBeGreaterThan(0);
    expect(Number(rings.rows[0]!.mine)).toBe(1);
    expect(await db.select().from(schema.swapDayCheckins)).toHaveLength(2);
  });

  test("the admin has the site admin role and no one else does", async () => {
    const { user } = await demoUser("admin");
    const roles = await db.select().from(schema.userRoles);
    expect(roles.map((r) => [r.userId, r.role])).toEqual([[user.id, "admin"]]);
  });

  test("the owner owns two clubs, one of them with pending join requests", async () => {
    const { user } = await demoUser("owner");
    const owned = await db
      .select()
      .from(schema.clubMembers)
      .where(and(eq(schema.clubMembers.userId, user.id), eq(schema.clubMembers.role, "owner")));
    expect(owned).toHaveLength(2);
    const pending = await testDb.client.execute({
      sql: "select count(*) as n from club_members where status = 'pending' and club_id in (select club_id from club_members where user_id = ? and role = 'owner')",
      args: [user.id],
    });
    expect(Number(pending.rows[0]!.n)).toBeGreaterThan(0);
  });

  test("the member's saved search and open item request are each matched by a neighbour's new listing once the matcher runs (ADR 071)", async () => {
    const { user } = await demoUser("member");
    const searches = await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, user.id));
    expect(searches.map((s) => s.name)).toEqual([expect.stringMatching(/^Goalie pads · Hockey · within 25 mi of \d{5}$/)]);
    expect(await db.select().from(schema.listingMatchQueue)).toHaveLength(2);

    await runMatcher({ db, publish: { user: () => {} } });
    const matched = await testDb.client.execute({
      sql: `select 'search' as kind, l.title from search_matches m join listings l on l.id = m.listing_id where m.user_id = ?
            union all select 'request', l.title from request_matches m join listings l on l.id = m.listing_id
            join club_requests r on r.id = m.request_id where m.user_id = ? and r.title = 'Size 4 soccer ball for practice'`,
      args: [user.id, user.id],
    });
    expect(matched.rows.map((row) => [row.kind, row.title])).toEqual([
      ["search", "Vaughn goalie pads, 30+1"],
      ["request", "Size 4 soccer ball, Adidas"],
    ]);
  });

  test("the member is active in two clubs and has not yet seen one approval", async () => {
    const { user } = await demoUser("member");
    const memberships = await db.select().from(schema.clubMembers).where(eq(schema.clubMembers.userId, user.id));
    expect(memberships.filter((m) => m.status === "active")).toHaveLength(2);
    expect(memberships.filter((m) => m.status === "active" && !m.approvalNotified)).toHaveLength(1);
  });

  test("the member's clubs have a busy chat (more than a page), posts of their own and unread DMs in both", async () => {
    const { user } = await demoUser("member");
    const chats = await testDb.client.execute({
      sql: `select club_id, count(*) as n, sum(user_id = ?) as mine from club_messages where message_type = 'chat'
            and club_id in (select club_id from club_members where user_id = ? and status = 'active') group by club_id`,
      args: [user.id, user.id],
    });
    expect(chats.rows).toHaveLength(2);
    for (const row of chats.rows) {
      expect(Number(row.n)).toBeGreaterThan(CHAT_PAGE_SIZE);
      expect(Number(row.mine)).toBeGreaterThan(0);
    }
    const unread = await testDb.client.execute({
      sql: "select count(distinct club_id) as clubs from club_direct_messages where receiver_id = ? and read_at is null",
      args: [user.id],
    });
    expect(Number(unread.rows[0]!.clubs)).toBe(2);
  });

  test("the plain user has no clubs and some favorites", async () => {
    const { user } = await demoUser("user");
    expect(await db.select().from(schema.clubMembers).where(eq(schema.clubMembers.userId, user.id))).toEqual([]);
    const favorites = await db.select().from(schema.favorites).where(eq(schema.favorites.userId, user.id));
    expect(favorites.length).toBeGreaterThanOrEqual(5);
  });
});

describe("deals and ratings (ADR 068)", () => {
  const rows = async (query: string, ...args: string[]) => (await testDb.client.execute({ sql: query, args })).rows;

  test("every review comes from a completed deal, by one party about the other, published, once per party", async () => {
    const reviews = await rows(
      `select r.reviewer_role, r.reviewer_id, r.reviewee_id, r.published_at, r.reply, d.state, d.proposer_id, d.owner_id
         from reviews r join deals d on d.id = r.deal_id`,
    );
    expect(reviews.length).toBe(Number((await rows("select count(*) as n from reviews"))[0]!.n));
    expect(reviews.length).toBeGreaterThan(20);
    for (const r of reviews) {
      expect(r.state).toBe("completed");
      const [writer, about] = r.reviewer_role === "proposer" ? [r.proposer_id, r.owner_id] : [r.owner_id, r.proposer_id];
      expect([r.reviewer_id, r.reviewee_id]).toEqual([writer, about]);
      expect(r.published_at).not.toBeNull();
    }
    expect(reviews.some((r) => r.reply !== null)).toBe(true);
  });

  test("completed sales and swaps: their listings are sold, the terms are kept, and sellers have ratings", async () => {
    const kinds = await rows("select kind, count(*) as n from deals where state = 'completed' group by kind order by kind");
    expect(kinds.map((k) => k.kind)).toEqual(["sale", "swap"]);
    expect(
      await rows(`select dl.listing_id from deal_listings dl join deals d on d.id = dl.deal_id join listings l on l.id = dl.listing_id
                   where d.state = 'completed' and l.status <> 'sold'`),
    ).toEqual([]);
    expect(
      await rows(
        "select d.id from deals d where not exists (select 1 from deal_revisions r where r.deal_id = d.id and r.number = d.revision)",
      ),
    ).toEqual([]);
    // No deal before its listing was listed.
    expect(await rows("select d.id from deals d join listings l on l.id = d.listing_id where d.created_at < l.created_at")).toEqual([]);
    const rated = await rows("select count(distinct reviewee_id) as n from reviews");
    expect(Number(rated[0]!.n)).toBeGreaterThan(10);
  });

  test("the demo accounts have a deal in every state", async () => {
    const ids = Object.fromEntries(await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.key, (await demoUser(a.key)).user.id] as const)));
    const deals = await rows(
      `select d.*, (select count(*) from reviews r where r.deal_id = d.id) as reviews,
              (select count(*) from reviews r where r.deal_id = d.id and r.reply is not null) as replies,
              (select count(*) from listing_locks ll join listings l on l.id = ll.listing_id where ll.deal_id = d.id and l.status = 'pending_pickup') as locks
         from deals d where d.proposer_id in (?, ?, ?) or d.owner_id in (?, ?, ?)`,
      ids.owner!,
      ids.member!,
      ids.user!,
      ids.owner!,
      ids.member!,
      ids.user!,
    );
    const find = (fits: (d: (typeof deals)[number]) => boolean) => deals.filter(fits);
    // An offer waiting for the owner to answer, and a countered one whose turn is back with the proposer.
    expect(
      find((d) => d.state === "proposed" && d.turn === "owner" && d.owner_id === ids.owner && d.proposer_id === ids.user),
    ).toHaveLength(1);
    expect(find((d) => d.state === "proposed" && d.turn === "proposer" && d.revision === 2 && d.proposer_id === ids.member)).toHaveLength(
      1,
    );
    // Accepted, a meeting place proposed and confirmed: its listing locked to it and pending pickup.
    const agreed = find((d) => d.state === "meetup_agreed");
    expect(agreed).toHaveLength(1);
    expect(agreed[0]).toMatchObject({ locks: 1, meetup_proposed_by: "owner" });
    expect(agreed[0]!.meetup_place).toBeTruthy();
    expect(agreed[0]!.meetup_confirmed_at).not.toBeNull();
    expect(Number(agreed[0]!.meetup_at)).toBeGreaterThan(NOW.getTime());
    // A completed sale and a completed swap with both reviews, one of them replied to.
    const sale = find((d) => d.state === "completed" && d.kind === "sale" && d.owner_id === ids.owner);
    const swap = find((d) => d.state === "completed" && d.kind === "swap" && d.proposer_id === ids.member);
    expect(sale).toMatchObject([{ reviews: 2, replies: 1 }]);
    expect(swap).toMatchObject([{ reviews: 2 }]);
    expect(find((d) => d.state === "expired" && d.proposer_id === ids.owner)).toMatchObject([{ closed_by: "system" }]);
    expect(find((d) => d.state === "declined" && d.owner_id === ids.member)).toMatchObject([{ closed_by: "owner" }]);
    // Only the accepted deal locks a listing.
    expect(Number((await rows("select count(*) as n from listing_locks"))[0]!.n)).toBe(1);
  });
});

describe("the demo photos", () => {
  test("every equipment type of the catalog has a drawing of its own (only Other and Equipment fall back to the sport's)", () => {
    const lists = [
      ...Object.entries(SPORT_EQUIPMENT).map(([sport, l]) => [sport, null, l.types] as const),
      ...TENNIS_SUBCATEGORIES.map((l) => ["tennis", l.key, l.types] as const),
    ];
    for (const [sport, sub, types] of lists) {
      for (const type of types) {
        expect(illustrationFor(sport as schema.SportKey, sub, type) in DRAWINGS, `${sport} ${type}`).toBe(true);
        if (type !== "Other" && type !== "Equipment") expect(hasOwnIllustration(type), `${sport} ${type}`).toBe(true);
      }
    }
  });

  test("say what the item is: a bat for bats, skates for skates, a helmet for helmets, a racquet for racquets", () => {
    expect(illustrationFor("baseball", null, "Bats")).toBe("bat");
    expect(illustrationFor("hockey", null, "Sticks")).toBe("stick-ice");
    expect(illustrationFor("field-hockey", null, "Sticks")).toBe("stick-field");
    expect(illustrationFor("hockey", null, "Skates")).toBe("skate-ice");
    expect(illustrationFor("figure-skating", null, "Skates")).toBe("skate-figure");
    expect(illustrationFor("football", null, "Helmets")).toBe("helmet-football");
    expect(illustrationFor("cycling", null, "Helmets")).toBe("helmet-bike");
    expect(illustrationFor("tennis", "tennis", "Racquets")).toBe("racquet-tennis");
    expect(illustrationFor("tennis", "pickleball", "Balls")).toBe("ball-pickleball");
    expect(illustrationFor("soccer", null, "Other")).toBe("ball-soccer");
  });
});

describe("seeding", () => {
  test("is deterministic: a wipe and a second run give the same listings, ids and order", async () => {
    const read = () =>
      db
        .select({ id: schema.listings.id, title: schema.listings.title })
        .from(schema.listings)
        .orderBy(asc(sql`rowid`));
    const first = await read();
    await wipeDatabase(db);
    expect(await read()).toEqual([]);
    await seedDemoCommunity(db, { scale: SCALE, photos: false, pepper: PEPPER, now: NOW });
    expect(await read()).toEqual(first);
    expect(first.length).toBeGreaterThanOrEqual(200);
  }, 60_000);

  test("with a bucket, stores one real PNG per photo row under {user id}/{timestamp}-{index}.png", async () => {
    const stored = new Map<string, { body: Uint8Array; contentType?: string }>();
    const bucket: PhotoBucket = {
      async put(key, value, options) {
        stored.set(key, { body: value, contentType: options?.httpMetadata?.contentType });
      },
    };
    const messageIds = () =>
      db
        .select({ id: schema.listingMessages.id })
        .from(schema.listingMessages)
        .orderBy(asc(sql`rowid`));
    const withoutPhotos = await messageIds();
    await wipeDatabase(db);
    const { community } = await seedDemoCommunity(db, { scale: SCALE, photos: bucket, photoListings: 15, pepper: PEPPER, now: NOW });
    // Photos draw from their own generator: the rest of the community is unchanged.
    expect(await messageIds()).toEqual(withoutPhotos);
    const photos = await db.select().from(schema.listingPhotos);
    const listings = new Map((await db.select().from(schema.listings)).map((l) => [l.id, l]));
    expect(new Set(photos.map((p) => p.listingId)).size).toBe(15);
    // Each photo is a drawing of the listing's own item: the whole item, then a close-up, then its other side.
    for (const plan of community.listingPhotos) {
      const listing = listings.get(plan.listingId)!;
      const drawing = illustrationFor(listing.sport, listing.sportSubcategory, listing.equipmentType ?? "Other");
      expect(plan.imageKey).toMatch(new RegExp(`^${drawing}-\\d-${["whole", "close-up", "other-side"][plan.position]}$`));
    }
    const shotsOf = (listingId: string) =>
      community.listingPhotos.filter((p) => p.listingId === listingId).map((p) => imageFor(community, p));
    const several = community.listingPhotos.find((p) => p.position === 2)!;
    const [whole, closeUp, otherSide] = shotsOf(several.listingId);
    expect(Buffer.compare(whole!, closeUp!)).not.toBe(0);
    // The other side is the drawing mirrored: identical only for a symmetric item (a ball), so
    // only its size is compared here.
    expect(otherSide!.length).toBeGreaterThan(0);
    // Each photo and its card thumbnail (ADR 036), drawn at their own sizes.
    expect(stored.size).toBe(2 * photos.length);
    for (const photo of photos) {
      const thumb = stored.get(photo.thumbKey!)!;
      expect(photo.thumbKey).toBe(photo.r2Key.replace(/\.png$/, "-thumb.png"));
      expect(photo.thumbByteSize).toBe(thumb.body.length);
      const thumbView = new DataView(thumb.body.buffer, thumb.body.byteOffset);
      expect([thumbView.getUint32(16), thumbView.getUint32(20)]).toEqual([photo.thumbWidth, photo.thumbHeight]);
      expect([photo.width, photo.height, photo.thumbWidth, photo.thumbHeight]).toEqual([960, 720, 480, 360]);
    }
    for (const photo of photos) {
      const object = stored.get(photo.r2Key)!;
      expect(photo.r2Key).toMatch(new RegExp(`^${listings.get(photo.listingId)!.userId}/\\d+-${photo.position}\\.png$`));
      expect(object.contentType).toBe("image/png");
      expect(photo.byteSize).toBe(object.body.length);
      expect([...object.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const view = new DataView(object.body.buffer, object.body.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([photo.width, photo.height]);
    }
  }, 60_000);
});
