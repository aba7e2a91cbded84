// ADR 046, hostile input: generated inputs (fast-check) sent as plain HTTP to every form and
// query parameter, as the roles that can reach each one. For every input: no response ≥ 500; a
// refusal (4xx) carries a message; and a refused input changed no rows (the tables the form writes
// are read before and after). A fixed seed in CI, a random one locally; fast-check prints the seed
// and the counterexample on failure (re-run with HOSTILE_SEED=<seed>).
import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import {
  adminAuditLog,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  clubDirectMessages,
  clubMembers,
  clubMessages,
  clubRequests,
  clubs,
  DEAL_STATES,
  dealListings,
  dealRevisions,
  deals,
  favorites,
  listingLocks,
  listingMessages,
  listings,
  notificationSettings,
  profiles,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  reports,
  reviews,
  savedSearches,
  sessions,
  suspensions,
  userBlocks,
  users,
  warnings,
  type ReportTargetType,
} from "../../db/schema";
import { auditStatement } from "../../app/features/safety/audit.server";
import { saveSearch } from "../../app/features/matching/saved-searches.server";
import { SUSPENSION_LENGTHS } from "../../app/shared/copy/safety";
import { PROPOSE_REFUSALS } from "../../app/features/trade/listing-deals.server";
import { writeReview } from "../../app/features/trade/reviews.server";
import { DEAL_REFUSALS, whatHappened } from "../../app/shared/copy/deals";
import { saleDeal, type DealFixture, type FixtureStop } from "../deal-fixtures";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../factories";
import { e2eDb, hashSessionToken, sessionStateCookie } from "../e2e/fixtures";
import { E2E_BASE_URL } from "../setup/e2e-env";
import { recordCounts, recordFigures } from "./figures";

// Set once per run by playwright.config.ts (so every worker has the same one); HOSTILE_SEED=<n> replays a run.
const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
// Each lane sends its inputs one after another, and a loaded machine answers slower: a lane's
// hundred-odd requests get more than the default 30 s.
test.describe.configure({ timeout: 120_000 });
const db = () => e2eDb();

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const CONTROL = [..."\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f"];
const FIXED_NASTY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\u200f\u202b right-to-left \u202c",
  "\ud800",
  "x\udfffy",
  "' OR 1=1 --",
  "'--",
  '"',
  '"unterminated',
  "*",
  "ball*",
  "NEAR(a b)",
  "NEAR(",
  "a OR b",
  "OR",
  "AND NOT",
  "title:ball",
  "^start",
  "(((",
  "'); DROP TABLE listings; --",
  "%00",
  "%",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "😀🏒",
  "\r\n\t",
];

/** A hostile string: fixed tricks, arbitrary unicode, control characters, lone surrogates, very long. */
const nasty: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIXED_NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom(...CONTROL, "a", " "),
      minLength: 1,
      maxLength: 12,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 4,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => "x".repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...FIXED_NASTY), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
  },
);

/** A number-shaped hostile string. */
const nastyNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e309",
    "1e-7",
    "1e5",
    "-5",
    "0",
    "-0",
    "9".repeat(30),
    "1,000",
    "$5",
    "0x1F",
    " 12 ",
    "12.345",
    "",
    "1e2",
    "٣",
  ),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt().map(String),
  nasty,
);

const uuidLike = fc.oneof(
  fc.uuid().map(String),
  fc.constantFrom("", "0", "-1", "null", "undefined", "' OR 1=1 --", "%", "a".repeat(500)),
  nasty,
);

/**
 * A field value that may be missing (undefined), repeated (array) or one hostile value. The field
 * is only replaced some of the time, so the other fields stay valid and the hostile one is reached.
 */
type Value = string | string[] | undefined;
function field(valid: string, arb: fc.Arbitrary<string> = nasty): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    { weight: 5, arbitrary: arb },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(arb, { minLength: 2, maxLength: 3 }) },
  );
}
type Fields = Record<string, Value>;
function fields(shape: Record<string, fc.Arbitrary<Value>>): fc.Arbitrary<Fields> {
  return fc.record(shape);
}

// ---------------------------------------------------------------------------------------------
// Encoding: our own urlencoded writer, so a lone surrogate goes out as the ill-formed bytes it is
// (URLSearchParams would quietly turn it into U+FFFD).
// ---------------------------------------------------------------------------------------------

function encode(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(value[i]);
  }
  return out;
}
function urlencoded(form: Fields): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(v)}`);
  }
  return parts.join("&");
}
function multipart(form: Fields): { body: Buffer; type: string } {
  const boundary = `----hostile${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n`),
        Buffer.from(v, "utf8"),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending, counting and the per-input outcome
// ---------------------------------------------------------------------------------------------

const tally = {
  sent: 0,
  "2xx": 0,
  "3xx": 0,
  "4xx": 0,
  "5xx": 0,
  refused: 0,
  changedOnRefusal: 0,
};
const contexts: APIRequestContext[] = [];

async function http(user: TestUser | null): Promise<APIRequestContext> {
  const cookies = [];
  if (user) {
    const token = randomBytes(32).toString("base64url");
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashSessionToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      });
    cookies.push(sessionStateCookie(token));
  }
  const context = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies, origins: [] },
    extraHTTPHeaders: { Origin: E2E_BASE_URL },
  });
  contexts.push(context);
  return context;
}

type Check = {
  /** The rows this input could change, read before and after. */
  rows?: () => Promise<unknown>;
  /** For a refused form post: a message the page or data must carry (any of these). */
  message?: RegExp;
  /** A text value that must come back in a refused form (printable values only). */
  kept?: Value;
};

const PRINTABLE = /^[A-Za-z0-9 ,.-]{1,60}$/;

async function sendChecked(what: string, send: () => Promise<APIResponse>, check: Check = {}) {
  const before = check.rows ? JSON.stringify(await check.rows()) : null;
  const response = await send();
  const status = response.status();
  tally.sent += 1;
  tally[`${Math.floor(status / 100)}xx` as "2xx"] += 1;
  const body = await response.text();
  expect(status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    tally.refused += 1;
    if (before !== null) {
      const after = JSON.stringify(await check.rows!());
      if (after !== before) tally.changedOnRefusal += 1;
      expect(after, `${what}: rows changed on a refused input`).toBe(before);
    }
    expect(body.trim().length, `${what}: a refusal says why`).toBeGreaterThan(0);
    if (check.message && status !== 429 && status !== 404 && status !== 403)
      expect(body, `${what}: the refusal names the problem`).toMatch(check.message);
    if (typeof check.kept === "string" && PRINTABLE.test(check.kept.trim()) && status === 400)
      expect(body, `${what}: the entered value is kept`).toContain(check.kept.trim());
  }
  return response;
}

const post =
  (http: APIRequestContext, path: string, form: Fields, as: "urlencoded" | "multipart" = "urlencoded") =>
  () => {
    if (as === "multipart") {
      const { body, type } = multipart(form);
      return http.post(path, {
        headers: { "content-type": type },
        data: body,
        maxRedirects: 0,
      });
    }
    return http.post(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: urlencoded(form),
      maxRedirects: 0,
    });
  };
const get =
  (http: APIRequestContext, path: string, query: Fields = {}) =>
  () => {
    const q = urlencoded(query);
    return http.get(q ? `${path}?${q}` : path, { maxRedirects: 0 });
  };

/**
 * Runs a property on LANES lanes at once (each lane its own people, clubs and listings, so the
 * rows read around one input are changed by nothing else), `numRuns` inputs in all. Lane i uses
 * seed SEED + i; HOSTILE_SEED=<SEED> replays every lane.
 */
async function check<T>(arb: (lane: Lane) => fc.Arbitrary<T>, numRuns: number, run: (input: T, lane: Lane) => Promise<void>) {
  await Promise.all(
    lanes.map((lane, i) =>
      fc.assert(
        fc.asyncProperty(arb(lane), async (input) => {
          await run(input, lane);
        }),
        {
          seed: SEED + i,
          numRuns: Math.ceil(numRuns / lanes.length),
          verbose: 1,
          endOnFailure: true,
        },
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The people and their rows
// ---------------------------------------------------------------------------------------------

const LANES = 4;
const word = () => randomBytes(4).toString("hex");
type Role = "anonymous" | "seller" | "buyer" | "owner" | "member" | "stranger" | "siteAdmin";
type Lane = {
  seller: TestUser;
  buyer: TestUser;
  owner: TestUser;
  member: TestUser;
  stranger: TestUser;
  siteAdmin: TestUser;
  outsider: TestUser;
  club: TestClub;
  otherClub: TestClub;
  listingId: string;
  othersListingId: string;
  memberIdInClub: string;
  memberIdElsewhere: string;
  as: Record<Role, APIRequestContext>;
};
let lanes: Lane[] = [];

async function makeLane(): Promise<Lane> {
  const [seller, buyer, owner, member, stranger, siteAdmin, outsider] = await Promise.all([
    createTestUser(db(), { zipCode: "02139" }),
    createTestUser(db(), { zipCode: "02139" }),
    createTestUser(db()),
    createTestUser(db()),
    createTestUser(db()),
    createTestUser(db(), { admin: true }),
    createTestUser(db()),
  ]);
  const club = await createTestClub(db(), owner, {
    name: `Hostile ${word()}`,
    joinMode: "code",
    inviteCode: `CODE${word()}`.toUpperCase(),
  });
  const otherClub = await createTestClub(db(), outsider, {
    name: `Elsewhere ${word()}`,
  });
  const memberIdInClub = await addTestMember(db(), club, member);
  const memberIdElsewhere = await addTestMember(db(), otherClub, stranger);
  const listingId = await createTestListing(db(), seller, {
    title: `Hostile stick ${word()}`,
  });
  const othersListingId = await createTestListing(db(), outsider, {
    title: `Outsider glove ${word()}`,
  });
  const as = {
    anonymous: await http(null),
    seller: await http(seller),
    buyer: await http(buyer),
    owner: await http(owner),
    member: await http(member),
    stranger: await http(stranger),
    siteAdmin: await http(siteAdmin),
  };
  return {
    seller,
    buyer,
    owner,
    member,
    stranger,
    siteAdmin,
    outsider,
    club,
    otherClub,
    listingId,
    othersListingId,
    memberIdInClub,
    memberIdElsewhere,
    as,
  };
}

test.beforeAll(async () => {
  console.log(`hostile-input seed: ${SEED} (re-run with HOSTILE_SEED=${SEED})`);
  // One lane after another keeps the setup's writes short beside the stack's. (Batches from this
  // process begin IMMEDIATE and wait for the lock: db/client.ts, db/client.test.ts.)
  lanes = [];
  for (let i = 0; i < LANES; i++) lanes.push(await makeLane());
});

test.afterAll(async () => {
  // A context made inside a test may already have been disposed by Playwright at that test's end.
  for (const context of contexts) {
    await context.dispose().catch((error: Error) => {
      if (!/has been closed/.test(error.message)) throw error;
    });
  }
  const lines = [
    `hostile inputs sent: ${tally.sent} (seed ${SEED})`,
    `responses by status class: 2xx ${tally["2xx"]}, 3xx ${tally["3xx"]}, 4xx ${tally["4xx"]}, 5xx ${tally["5xx"]}`,
    `rows changed on refusal: ${tally.changedOnRefusal} of ${tally.refused} refused`,
  ];
  console.log(lines.join("\n"));
  // This worker's share: the workers' counts are summed into one line at the end of npm test.
  recordCounts("hostile-input", {
    "inputs sent": tally.sent,
    "2xx": tally["2xx"],
    "3xx": tally["3xx"],
    "4xx": tally["4xx"],
    "5xx": tally["5xx"],
    refused: tally.refused,
    "rows changed on refusal": tally.changedOnRefusal,
  });
  recordFigures("hostile-input", [`hostile-input seed: ${SEED} (HOSTILE_SEED=${SEED} repeats it)`]);
});

// Row readers, scoped to this file's people so other suites running alongside cannot disturb them.
const listingsOf = (userId: string) => db().select().from(listings).where(eq(listings.userId, userId)).orderBy(asc(listings.id));
const profileOf = (userId: string) => db().select().from(profiles).where(eq(profiles.userId, userId));
const userRow = (userId: string) => db().select().from(users).where(eq(users.id, userId));
const clubState = async (id: string) => ({
  club: await db().select().from(clubs).where(eq(clubs.id, id)),
  members: await db().select().from(clubMembers).where(eq(clubMembers.clubId, id)).orderBy(asc(clubMembers.id)),
  messages: await db().select({ id: clubMessages.id }).from(clubMessages).where(eq(clubMessages.clubId, id)).orderBy(asc(clubMessages.id)),
  directMessages: await db()
    .select({ id: clubDirectMessages.id })
    .from(clubDirectMessages)
    .where(eq(clubDirectMessages.clubId, id))
    .orderBy(asc(clubDirectMessages.id)),
  requests: await db().select().from(clubRequests).where(eq(clubRequests.clubId, id)).orderBy(asc(clubRequests.id)),
});
const clubsOwnedBy = (userId: string) =>
  db()
    .select({ id: clubMembers.clubId })
    .from(clubMembers)
    .where(and(eq(clubMembers.userId, userId), eq(clubMembers.role, "owner")))
    .orderBy(asc(clubMembers.clubId));

const VALIDATION =
  /required|must|valid|Remove control characters|characters|invalid|Invalid|choose|Choose|select|Select|Please|not|can't|cannot|error|Error/;

// ---------------------------------------------------------------------------------------------
// Sign-in, sign-up, resend (anonymous)
// ---------------------------------------------------------------------------------------------

test("sign-in, sign-up and resend forms", async () => {
  // An address of each lane's own: lanes run at once, and one lane's sign-up must not create the
  // account another lane is checking "no rows changed" around (a seed found that race in the test).
  const email = () => fc.oneof(fc.constant(`someone-${word()}@example.com`), fc.emailAddress(), nasty);
  await check(
    () =>
      fc.record({
        intent: field("signin", fc.constantFrom("signup", "resend", "SIGNIN", "", "x")),
        email: field("nobody@example.com", email()),
        password: field("secret-password", nasty),
        redirectTo: field(
          "/in-play",
          fc.oneof(nasty, fc.constantFrom("//evil.example", "https://evil.example", "/\\evil", "javascript:alert(1)")),
        ),
      }),
    60,
    async (form, l) => {
      await sendChecked(`sign-in ${JSON.stringify(form).slice(0, 200)}`, post(l.as.anonymous, "/auth", form), {
        message: VALIDATION,
        kept: form.email,
      });
    },
  );
  await check(
    () =>
      fc.record({
        intent: fc.constant("signup"),
        firstName: field("Pat", nasty),
        lastName: field("Lee", nasty),
        email: field(`new-${word()}@example.com`, email()),
        password: field("long-enough-password", nasty),
        zipCode: field("02139", nastyNumber),
        city: field("Cambridge", nasty),
        state: field("MA", fc.oneof(nasty, fc.constantFrom("ZZ", "ma", "Massachusetts"))),
      }),
    70,
    async (form, l) => {
      const address = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
      await sendChecked(`sign-up ${JSON.stringify(form).slice(0, 200)}`, post(l.as.anonymous, "/auth", form), {
        rows: () => db().select({ id: users.id }).from(users).where(eq(users.email, address)),
        message: VALIDATION,
        kept: form.firstName,
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The listing form: create and edit (l.seller); questions, status and delete on someone's listing
// ---------------------------------------------------------------------------------------------

const listingForm = () =>
  fields({
    intent: field("save", fc.constantFrom("draft", "publish", "", "delete")),
    title: field(`Hockey stick ${word()}`, nasty),
    description: field("Barely used", nasty),
    price: field("25", nastyNumber),
    sport: field("hockey", fc.oneof(nasty, fc.constantFrom("Hockey", "curling", "__proto__"))),
    sportSubcategory: field("", fc.oneof(nasty, fc.constantFrom("rackets", "balls"))),
    condition: field("new", fc.oneof(nasty, fc.constantFrom("broken", "NEW", "gently_used"))),
    size: field("", nasty),
    sizeNumeric: field("", nasty),
    gender: field("", fc.oneof(nasty, fc.constantFrom("other", "Men"))),
    brand: field("", nasty),
    equipmentType: field("", nasty),
    zipCode: field("10001", nastyNumber),
    city: field("New York", nasty),
    state: field("NY", nasty),
    pickupInstructions: field("", nasty),
    clubIds: field("", uuidLike),
    photos: field("", fc.oneof(nasty, fc.constantFrom("../../secret", "listings/../../x", "%2e%2e/x"))),
  });

test("listing form: create and edit", async () => {
  await check(
    () => listingForm(),
    70,
    async (form, l) => {
      await sendChecked(`create listing ${JSON.stringify(form).slice(0, 300)}`, post(l.as.seller, "/list-item", form, "multipart"), {
        rows: () => listingsOf(l.seller.id),
        message: VALIDATION,
        kept: form.title,
      });
    },
  );
  await check(
    () => listingForm(),
    60,
    async (form, l) => {
      await sendChecked(
        `edit listing ${JSON.stringify(form).slice(0, 300)}`,
        post(l.as.seller, `/listing/${l.listingId}/edit`, form, "multipart"),
        {
          rows: () => listingsOf(l.seller.id),
          message: VALIDATION,
          kept: form.title,
        },
      );
    },
  );
});

test("listing questions, status and delete, as a buyer and on other people's listings", async () => {
  await check(
    () =>
      fc.record({
        target: fc.oneof(
          fc.constantFrom("seller", "outsider"),
          uuidLike.map((id) => `random:${id}`),
        ),
        path: fc.constantFrom("", ".data"),
        form: fields({
          intent: field("message", fc.constantFrom("status", "delete", "", "MESSAGE", "x")),
          content: field("Still available?", nasty),
          via: field("fetcher", nasty),
          buyerId: field("", uuidLike),
          status: field("sold", fc.oneof(nasty, fc.constantFrom("active", "deleted", "pending"))),
        }),
      }),
    100,
    async ({ target, path, form }, l) => {
      const id = target === "seller" ? l.listingId : target === "outsider" ? l.othersListingId : encode(target.slice(7)) || "x";
      await sendChecked(`listing ${target} ${JSON.stringify(form).slice(0, 200)}`, post(l.as.buyer, `/listing/${id}${path}`, form), {
        rows: async () => ({
          listings: await db()
            .select()
            .from(listings)
            .where(inArray(listings.id, [l.listingId, l.othersListingId]))
            .orderBy(asc(listings.id)),
          messages: await db()
            .select()
            .from(listingMessages)
            .where(inArray(listingMessages.listingId, [l.listingId, l.othersListingId]))
            .orderBy(asc(listingMessages.id)),
        }),
      });
    },
  );
});

test("favorites and location", async () => {
  await check(
    (l) =>
      fields({
        intent: field("add", fc.constantFrom("remove", "toggle", "", "ADD")),
        listingId: field(l.othersListingId, uuidLike),
        redirectTo: field("/", nasty),
      }),
    60,
    async (form, l) => {
      await sendChecked(`favorite ${JSON.stringify(form).slice(0, 200)}`, post(l.as.buyer, "/favorites", form), {
        rows: () => db().select().from(favorites).where(eq(favorites.userId, l.buyer.id)).orderBy(asc(favorites.listingId)),
      });
    },
  );
  await check(
    () =>
      fc.record({
        who: fc.constantFrom("anonymous", "buyer") as fc.Arbitrary<"anonymous" | "buyer">,
        form: fields({
          zipCode: field("02139", nastyNumber),
          redirectTo: field("/", fc.oneof(nasty, fc.constantFrom("//evil.example", "https://evil.example"))),
        }),
      }),
    50,
    async ({ who, form }, l) => {
      await sendChecked(`location ${JSON.stringify(form).slice(0, 200)}`, post(l.as[who], "/account/location", form), {
        rows: () => profileOf(l.buyer.id),
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Query parameters: search, sport pages, the API endpoints, admin search and paging
// ---------------------------------------------------------------------------------------------

const searchQuery = fields({
  q: field("ball", nasty),
  priceMin: field("10", nastyNumber),
  priceMax: field("50", nastyNumber),
  sort: field("newest", fc.oneof(nasty, fc.constantFrom("price_asc", "price-desc", "distance", "oldest"))),
  radius: field("25", nastyNumber),
  zip: field("02139", nastyNumber),
  location: field("", nasty),
  sport: field("soccer", nasty),
  sports: field("", nasty),
  condition: field("new", nasty),
  conditions: field("", nasty),
  types: field("", nasty),
  brands: field("", nasty),
  sizes: field("", nasty),
  genders: field("", nasty),
  category: field("", nasty),
  limit: field("20", nastyNumber),
  page: field("1", nastyNumber),
  club: field("", nasty),
  anywhere: field("", nasty),
});

test("search and sport query parameters", async () => {
  await check(
    () =>
      fc.record({
        path: fc.constantFrom(
          "/",
          "/_root.data",
          "/sport/soccer",
          "/sport/hockey.data",
          "/sport/not-a-sport",
          "/clubs",
          "/in-play",
          "/on-deck",
        ),
        query: searchQuery,
        who: fc.constantFrom("anonymous", "buyer") as fc.Arbitrary<"anonymous" | "buyer">,
      }),
    130,
    async ({ path, query, who }, l) => {
      await sendChecked(`GET ${path} ${JSON.stringify(query).slice(0, 300)}`, get(l.as[who], path, query));
    },
  );
});

test("API endpoints and paging parameters", async () => {
  const paths = fc.oneof(
    fc.constantFrom(
      "/api/suggest/listings",
      "/api/suggest/clubs",
      "/api/suggest/locations",
      "/api/clubs/slug-available",
      "/api/badges",
      "/api/rooms/token",
      "/messages",
      "/favorites",
      "/notifications/acknowledge",
    ),
    nastyNumber.map((zip) => `/api/zip/${encode(zip)}`),
    fc.constant(`/club/CLUB/messages`),
    fc.constant(`/player-profile`),
  );
  await check(
    () =>
      fc.record({
        path: paths,
        query: fields({
          q: field("ba", nasty),
          slug: field("my-club", nasty),
          limit: field("5", nastyNumber),
          page: field("2", nastyNumber),
          before: field("", nastyNumber),
          kind: field("chat", nasty),
          user: field("", uuidLike),
          room: field("", nasty),
          with: field("", uuidLike),
        }),
        who: fc.constantFrom("anonymous", "member") as fc.Arbitrary<"anonymous" | "member">,
      }),
    110,
    async ({ path, query, who }, l) => {
      await sendChecked(`GET ${path} ${JSON.stringify(query).slice(0, 300)}`, get(l.as[who], path.replace("CLUB", l.club.slug), query));
    },
  );
  // Admin search and paging (a site admin) and admin deletes of ids that are not rows.
  await check(
    () =>
      fields({
        tab: field("users", fc.oneof(nasty, fc.constantFrom("listings", "clubs", "stats"))),
        q: field("", nasty),
        page: field("1", nastyNumber),
        status: field("", nasty),
      }),
    50,
    async (query, l) => {
      await sendChecked(`GET /admin ${JSON.stringify(query).slice(0, 300)}`, get(l.as.siteAdmin, "/admin", query));
    },
  );
  await check(
    () =>
      fields({
        intent: field("deleteUser", fc.constantFrom("deleteClub", "", "DELETEUSER")),
        userId: field("", uuidLike),
        clubId: field("", uuidLike),
        tab: field("users", nasty),
      }),
    50,
    async (form, l) => {
      const ids = [form.userId, form.clubId].flat().filter((v): v is string => typeof v === "string");
      await sendChecked(`admin delete ${JSON.stringify(form).slice(0, 200)}`, post(l.as.siteAdmin, "/admin", form), {
        rows: async () => ({
          users: await db()
            .select({ id: users.id })
            .from(users)
            .where(inArray(users.id, [...ids, l.seller.id])),
          clubs: await db()
            .select({ id: clubs.id })
            .from(clubs)
            .where(inArray(clubs.id, [...ids, l.club.id])),
        }),
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Clubs: create, manage, join, invite code, chat / announcements / DMs, requests
// ---------------------------------------------------------------------------------------------

test("club create, manage and join", async () => {
  await check(
    () =>
      fields({
        name: field(`Hostile FC ${word()}`, nasty),
        slug: field("", nasty),
        type: field("club", fc.oneof(nasty, fc.constantFrom("team", "league", "CLUB"))),
        sport: field("soccer", nasty),
        description: field("", nasty),
        zip: field("", nastyNumber),
        city: field("", nasty),
        state: field("", nasty),
        visibility: field("public", fc.oneof(nasty, fc.constantFrom("private", "members_only", "secret"))),
        joinMode: field("open", fc.oneof(nasty, fc.constantFrom("code", "approval", "invite"))),
        inviteCode: field("", nasty),
      }),
    70,
    async (form, l) => {
      await sendChecked(`l.club create ${JSON.stringify(form).slice(0, 300)}`, post(l.as.stranger, "/clubs/new", form), {
        rows: () => clubsOwnedBy(l.stranger.id),
        message: VALIDATION,
        kept: form.name,
      });
    },
  );
  await check(
    (l) =>
      fc.record({
        target: fc.constantFrom("mine", "other"),
        form: fields({
          intent: field(
            "settings",
            fc.constantFrom("approve", "reject", "promote", "demote", "remove", "invite-code", "logo", "", "delete", "transfer"),
          ),
          memberId: field(l.memberIdInClub, fc.oneof(uuidLike, fc.constant(l.memberIdElsewhere))),
          code: field("NEWCODE1", nasty),
          showPricesInPreview: field("on", nasty),
          showListingCount: field("", nasty),
          allowJoinRequests: field("on", nasty),
        }),
      }),
    70,
    async ({ target, form }, l) => {
      const slug = target === "mine" ? l.club.slug : l.otherClub.slug;
      await sendChecked(`l.club manage ${JSON.stringify(form).slice(0, 300)}`, post(l.as.owner, `/club/${slug}/manage`, form), {
        rows: async () => ({
          mine: await clubState(l.club.id),
          other: await clubState(l.otherClub.id),
        }),
      });
    },
  );
  await check(
    (l) =>
      fc.record({
        slug: fc.oneof(fc.constant(l.club.slug), nasty.map(encode)),
        form: fields({
          intent: field("join-code", fc.constantFrom("join", "request", "leave", "", "JOIN")),
          code: field("WRONG", nasty),
        }),
      }),
    60,
    async ({ slug, form }, l) => {
      await sendChecked(`l.club join ${JSON.stringify(form).slice(0, 200)}`, post(l.as.stranger, `/club/${slug || "x"}/join`, form), {
        rows: () => clubState(l.club.id),
      });
    },
  );
});

test("club chat, announcements, DMs and requests", async () => {
  await check(
    (l) =>
      fc.record({
        who: fc.constantFrom("member", "stranger", "owner") as fc.Arbitrary<"member" | "stranger" | "owner">,
        form: fields({
          intent: field("post", fc.constantFrom("dm", "delete", "read", "", "POST")),
          kind: field("chat", fc.oneof(nasty, fc.constant("announcement"))),
          content: field("See you at practice", nasty),
          clientId: field("", uuidLike),
          recipientId: field(l.owner.id, fc.oneof(uuidLike, fc.constant(l.outsider.id))),
          messageId: field("", uuidLike),
          with: field("", uuidLike),
          respond: field("json", nasty),
        }),
      }),
    100,
    async ({ who, form }, l) => {
      await sendChecked(
        `l.club message ${who} ${JSON.stringify(form).slice(0, 300)}`,
        post(l.as[who], `/club/${l.club.slug}/messages`, form),
        {
          rows: () => clubState(l.club.id),
        },
      );
    },
  );
  await check(
    () =>
      fc.record({
        who: fc.constantFrom("member", "stranger") as fc.Arbitrary<"member" | "stranger">,
        form: fields({
          intent: field("post", fc.constantFrom("fulfil", "delete", "", "x")),
          id: field(randomUUID(), uuidLike),
          title: field("Need a goalie helmet", nasty),
          description: field("", nasty),
        }),
      }),
    80,
    async ({ who, form }, l) => {
      await sendChecked(
        `l.club request ${who} ${JSON.stringify(form).slice(0, 300)}`,
        post(l.as[who], `/club/${l.club.slug}/requests`, form),
        {
          rows: () => clubState(l.club.id),
          message: VALIDATION,
        },
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Player profile (names, ZIP, password change)
// ---------------------------------------------------------------------------------------------

test("player profile and password change", async () => {
  await check(
    () =>
      fields({
        intent: field("profile", fc.constantFrom("password", "signOutOthers", "", "x")),
        firstName: field("Pat", nasty),
        lastName: field("Lee", nasty),
        zipCode: field("02139", nastyNumber),
      }),
    60,
    async (form, l) => {
      await sendChecked(`profile ${JSON.stringify(form).slice(0, 200)}`, post(l.as.member, "/player-profile", form), {
        rows: async () => ({
          profile: await profileOf(l.member.id),
          user: await userRow(l.member.id),
        }),
        message: VALIDATION,
        kept: form.firstName,
      });
    },
  );
  await check(
    () =>
      fields({
        intent: fc.constant("password"),
        currentPassword: field("not-the-password", nasty),
        newPassword: field("new-password-123", nasty),
        confirmPassword: field("new-password-123", nasty),
      }),
    40,
    async (form, l) => {
      await sendChecked(`password ${JSON.stringify(form).slice(0, 200)}`, post(l.as.member, "/player-profile", form), {
        rows: () => userRow(l.member.id),
        message: VALIDATION,
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Notification settings on /player-profile (ADR 073): a mode per kind, one's own rows only
// ---------------------------------------------------------------------------------------------

test("notification settings", async () => {
  const settingsOf = (userId: string) =>
    db().select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).orderBy(asc(notificationSettings.kind));
  const MODES = ["in_app", "email_now", "email_digest"];
  const mode = (valid: string) =>
    field(valid, fc.oneof(nasty, fc.constantFrom("EMAIL_NOW", "email_weekly", "in_app ", "none", "email_now\u0000", "")));
  await check(
    (l) =>
      fc.record({
        path: dataPath,
        as: encoding,
        form: fields({
          intent: mostly("notifications", fc.constantFrom("Notifications", "", "x")),
          "modes.messages": mode("in_app"),
          "modes.deals": mode("email_digest"),
          "modes.clubs": mode("email_now"),
          "modes.matches": mode("in_app"),
          "modes.announcements": mode("email_digest"),
          "modes.price_drops": mode("in_app"),
          "modes.outgrown": mode("in_app"),
          // Someone else's id: never whose rows are written.
          userId: field(l.stranger.id, uuidLike),
          modes: field("", nasty),
        }),
      }),
    60,
    async ({ path, as, form }, l) => {
      const what = `notification settings ${JSON.stringify(form).slice(0, 200)}`;
      const theirs = JSON.stringify(await settingsOf(l.stranger.id));
      await sendChecked(what, post(l.as.member, `/player-profile${path}`, form, as), {
        rows: () => settingsOf(l.member.id),
        message: VALIDATION,
      });
      expect(JSON.stringify(await settingsOf(l.stranger.id)), `${what}: another person's settings changed`).toBe(theirs);
    },
  );
  const stored = await db()
    .select()
    .from(notificationSettings)
    .where(
      inArray(
        notificationSettings.userId,
        lanes.map((l) => l.member.id),
      ),
    );
  expect(stored.filter((row) => !MODES.includes(row.mode))).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// /photos/ paths and malformed bodies
// ---------------------------------------------------------------------------------------------

test("photo paths and malformed bodies", async () => {
  const trick = fc.oneof(
    fc.constantFrom(
      "..",
      "%2e%2e",
      "..%2f..%2fwrangler.toml",
      "%2F%2Fetc%2Fpasswd",
      "listings/%00.jpg",
      "a%00b",
      "%c0%ae%c0%ae/",
      "....//",
      "\\..\\",
      "%5c..%5c",
      "listings/../../x.jpg",
      "",
      "%",
      "%zz",
    ),
    fc.integer({ min: 500, max: 8000 }).map((n) => "k".repeat(n)),
    nasty.map(encode),
  );
  await check(
    () => fc.array(trick, { minLength: 1, maxLength: 3 }),
    60,
    async (parts, l) => {
      const path = `/photos/${parts.join("/")}`;
      await sendChecked(`GET ${path.slice(0, 200)}`, () => l.as.anonymous.get(path, { maxRedirects: 0 }));
    },
  );
  const actions = (l: Lane) => [
    "/auth",
    "/list-item",
    `/listing/${l.listingId}`,
    `/listing/${l.listingId}/edit`,
    "/favorites",
    "/account/location",
    "/player-profile",
    "/clubs/new",
    `/club/${l.club.slug}/manage`,
    `/club/${l.club.slug}/messages`,
    `/club/${l.club.slug}/requests`,
    `/club/${l.club.slug}/join`,
    "/admin",
    "/api/photos",
  ];
  const malformed = fc.constantFrom(
    { type: "application/json", body: '{"intent":"save"' },
    { type: "application/json", body: '{"intent":"save"}' },
    { type: "multipart/form-data", body: "intent=save" },
    {
      type: "multipart/form-data; boundary=XyZ",
      body: '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--XyZ\r\nContent-Disposition: form-data; name="ti',
    },
    { type: "application/x-www-form-urlencoded", body: "intent=save&title=%" },
    {
      type: "application/x-www-form-urlencoded",
      body: "intent=save&title=%zz&price=%E0%A4%A",
    },
    { type: "application/x-www-form-urlencoded", body: "intent" },
    { type: "application/x-www-form-urlencoded", body: "&&&=&=" },
    { type: "text/plain", body: "intent=save" },
    { type: "application/xml", body: "<a>" },
    { type: "", body: "\u0000\u0001" },
  );
  await check(
    (l) =>
      fc.record({
        path: fc.constantFrom(...actions(l)),
        bad: malformed,
        who: fc.constantFrom("member", "seller", "owner", "siteAdmin") as fc.Arbitrary<"member" | "seller" | "owner" | "siteAdmin">,
      }),
    80,
    async ({ path, bad, who }, l) => {
      await sendChecked(
        `malformed ${bad.type} to ${path}`,
        () =>
          l.as[who].post(path, {
            headers: bad.type ? { "content-type": bad.type } : {},
            data: bad.body,
            maxRedirects: 0,
          }),
        {
          rows: async () => ({
            listings: await listingsOf(l.seller.id),
            club: await clubState(l.club.id),
            profile: await profileOf(l.member.id),
          }),
        },
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Trading (ADR 068): offers and swaps from the listing page, and every step of /deals/{id}
// ---------------------------------------------------------------------------------------------

/** Per lane: a club the seller and buyer share (swaps need one), listings, and deals made on demand. */
type Trade = {
  club: TestClub;
  /** Six of the buyer's own active listings, to offer in swaps (at most five may go in one). */
  mine: string[];
  /** A clubs-only listing of the seller to offer on (a new one after an offer is made on it). */
  target: string;
  /** A public listing of the seller: a cash offer may be made on it, a swap may not. */
  publicTarget: string;
  /** A clubs-only listing and an accepted deal of this lane that only the other lanes post to (404). */
  bystanderListingId: string;
  bystanderDealId: string;
  /** A deal in the state each step needs, between this lane's buyer (proposer) and seller (owner). */
  pool: Partial<Record<Need, DealFixture>>;
};
/** 'reviewed': completed, both reviews written (so published): the buyer may reply to the seller's. */
type Need = FixtureStop | "reviewed";
const trades = new Map<Lane, Trade>();
const tradeOf = (l: Lane) => trades.get(l)!;
const nextLane = (l: Lane) => lanes[(lanes.indexOf(l) + 1) % lanes.length];

async function setUpTrade(l: Lane) {
  if (trades.has(l)) return;
  const club = await createTestClub(db(), l.seller, { name: `Trading ${word()}` });
  await addTestMember(db(), club, l.buyer);
  const mine: string[] = [];
  for (let i = 0; i < 6; i++) mine.push(await createTestListing(db(), l.buyer, { title: `Swap glove ${word()}`, clubs: [club] }));
  const bystander = await saleDeal(db(), "accepted", { seller: l.seller, buyer: l.buyer });
  trades.set(l, {
    club,
    mine,
    target: await createTestListing(db(), l.seller, { title: `Club bat ${word()}`, clubs: [club] }),
    publicTarget: await createTestListing(db(), l.seller, { title: `Public bat ${word()}` }),
    bystanderListingId: await createTestListing(db(), l.seller, { title: `Bystander bat ${word()}`, clubs: [club] }),
    bystanderDealId: bystander.dealId,
    pool: {},
  });
}

/** The lane's deal in the state `need` names, made through the real steps when the last one was used up. */
async function dealIn(l: Lane, need: Need): Promise<DealFixture> {
  const t = tradeOf(l);
  const pooled = t.pool[need];
  if (pooled) return pooled;
  const deal = await saleDeal(db(), need === "reviewed" ? "completed" : need, { seller: l.seller, buyer: l.buyer });
  if (need === "reviewed") {
    for (const who of [l.seller, l.buyer]) {
      const written = await writeReview(db(), who, deal.dealId, { rating: 4, comment: "Smooth handoff" });
      if (!written.ok) throw new Error(`review fixture: ${written.error}`);
    }
  }
  t.pool[need] = deal;
  return deal;
}

/** Every row a trading form may write, for these people's deals (and a few more), and their listings' status and version. */
async function tradeRows(userIds: string[], more: { dealIds?: string[]; listingIds?: string[] } = {}) {
  const dealRows = await db()
    .select()
    .from(deals)
    .where(or(inArray(deals.proposerId, userIds), inArray(deals.ownerId, userIds), inArray(deals.id, [...(more.dealIds ?? []), ""])))
    .orderBy(asc(deals.id));
  const ids = [...dealRows.map((d) => d.id), ""];
  // At once: nothing else writes these rows while one input is in flight (each lane has its own people).
  const [revisions, listed, locks, written, own] = await Promise.all([
    db()
      .select()
      .from(dealRevisions)
      .where(inArray(dealRevisions.dealId, ids))
      .orderBy(asc(dealRevisions.dealId), asc(dealRevisions.number)),
    db().select().from(dealListings).where(inArray(dealListings.dealId, ids)).orderBy(asc(dealListings.id)),
    db().select().from(listingLocks).where(inArray(listingLocks.dealId, ids)).orderBy(asc(listingLocks.listingId)),
    db().select().from(reviews).where(inArray(reviews.dealId, ids)).orderBy(asc(reviews.id)),
    db()
      .select({ id: listings.id, status: listings.status, version: listings.version })
      .from(listings)
      .where(or(inArray(listings.userId, userIds), inArray(listings.id, [...(more.listingIds ?? []), ""])))
      .orderBy(asc(listings.id)),
  ]);
  return { deals: dealRows, revisions, dealListings: listed, locks, reviews: written, listings: own };
}

/** What a refused trading form must say: the schema's words, the refusals' words, zod's defaults for fields no person types. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const TRADE_WORDS = new RegExp(
  [
    ...Object.values(DEAL_REFUSALS),
    ...Object.values(PROPOSE_REFUSALS),
    ...DEAL_STATES.map(whatHappened),
    "Enter an amount",
    "Enter a valid amount",
    "The amount must be 0 or more",
    "The amount can be at most $100,000",
    "Use at most two decimals",
    "Keep the ",
    "Choose who pays",
    "Offer at most 5 of your listings",
    "Choose only your own",
    "The offer could not be read",
    "Choose a day and time",
    "Choose a reason",
    "Choose 1 to 5 stars",
    "Write a reply",
    "Choose at least one of your listings to swap",
    "Remove control characters",
    "Unknown action",
    "Invalid input",
    "Invalid discriminator value",
    // The Worker's body limit (server.ts), before any route.
    "This request is too large",
    "Too big",
    "Too small",
  ]
    // React writes an apostrophe as &#x27;; the route's data carries it as it is.
    .map((text) => escapeRegExp(text).replaceAll("'", "(?:'|&#x27;|&#39;)"))
    .join("|"),
);

const cash = fc.oneof(
  nastyNumber,
  fc.constantFrom("-1", "-0.01", "1e309", "12.345", "100000.01", "100000", "99999.999", "0.01", "0", "NaN", "12\u0000", "\u00075", " 40 "),
  fc.integer({ min: 1_000, max: 3_000_000 }).map((n) => "9".repeat(n % 50) + "x".repeat(n % 5000)),
);
const dealMessage = fc.oneof(
  nasty,
  fc.constantFrom(
    "m".repeat(501),
    "m".repeat(500),
    ` ${"m".repeat(500)} `,
    "\u200f\u202bשלום, 40?\u202c",
    "\u202eevil",
    "nul\u0000inside",
    "bell\u0007",
    "esc\u001b[31mred",
    "tab\tand\r\nline",
  ),
  fc.integer({ min: 501, max: 4_000 }).map((n) => "m".repeat(n)),
);
const revision = fc.oneof(nastyNumber, fc.constantFrom("0", "2", "5", "6", "1.5", "-1", "1e309", "01", "1 "));
const rating = fc.oneof(nastyNumber, fc.constantFrom("0", "6", "3.5", "5 stars", "-1", "1e309", "٥", "five"));
const DAY_MS = 24 * 3600 * 1000;
const localAt = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const meetupAt = fc.oneof(
  nasty,
  fc.constantFrom(
    "2026-01-01T25:99",
    "2026-02-30T10:00",
    "2026-13-45T10:00",
    "0000-01-01T00:00",
    "9999-12-31T23:59",
    "+275760-09-13T00:00",
    "2020-06-01T10:00",
    localAt(Date.now() - 3 * DAY_MS),
    localAt(Date.now() + 400 * DAY_MS),
    localAt(Date.now() + 5 * 365 * DAY_MS),
    `${localAt(Date.now() + 2 * DAY_MS)}:00`,
    `${localAt(Date.now() + 2 * DAY_MS)}Z`,
    new Date(Date.now() + 2 * DAY_MS).toString(),
    String(Date.now() + 2 * DAY_MS),
  ),
);
/** A text from just under `n` characters to a few hundred over (the limits are on both sides). */
const textAround = (n: number) => fc.integer({ min: n - 2, max: n + 300 }).map((k) => "w".repeat(k));
const payer = fc.oneof(nasty, fc.constantFrom("owner", "seller", "buyer", "PROPOSER", "system"));
const encoding = fc.constantFrom("urlencoded", "multipart") as fc.Arbitrary<"urlencoded" | "multipart">;
/**
 * Like field(), leaning to the valid value: a trading form has several fields, and one refused
 * field stops the rest from reaching the step's rules (swap needs a club, not your turn …).
 */
const often = (valid: string, arb: fc.Arbitrary<string> = nasty): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(valid) },
    { weight: 3, arbitrary: arb },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(arb, { minLength: 2, maxLength: 3 }) },
  );
/** Like field(), for an `intent`: the real one most of the time, so the other fields reach the step. */
const mostly = (valid: string, arb: fc.Arbitrary<string>): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: arb },
    { weight: 1, arbitrary: fc.constantFrom<Value>(undefined, [valid, valid]) },
  );
/** A document POST, or the single-fetch data request the page's JavaScript sends. */
const dataPath = fc.constantFrom("", ".data");

test("offers and swaps", async () => {
  for (const l of lanes) await setUpTrade(l);
  await check(
    (l) => {
      const t = tradeOf(l);
      const offered: fc.Arbitrary<Value> = fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.subarray(t.mine, { minLength: 1, maxLength: 5 }) },
        { weight: 1, arbitrary: fc.constant(t.mine) },
        { weight: 1, arbitrary: fc.constant<string[]>([t.mine[0], t.mine[0], t.mine[1]]) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<string[]>(
            [l.listingId],
            [l.othersListingId],
            [t.mine[0], l.othersListingId],
            [t.target],
            [tradeOf(nextLane(l)).mine[0]],
            [t.mine[0], tradeOf(nextLane(l)).mine[1]],
          ),
        },
        { weight: 1, arbitrary: fc.array(uuidLike, { minLength: 1, maxLength: 7 }) },
        { weight: 1, arbitrary: uuidLike },
      );
      return fc.record({
        target: fc.oneof(
          { weight: 6, arbitrary: fc.constant("club") },
          { weight: 3, arbitrary: fc.constantFrom("public", "own", "outsider", "foreign") },
          { weight: 1, arbitrary: uuidLike.map((id) => `random:${id}`) },
        ),
        as: encoding,
        path: dataPath,
        form: fields({
          intent: mostly("propose", fc.constantFrom("PROPOSE", "", "offer", "swap")),
          form: often("offer", fc.oneof(nasty, fc.constant("swap"))),
          cash: often("40", cash),
          cashFrom: often("proposer", payer),
          message: often("Would you take 40", dealMessage),
          offered,
        }),
      });
    },
    90,
    async ({ target, as, path, form }, l) => {
      const t = tradeOf(l);
      const foreign = tradeOf(nextLane(l));
      const id =
        target === "club"
          ? t.target
          : target === "public"
            ? t.publicTarget
            : target === "own"
              ? t.mine[0]
              : target === "outsider"
                ? l.othersListingId
                : target === "foreign"
                  ? foreign.bystanderListingId
                  : encode(target.slice(7)) || "x";
      const ours = target !== "foreign" && !target.startsWith("random:");
      const message = typeof form.message === "string" ? form.message : undefined;
      const response = await sendChecked(
        `propose on ${target} ${JSON.stringify(form).slice(0, 300)}`,
        post(l.as.buyer, `/listing/${id}${path}`, form, as),
        {
          rows: () =>
            tradeRows([l.seller.id, l.buyer.id], {
              listingIds: [l.othersListingId, foreign.bystanderListingId, foreign.mine[0], foreign.mine[1]],
            }),
          message: ours ? TRADE_WORDS : undefined,
          kept: form.intent === "propose" && message && PRINTABLE.test(message.trim()) ? message : undefined,
        },
      );
      // Another lane's clubs-only listing is not there for this buyer: as for an id that never existed.
      if (target === "foreign") expect([400, 404], `offer on another lane's listing`).toContain(response.status());
      // An offer was made: the next input gets a listing without one.
      if (response.status() < 400 && target === "club")
        t.target = await createTestListing(db(), l.seller, { title: `Club bat ${word()}`, clubs: [t.club] });
      if (response.status() < 400 && target === "public")
        t.publicTarget = await createTestListing(db(), l.seller, { title: `Public bat ${word()}` });
    },
  );

  // A control character or a 2 MB message: refused in words, never a 500, nothing stored.
  const l = lanes[0];
  const t = tradeOf(l);
  const fixed: { what: string; form: Fields; as: "urlencoded" | "multipart" }[] = [
    { what: "NUL in the message", form: { intent: "propose", cash: "40", message: "hi\u0000there" }, as: "urlencoded" },
    {
      what: "ESC in the message (swap)",
      form: { intent: "propose", form: "swap", offered: t.mine[0], message: "\u001b[2J" },
      as: "multipart",
    },
    { what: "2 MB message", form: { intent: "propose", cash: "40", message: "m".repeat(2 * 1024 * 1024) }, as: "urlencoded" },
    { what: "2 MB message (multipart)", form: { intent: "propose", cash: "40", message: "m".repeat(2 * 1024 * 1024) }, as: "multipart" },
    { what: "2 MB cash", form: { intent: "propose", cash: "9".repeat(2 * 1024 * 1024) }, as: "urlencoded" },
  ];
  for (const { what, form, as } of fixed) {
    const response = await sendChecked(`propose: ${what}`, post(l.as.buyer, `/listing/${t.target}`, form, as), {
      rows: () => tradeRows([l.seller.id, l.buyer.id]),
      message: TRADE_WORDS,
    });
    expect(response.status(), `propose: ${what}`).toBeGreaterThanOrEqual(400);
  }
  expect(await controlCharactersInTrades()).toEqual([]);
});

type Actor = "party" | "otherParty" | "notParty";
type StepCase = {
  /** The state the step needs, and who takes it there (the fixtures' buyer proposes, the seller owns). */
  need: Need;
  by: "buyer" | "seller";
  /** A committed step leaves the deal where it was (another meeting place, an edited hidden review). */
  keeps?: boolean;
  /** Refused anyway: the deal the step is tried on in the wrong state. */
  wrongState: Need;
  form: fc.Arbitrary<Fields>;
};

const STEPS: Record<string, StepCase> = {
  counter: {
    need: "proposed",
    by: "seller",
    wrongState: "completed",
    form: fields({
      revision: often("1", revision),
      cash: often("45", cash),
      cashFrom: often("proposer", payer),
      message: often("Meet me at 45", dealMessage),
    }),
  },
  accept: { need: "proposed", by: "seller", wrongState: "meetupAgreed", form: fields({ revision: often("1", revision) }) },
  decline: { need: "proposed", by: "seller", wrongState: "completed", form: fields({ revision: often("1", revision) }) },
  withdraw: {
    need: "proposed",
    by: "buyer",
    wrongState: "accepted",
    form: fields({ revision: often("", revision), reason: often("", nasty) }),
  },
  meetup: {
    need: "accepted",
    by: "seller",
    keeps: true,
    wrongState: "completed",
    form: fields({
      spot: often("", fc.oneof(uuidLike, fc.constantFrom("cam-library-main", "den-police-d6", "__proto__", "s".repeat(65)))),
      place: often("Public library", fc.oneof(dealMessage, textAround(200))),
      at: often(localAt(Date.now() + 2 * DAY_MS), meetupAt),
    }),
  },
  "confirm-meetup": { need: "meetupProposed", by: "buyer", wrongState: "accepted", form: fields({ at: often("", meetupAt) }) },
  "handed-over": { need: "meetupAgreed", by: "buyer", wrongState: "proposed", form: fields({ revision: often("", revision) }) },
  cancel: {
    need: "accepted",
    by: "buyer",
    wrongState: "proposed",
    form: fields({
      reason: often("changed_my_mind", fc.oneof(nasty, fc.constantFrom("other", "no_show", "__proto__", "toString", "OTHER"))),
      // Reason and note share the deal's 500 characters: 490 fits the schema, not the row.
      note: often("", fc.oneof(dealMessage, textAround(490), textAround(500))),
    }),
  },
  review: {
    need: "completed",
    by: "buyer",
    keeps: true,
    wrongState: "proposed",
    form: fields({ rating: often("5", rating), comment: often("Great trade", fc.oneof(dealMessage, textAround(1000))) }),
  },
  reply: {
    need: "reviewed",
    by: "buyer",
    wrongState: "completed",
    form: fields({ reply: often("Thanks for the trade", fc.oneof(dealMessage, textAround(500))) }),
  },
};

test("deal steps", async () => {
  for (const l of lanes) await setUpTrade(l);
  const intents = Object.keys(STEPS);
  await check(
    () =>
      fc.constantFrom(...intents).chain((intent) =>
        fc.record({
          intent: fc.constant(intent),
          sent: mostly(intent, fc.constantFrom(...intents, "", "COUNTER", "propose", "x")),
          deal: fc.oneof(
            { weight: 7, arbitrary: fc.constant("own") },
            { weight: 1, arbitrary: fc.constantFrom("wrongState", "foreign") },
            { weight: 1, arbitrary: uuidLike.map((id) => `random:${id}`) },
          ),
          actor: fc.oneof(
            { weight: 6, arbitrary: fc.constant<Actor>("party") },
            { weight: 2, arbitrary: fc.constantFrom<Actor>("otherParty", "notParty") },
          ),
          outsider: fc.constantFrom("stranger", "siteAdmin") as fc.Arbitrary<"stranger" | "siteAdmin">,
          as: encoding,
          path: dataPath,
          form: STEPS[intent].form,
        }),
      ),
    160,
    async ({ intent, sent, deal: which, actor, outsider, as, path, form }, l) => {
      const step = STEPS[intent];
      const need = which === "wrongState" ? step.wrongState : step.need;
      const foreign = tradeOf(nextLane(l));
      const deal = which === "own" || which === "wrongState" ? await dealIn(l, need) : null;
      const id = deal ? deal.dealId : which === "foreign" ? foreign.bystanderDealId : encode(which.slice(7)) || "x";
      const party = actor === "party" ? step.by : step.by === "buyer" ? "seller" : "buyer";
      const who = actor === "notParty" ? outsider : party;
      const body: Fields = { ...form, intent: sent };
      const visible = deal !== null && actor !== "notParty";
      const text = [body.message, body.place, body.note, body.comment, body.reply].find((v): v is string => typeof v === "string");
      const response = await sendChecked(
        `${intent} on ${which} deal by ${who} ${JSON.stringify(body).slice(0, 300)}`,
        post(l.as[who], `/deals/${id}${path}`, body, as),
        {
          rows: () => tradeRows([l.seller.id, l.buyer.id], { dealIds: [foreign.bystanderDealId] }),
          message: visible ? TRADE_WORDS : undefined,
          kept: visible && text && PRINTABLE.test(text.trim()) ? text : undefined,
        },
      );
      const status = response.status();
      // Not a party (another lane's deal, a stranger, a site admin): the deal is not there — a 404,
      // or the 400 any id gets for a body that does not parse.
      if (which === "foreign" || (deal && actor === "notParty")) expect([400, 404], `${intent} by a non-party`).toContain(status);
      if (status < 400 && deal && !step.keeps) delete tradeOf(l).pool[need];
    },
  );

  // A control character or a 2 MB body in a deal's texts: refused in words, never a 500, nothing stored.
  const l = lanes[0];
  const proposed = await dealIn(l, "proposed");
  const accepted = await dealIn(l, "accepted");
  const reviewed = await dealIn(l, "reviewed");
  const big = "m".repeat(2 * 1024 * 1024);
  const fixed: { what: string; who: "buyer" | "seller"; dealId: string; form: Fields; as: "urlencoded" | "multipart" }[] = [
    {
      what: "counter, NUL in the message",
      who: "seller",
      dealId: proposed.dealId,
      form: { intent: "counter", revision: "1", cash: "45", message: "a\u0000b" },
      as: "urlencoded",
    },
    {
      what: "counter, 2 MB message",
      who: "seller",
      dealId: proposed.dealId,
      form: { intent: "counter", revision: "1", cash: "45", message: big },
      as: "urlencoded",
    },
    {
      what: "meetup, BEL in the place",
      who: "seller",
      dealId: accepted.dealId,
      form: { intent: "meetup", place: "Library\u0007", at: localAt(Date.now() + 2 * DAY_MS) },
      as: "urlencoded",
    },
    {
      what: "cancel, 2 MB note",
      who: "buyer",
      dealId: accepted.dealId,
      form: { intent: "cancel", reason: "other", note: big },
      as: "multipart",
    },
    { what: "reply, NUL", who: "buyer", dealId: reviewed.dealId, form: { intent: "reply", reply: "thanks\u0000" }, as: "urlencoded" },
    { what: "reply, 2 MB", who: "buyer", dealId: reviewed.dealId, form: { intent: "reply", reply: big }, as: "multipart" },
  ];
  for (const { what, who, dealId, form, as } of fixed) {
    const response = await sendChecked(`deal step: ${what}`, post(l.as[who], `/deals/${dealId}`, form, as), {
      rows: () => tradeRows([l.seller.id, l.buyer.id]),
      message: TRADE_WORDS,
    });
    expect(response.status(), `deal step: ${what}`).toBeGreaterThanOrEqual(400);
  }
  expect(await controlCharactersInTrades()).toEqual([]);
});

/** Text in this worker's lanes' deals and reviews that holds a control character (see the last test). */
async function controlCharactersInTrades() {
  const people = lanes.flatMap((l) => [l.seller.id, l.buyer.id]);
  const own = await db()
    .select({ id: deals.id })
    .from(deals)
    .where(or(inArray(deals.proposerId, people), inArray(deals.ownerId, people)));
  const ids = [...own.map((d) => d.id), ""];
  return controlCharactersIn({
    deals: await db().select().from(deals).where(inArray(deals.id, ids)),
    dealRevisions: await db().select().from(dealRevisions).where(inArray(dealRevisions.dealId, ids)),
    reviews: await db().select().from(reviews).where(inArray(reviews.dealId, ids)),
  });
}

/** `table.column: value` for every string cell holding a control character (tabs and line breaks allowed). */
function controlCharactersIn(stored: Record<string, Record<string, unknown>[]>): string[] {
  const offending: string[] = [];
  for (const [table, rows] of Object.entries(stored)) {
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        // eslint-disable-next-line no-control-regex
        if (typeof value === "string" && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
          offending.push(`${table}.${column}: ${JSON.stringify(value).slice(0, 80)}`);
      }
    }
  }
  return offending;
}

// ---------------------------------------------------------------------------------------------
// Safety (ADR 069): the report form, block / unblock, the moderation queue's actions, club
// moderators' report actions, 'Dismiss' on a warning, the audit log's filters
// ---------------------------------------------------------------------------------------------

/**
 * Per lane, people of their own: a report, a block, a suspension or a removed member here must not
 * reach the lanes' sellers, buyers and clubs, which the other tests of this worker go on using.
 */
type Safety = {
  /** Reports things of `culprit` (a listing, a club, the person). */
  reporter: TestUser;
  culprit: TestUser;
  culpritListingId: string;
  culpritClub: TestClub;
  /** Blocks and unblocks `blockee`; `bystander` is someone else again. */
  blocker: TestUser;
  blockee: TestUser;
  bystander: TestUser;
  /** What the site moderators act on: open reports on this person and their listing are kept in place. */
  offender: TestUser;
  offenderListingId: string;
  /** A club its owner moderates, with a member whose chat message and item request are reported. */
  modClub: TestClub;
  modOwner: TestUser;
  modContent: { posterId: string; messageReportId: string; requestReportId: string };
  /** A report on a message of another club (`otherClubId`), one on a listing, one already closed. */
  otherClubId: string;
  foreignReportId: string;
  listingReportId: string;
  closedReportId: string;
  /** A warned person, their own warning, and someone else's warning. */
  warned: TestUser;
  warningId: string;
  othersWarningId: string;
  othersWarnedId: string;
  as: Record<"reporter" | "blocker" | "modOwner" | "warned", APIRequestContext>;
};
const safeties = new Map<Lane, Safety>();
const safetyOf = (l: Lane) => safeties.get(l)!;

async function insertReport(values: {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  targetUserId?: string | null;
  clubId?: string | null;
  status?: "open" | "closed";
}): Promise<string> {
  const [row] = await db()
    .insert(reports)
    .values({
      reason: "harassment",
      ...values,
      outcome: values.status === "closed" ? "dismissed" : null,
    })
    .returning({ id: reports.id });
  return row.id;
}

/** A new member of the moderated club with a chat message and an item request, both reported (open). */
async function modContentFor(s: Pick<Safety, "modClub" | "reporter">) {
  const poster = await createTestUser(db());
  await addTestMember(db(), s.modClub, poster);
  const [message] = await db()
    .insert(clubMessages)
    .values({ clubId: s.modClub.id, userId: poster.id, content: `Rude words ${word()}` })
    .returning({ id: clubMessages.id });
  const [request] = await db()
    .insert(clubRequests)
    .values({ clubId: s.modClub.id, userId: poster.id, title: `Odd request ${word()}` })
    .returning({ id: clubRequests.id });
  const on = { reporterId: s.reporter.id, targetUserId: poster.id, clubId: s.modClub.id };
  return {
    posterId: poster.id,
    messageReportId: await insertReport({ ...on, targetType: "club_message", targetId: message.id }),
    requestReportId: await insertReport({ ...on, targetType: "item_request", targetId: request.id }),
  };
}

async function insertWarning(userId: string, by: string) {
  const [row] = await db().insert(warnings).values({ userId, reason: "harassment", createdBy: by }).returning({ id: warnings.id });
  return row.id;
}

async function setUpSafety(l: Lane) {
  if (safeties.has(l)) return;
  const [reporter, culprit, blocker, blockee, bystander, offender, modOwner, warned, othersWarned, elsewhere] = await Promise.all(
    Array.from({ length: 10 }, () => createTestUser(db())),
  );
  const culpritClub = await createTestClub(db(), culprit, { name: `Reported ${word()}` });
  const modClub = await createTestClub(db(), modOwner, { name: `Moderated ${word()}` });
  await addTestMember(db(), modClub, reporter);
  const otherClub = await createTestClub(db(), elsewhere, { name: `Unmoderated ${word()}` });
  const [foreign] = await db()
    .insert(clubMessages)
    .values({ clubId: otherClub.id, userId: elsewhere.id, content: "Not this club's" })
    .returning({ id: clubMessages.id });
  const offenderListingId = await createTestListing(db(), offender, { title: `Fake jersey ${word()}` });
  const base = { modClub, reporter };
  const modContent = await modContentFor(base);
  safeties.set(l, {
    reporter,
    culprit,
    culpritListingId: await createTestListing(db(), culprit, { title: `Suspicious cleats ${word()}` }),
    culpritClub,
    blocker,
    blockee,
    bystander,
    offender,
    offenderListingId,
    modClub,
    modOwner,
    modContent,
    otherClubId: otherClub.id,
    foreignReportId: await insertReport({
      reporterId: elsewhere.id,
      targetType: "club_message",
      targetId: foreign.id,
      targetUserId: elsewhere.id,
      clubId: otherClub.id,
    }),
    // A listing report tagged with the club: still not the club's to moderate (chat and requests only).
    listingReportId: await insertReport({
      reporterId: reporter.id,
      targetType: "listing",
      targetId: offenderListingId,
      targetUserId: offender.id,
      clubId: modClub.id,
    }),
    closedReportId: await insertReport({
      reporterId: elsewhere.id,
      targetType: "club_message",
      targetId: randomUUID(),
      clubId: modClub.id,
      status: "closed",
    }),
    warned,
    warningId: await insertWarning(warned.id, l.siteAdmin.id),
    othersWarningId: await insertWarning(othersWarned.id, l.siteAdmin.id),
    othersWarnedId: othersWarned.id,
    as: { reporter: await http(reporter), blocker: await http(blocker), modOwner: await http(modOwner), warned: await http(warned) },
  });
}

/** A 3xx goes to a path on this site: never `//host`, `/\host` or another origin. */
function expectSameSite(response: APIResponse, what: string) {
  if (response.status() < 300 || response.status() >= 400) return;
  const location = response.headers()["location"] ?? "";
  expect(location, `${what}: redirect target`).toMatch(/^\/(?![/\\])/);
}

/** An id hostile the ways a hand-made request can be: control characters, padding, 10,000 characters. */
const hostileId = (valid: string) =>
  fc.oneof(
    uuidLike,
    fc.constantFrom(
      `${valid}\u0000`,
      `\u0007${valid}`,
      `${valid}\u001b[2J`,
      ` ${valid} `,
      valid.toUpperCase(),
      `${valid}${valid}`,
      "a".repeat(10_000),
    ),
  );
const REPORT_WORDS =
  /Choose a reason|Please tell us what is wrong|Keep the details under 1,000 characters|Remove control characters|This request is too large|Invalid/;
/** A text from just under 1,000 characters to just over, sometimes padded with spaces (trimmed first). */
const detailsAround1000 = fc.oneof(
  fc.integer({ min: 995, max: 1_010 }).map((n) => "d".repeat(n)),
  fc.constantFrom(` ${"d".repeat(1_000)} `, "é".repeat(1_001), "😀".repeat(501)),
);
const blankDetails = fc.constantFrom(
  "",
  " ",
  "   \t\r\n ",
  "\u00a0",
  "\u3000",
  "\u0000",
  "\u0007",
  "\u001b",
  "\u200b",
  "hi\u0000",
  "\u007f",
);

test("report form: every field, hostile", async () => {
  for (const l of lanes) await setUpSafety(l);
  await check(
    (l) => {
      const s = safetyOf(l);
      return fc
        .constantFrom<[ReportTargetType, string]>(
          ["listing", s.culpritListingId],
          ["user", s.culprit.id],
          ["club", s.culpritClub.id],
          ["user", s.reporter.id],
        )
        .chain(([type, id]) =>
          fc.record({
            path: dataPath,
            as: encoding,
            // The form posts to its page's URL (/report?type=…&id=…); sometimes the two disagree.
            query: fc.oneof(
              { weight: 4, arbitrary: fc.constant<Fields>({ type, id }) },
              { weight: 1, arbitrary: fields({ type: field(type, nasty), id: field(id, hostileId(id)) }) },
            ),
            form: fields({
              type: often(type, fc.oneof(nasty, fc.constantFrom(...REPORT_TARGET_TYPES, "LISTING", "__proto__", "post", "comment"))),
              id: often(id, hostileId(id)),
              reason: often("scam", fc.oneof(nasty, fc.constantFrom(...REPORT_REASONS, "SCAM", "spam", "toString", "__proto__"))),
              details: often("", fc.oneof(nasty, detailsAround1000, blankDetails, fc.constant("Looks like a fake"))),
            }),
          }),
        );
    },
    90,
    async ({ path, as, query, form }, l) => {
      const s = safetyOf(l);
      const response = await sendChecked(
        `report ${JSON.stringify(form).slice(0, 200)}`,
        post(s.as.reporter, `/report${path}?${urlencoded(query)}`, form, as),
        {
          rows: () =>
            db()
              .select()
              .from(reports)
              .where(
                or(
                  eq(reports.reporterId, s.reporter.id),
                  inArray(reports.targetId, [s.culpritListingId, s.culprit.id, s.culpritClub.id, s.reporter.id]),
                ),
              )
              .orderBy(asc(reports.id)),
          message: path === ".data" ? REPORT_WORDS : undefined,
          kept: form.details,
        },
      );
      expectSameSite(response, "report");
    },
  );
  // Each once: the edges of the details and the target, by a reporter of their own (clear of the hourly limit).
  const l = lanes[0];
  const s = safetyOf(l);
  const fresh = await createTestUser(db());
  const as = await http(fresh);
  const listing = { type: "listing", id: s.culpritListingId };
  const own = () => db().select().from(reports).where(eq(reports.reporterId, fresh.id));
  const fixed: { what: string; query?: Fields; form: Fields; status: number; message?: RegExp; enc?: "multipart" }[] = [
    {
      what: "1,001 characters of details",
      form: { ...listing, reason: "scam", details: "d".repeat(1_001) },
      status: 400,
      message: /under 1,000/,
    },
    { what: "'other', no details", form: { ...listing, reason: "other" }, status: 400, message: /Please tell us what is wrong/ },
    { what: "'other', blank details", form: { ...listing, reason: "other", details: "" }, status: 400, message: /Please tell us/ },
    {
      what: "'other', whitespace",
      form: { ...listing, reason: "other", details: " \t\r\n\u00a0 " },
      status: 400,
      message: /Please tell us/,
    },
    { what: "'other', a NUL", form: { ...listing, reason: "other", details: "\u0000" }, status: 400, message: /control characters/ },
    { what: "'other', ESC sequence", form: { ...listing, reason: "other", details: "\u001b[2J" }, status: 400, enc: "multipart" },
    {
      what: "a BEL in the details",
      form: { ...listing, reason: "scam", details: "ring\u0007" },
      status: 400,
      message: /control characters/,
    },
    { what: "no reason", form: { ...listing, details: "Looks fake" }, status: 400, message: /Choose a reason/ },
    { what: "two reasons", form: { ...listing, reason: ["scam", "other"], details: "x" }, status: 400, message: /Choose a reason|Invalid/ },
    {
      what: "an unknown type",
      query: { type: "post", id: s.culpritListingId },
      form: { type: "post", id: s.culpritListingId, reason: "scam" },
      status: 404,
    },
    { what: "a NUL in the id", form: { type: "listing", id: `${s.culpritListingId}\u0000`, reason: "scam" }, status: 404 },
    { what: "an ESC in the id", form: { type: "user", id: `\u001b${s.culprit.id}`, reason: "scam" }, status: 404 },
    { what: "a 10,000-character id", form: { type: "listing", id: "a".repeat(10_000), reason: "scam" }, status: 404 },
    { what: "the id of another kind of thing", form: { type: "listing", id: s.culprit.id, reason: "scam" }, status: 404 },
    { what: "a 2 MB body", form: { ...listing, reason: "other", details: "d".repeat(2 * 1024 * 1024) }, status: 413 },
  ];
  for (const { what, query, form, status, message, enc } of fixed) {
    const response = await sendChecked(
      `report: ${what}`,
      post(as, `/report?${urlencoded(query ?? { type: form.type, id: form.id })}`, form, enc),
      {
        rows: own,
        message,
      },
    );
    // A body over the Worker's limit is refused before the route (413) or by the form's own check (400).
    if (status === 413) expect([400, 413], `report: ${what}`).toContain(response.status());
    else expect(response.status(), `report: ${what}`).toBe(status);
  }
  // Exactly 1,000 characters is allowed (after trimming); stored as sent.
  const exact = await sendChecked(
    "report: 1,000 characters",
    post(as, `/report?${urlencoded(listing)}`, { ...listing, reason: "other", details: ` ${"d".repeat(1_000)} ` }),
  );
  expect(exact.status(), "report: 1,000 characters").toBe(303);
  expect((await own()).map((r) => r.details?.length)).toEqual([1_000]);
});

test("block and unblock: the person in the path, the intent, where to go back", async () => {
  for (const l of lanes) await setUpSafety(l);
  await check(
    (l) => {
      const s = safetyOf(l);
      return fc.record({
        person: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(s.blockee.id, s.bystander.id) },
          { weight: 1, arbitrary: fc.constant(s.blocker.id) },
          { weight: 3, arbitrary: hostileId(s.blockee.id).map(encode) },
          { weight: 1, arbitrary: fc.constantFrom("%00", "%2F", "..", "%2e%2e", `${s.blockee.id}%00`, `${s.blockee.id}/extra`) },
        ),
        method: fc.constantFrom("POST", "POST", "POST", "GET"),
        path: dataPath,
        as: encoding,
        form: fields({
          intent: mostly("block", fc.constantFrom("unblock", "BLOCK", "", "delete", "report")),
          redirectTo: field(
            "/player-profile",
            fc.oneof(
              nasty,
              fc.constantFrom("//evil.example", "https://evil.example", "/\\evil", "/%2F%2Fevil", "/ok\u0000", `/${"p".repeat(2_500)}`),
            ),
          ),
          back: field("/", fc.oneof(nasty, fc.constantFrom("//evil.example", "javascript:alert(1)"))),
        }),
      });
    },
    90,
    async ({ person, method, path, as, form }, l) => {
      const s = safetyOf(l);
      const url = `/block/${person || "x"}${path}`;
      const what = `${method} block ${person.slice(0, 60)} ${JSON.stringify(form).slice(0, 200)}`;
      const response =
        method === "GET"
          ? await sendChecked(what, get(s.as.blocker, url, form))
          : await sendChecked(what, post(s.as.blocker, url, form, as), {
              rows: () =>
                db()
                  .select()
                  .from(userBlocks)
                  .where(
                    or(eq(userBlocks.blockerId, s.blocker.id), inArray(userBlocks.blockedId, [s.blocker.id, s.blockee.id, s.bystander.id])),
                  )
                  .orderBy(asc(userBlocks.blockerId), asc(userBlocks.blockedId)),
              // Only a plain segment reaches this route ('..' or '%2F' may resolve to another page).
              message: path === ".data" && /^[\w-]+$/.test(person) ? /Choose Block or Unblock|Invalid/ : undefined,
            });
      expectSameSite(response, what);
    },
  );
  // Blocking yourself stores nothing, by path or in any case.
  const s = safetyOf(lanes[0]);
  for (const id of [s.blocker.id, s.blocker.id.toUpperCase()]) {
    await sendChecked(`block yourself (${id})`, post(s.as.blocker, `/block/${id}`, { intent: "block" }));
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockedId, s.blocker.id))).toEqual([]);
  }
});

test("saved searches: save, rename, pause, resume and delete, with hostile fields and another person's ids", async () => {
  // Each lane's member acts on a saved search of their own; the stranger's is never theirs to touch.
  const ids = new Map<Lane, { mine: string; theirs: string; query: string }>();
  for (const l of lanes) {
    const query = `q=hostile+${word()}`;
    const [mine, theirs] = [
      await saveSearch(db(), l.member, { path: "/", query }),
      await saveSearch(db(), l.stranger, { path: "/", query }),
    ];
    if (!mine.ok || !theirs.ok) throw new Error("saveSearch refused the lane's search");
    ids.set(l, { mine: mine.id, theirs: theirs.id, query });
  }
  const rowsOf = (userId: string) =>
    db().select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id));
  await check(
    (l) => {
      const { mine, theirs } = ids.get(l)!;
      return fc.record({
        path: dataPath,
        as: encoding,
        form: fields({
          intent: mostly("rename", fc.constantFrom("save", "pause", "resume", "delete", "RENAME", "", "x")),
          id: field(mine, fc.oneof(fc.constant(theirs), hostileId(mine))),
          name: field("Pads for Sam", nasty),
          path: field(
            "/sport/hockey",
            fc.oneof(nasty, fc.constantFrom("/", "/sport/curling", "/admin", "//evil.example", "/sport/hockey/", "https://evil.example/")),
          ),
          query: field(
            "q=pads&zip=02139&radius=10",
            fc.oneof(
              nasty,
              fc.constantFrom(
                `sports=${"hockey,".repeat(400)}`,
                `q=${"x".repeat(3_000)}`,
                "priceMin=-5&priceMax=1e309",
                "zip=%00&page=-1",
                "?q=a",
              ),
            ),
          ),
        }),
      });
    },
    80,
    async ({ path, as, form }, l) => {
      const { mine, query } = ids.get(l)!;
      const what = `saved searches ${JSON.stringify(form).slice(0, 200)}`;
      const theirs = JSON.stringify(await rowsOf(l.stranger.id));
      const response = await sendChecked(what, post(l.as.member, `/saved-searches${path}`, form, as), {
        rows: () => rowsOf(l.member.id),
        message: VALIDATION,
        kept: form.intent === "rename" ? form.name : undefined,
      });
      expectSameSite(response, what);
      // Whatever the answer, the other person's saved search is as it was.
      expect(JSON.stringify(await rowsOf(l.stranger.id)), `${what}: another person's saved search changed`).toBe(theirs);
      // A delete that went through: the next input has its search back.
      await db().insert(savedSearches).values({ id: mine, userId: l.member.id, name: "Hostile", path: "/", query }).onConflictDoNothing();
    },
  );
  const stored = {
    savedSearches: await db()
      .select()
      .from(savedSearches)
      .where(
        inArray(
          savedSearches.userId,
          lanes.map((l) => l.member.id),
        ),
      ),
  };
  expect(controlCharactersIn(stored)).toEqual([]);
});

/** What the moderation queue's actions may change, for this lane's offender and the lane people next to them. */
async function moderationRows(l: Lane, more: string[] = []) {
  const s = safetyOf(l);
  const people = [s.offender.id, l.seller.id, l.buyer.id];
  const targets = [s.offenderListingId, l.listingId, ...people, ...more.filter((id) => id.length <= 100)];
  const [open, stored] = await Promise.all([
    db().select().from(reports).where(inArray(reports.targetId, targets)).orderBy(asc(reports.id)),
    Promise.all([
      db().select().from(suspensions).where(inArray(suspensions.userId, people)).orderBy(asc(suspensions.id)),
      db().select().from(warnings).where(inArray(warnings.userId, people)).orderBy(asc(warnings.id)),
      db().select().from(adminAuditLog).where(inArray(adminAuditLog.targetId, targets)).orderBy(asc(adminAuditLog.id)),
      db().select({ id: users.id }).from(users).where(inArray(users.id, people)).orderBy(asc(users.id)),
      db()
        .select({ id: listings.id, status: listings.status })
        .from(listings)
        .where(inArray(listings.id, [s.offenderListingId, l.listingId]))
        .orderBy(asc(listings.id)),
    ]),
  ]);
  const [suspended, warned, audited, people_, listed] = stored;
  return { reports: open, suspended, warned, audited, people: people_, listed };
}

/** Open reports on the offender and their listing, so every valid action has something to act on. */
async function keepReportsOpen(l: Lane) {
  const s = safetyOf(l);
  for (const [targetType, targetId] of [
    ["listing", s.offenderListingId],
    ["user", s.offender.id],
  ] as const) {
    const open = await db()
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open")));
    if (open.length === 0) await insertReport({ reporterId: s.reporter.id, targetType, targetId, targetUserId: s.offender.id });
  }
}
const unliftedSuspension = async (userId: string) =>
  (
    await db()
      .select({ id: suspensions.id })
      .from(suspensions)
      .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt)))
  )[0]?.id ?? null;

const MODERATION_INTENTS = ["dismiss", "remove", "warn", "suspend", "deleteAccount", "lift"] as const;
const MODERATION_WORDS = /Choose a reason|Choose how long|Unknown target|Missing id|Invalid|Too big|Too small|This request is too large/;

test("moderation queue actions, as a site admin", async () => {
  for (const l of lanes) await setUpSafety(l);
  await check(
    (l) => {
      const s = safetyOf(l);
      return fc.constantFrom(...MODERATION_INTENTS).chain((intent) =>
        fc.record({
          intent: fc.constant(intent),
          target: fc.constantFrom<[string, string]>(["listing", s.offenderListingId], ["user", s.offender.id]),
          path: dataPath,
          as: encoding,
          form: fields({
            intent: mostly(intent, fc.constantFrom(...MODERATION_INTENTS, "", "DISMISS", "delete", "ban", "__proto__")),
            // The type of another target, an id of another target, of a lane person nobody reported, or none at all.
            targetType: often("", fc.oneof(nasty, fc.constantFrom(...REPORT_TARGET_TYPES, "LISTING", "account"))),
            targetId: often(
              "",
              fc.oneof(hostileId(s.offender.id), fc.constantFrom(s.offenderListingId, s.offender.id, l.seller.id, l.listingId)),
            ),
            reason: often("scam", fc.oneof(nasty, fc.constantFrom(...REPORT_REASONS, "spam", "SCAM", "toString"))),
            length: often(
              "7",
              fc.oneof(
                nastyNumber,
                fc.constantFrom(...SUSPENSION_LENGTHS, "0", "2", "14", "31", "365", "-1", "forever", "Lifted", "1.0", " 7"),
              ),
            ),
            suspensionId: often("", uuidLike),
          }),
        }),
      );
    },
    100,
    async ({ intent, target, path, as, form }, l) => {
      const s = safetyOf(l);
      await keepReportsOpen(l);
      const body: Fields = {
        ...form,
        // An empty generated value stands for the real one: the offender's target, their suspension.
        targetType: form.targetType === "" ? target[0] : form.targetType,
        targetId: form.targetId === "" ? target[1] : form.targetId,
        suspensionId: form.suspensionId === "" ? ((await unliftedSuspension(s.offender.id)) ?? randomUUID()) : form.suspensionId,
      };
      // Deleting the offender would end the lane's fixture: only hostile targets for that one.
      if (body.intent === "deleteAccount" && body.targetType === "user" && body.targetId === s.offender.id) body.targetId = l.seller.id;
      const valid = moderationIsValid(body, s, await unliftedSuspension(s.offender.id));
      const before = valid ? null : JSON.stringify(await moderationRows(l, ids(body)));
      const response = await sendChecked(
        `moderate ${intent} ${JSON.stringify(body).slice(0, 300)}`,
        post(l.as.siteAdmin, `/admin/reports${path}`, body, as),
        {
          rows: () => moderationRows(l, ids(body)),
          message: path === ".data" ? MODERATION_WORDS : undefined,
        },
      );
      expectSameSite(response, "moderate");
      // A refusal by redirect ('Already handled', another target's id) changes nothing either.
      if (before !== null) expect(JSON.stringify(await moderationRows(l, ids(body))), `moderate ${intent}: rows changed`).toBe(before);
    },
  );
  // Each once, on the offender's open reports: the values the forms never offer are refused in words.
  const l = lanes[0];
  const s = safetyOf(l);
  await keepReportsOpen(l);
  const user = { targetType: "user", targetId: s.offender.id };
  const fixed: { what: string; form: Fields; message?: RegExp; status?: number }[] = [
    { what: "14 days", form: { intent: "suspend", ...user, reason: "scam", length: "14" }, message: /Choose how long/, status: 400 },
    { what: "0 days", form: { intent: "suspend", ...user, reason: "scam", length: "0" }, message: /Choose how long/, status: 400 },
    { what: "'forever'", form: { intent: "suspend", ...user, reason: "scam", length: "forever" }, message: /Choose how long/, status: 400 },
    { what: "a reason not in the list", form: { intent: "warn", ...user, reason: "spam" }, message: /Choose a reason/, status: 400 },
    {
      what: "an unknown target type",
      form: { intent: "dismiss", targetType: "post", targetId: s.offender.id },
      message: /Unknown target/,
      status: 400,
    },
    { what: "an unknown id", form: { intent: "dismiss", targetType: "user", targetId: randomUUID() } },
    { what: "the offender's id as a listing", form: { intent: "remove", targetType: "listing", targetId: s.offender.id } },
    {
      what: "the listing's id as a person",
      form: { intent: "suspend", targetType: "user", targetId: s.offenderListingId, reason: "scam", length: "7" },
    },
    { what: "a person nobody reported", form: { intent: "deleteAccount", targetType: "user", targetId: l.seller.id } },
    { what: "lifting an unknown suspension", form: { intent: "lift", suspensionId: randomUUID() } },
    {
      what: "a 10,000-character id",
      form: { intent: "warn", targetType: "user", targetId: "a".repeat(10_000), reason: "scam" },
      status: 400,
    },
  ];
  for (const { what, form, message, status } of fixed) {
    const before = JSON.stringify(await moderationRows(l, ids(form)));
    const response = await sendChecked(`moderate: ${what}`, post(l.as.siteAdmin, "/admin/reports.data", form), { message });
    if (status) expect(response.status(), `moderate: ${what}`).toBe(status);
    expect(JSON.stringify(await moderationRows(l, ids(form))), `moderate: ${what}: rows changed`).toBe(before);
  }
});

const ids = (form: Fields) => [form.targetId, form.suspensionId].flat().filter((v): v is string => typeof v === "string");

/** Whether the queue could act on this form: otherwise it must change nothing, whatever it answers. */
function moderationIsValid(form: Fields, s: Safety, suspensionId: string | null): boolean {
  const one = (v: Value) => (typeof v === "string" ? v : null);
  const intent = one(form.intent);
  if (!intent || !(MODERATION_INTENTS as readonly string[]).includes(intent)) return false;
  if (intent === "lift") return suspensionId !== null && one(form.suspensionId)?.trim() === suspensionId;
  const type = one(form.targetType);
  const id = one(form.targetId)?.trim();
  const onTarget = (type === "listing" && id === s.offenderListingId) || (type === "user" && id === s.offender.id);
  if (!onTarget) return false;
  if (intent === "warn" || intent === "suspend") {
    if (!(REPORT_REASONS as readonly string[]).includes(one(form.reason) ?? "")) return false;
  }
  if (intent === "suspend" && !(SUSPENSION_LENGTHS as readonly string[]).includes(one(form.length) ?? "")) return false;
  return true;
}

test("club moderators' report actions: the report id", async () => {
  for (const l of lanes) await setUpSafety(l);
  const intents = ["report-dismiss", "report-remove", "report-remove-member"] as const;
  await check(
    (l) => {
      const s = safetyOf(l);
      return fc.constantFrom(...intents).chain((intent) =>
        fc.record({
          intent: fc.constant(intent),
          which: fc.constantFrom("message", "request"),
          path: dataPath,
          form: fields({
            intent: mostly(intent, fc.constantFrom("report-ban", "report-dismiss ", "REPORT-DISMISS", "dismiss", "")),
            reportId: often(
              "",
              fc.oneof(hostileId(s.modContent.messageReportId), fc.constantFrom(s.foreignReportId, s.listingReportId, s.closedReportId)),
            ),
          }),
        }),
      );
    },
    80,
    async ({ intent, which, path, form }, l) => {
      const s = safetyOf(l);
      const valid = which === "message" ? s.modContent.messageReportId : s.modContent.requestReportId;
      const body: Fields = { ...form, reportId: form.reportId === "" ? valid : form.reportId };
      const mine = body.intent === intent && body.reportId === valid;
      const rows = async () => {
        const clubIds = [s.modClub.id, s.otherClubId];
        return {
          reports: await db().select().from(reports).where(inArray(reports.clubId, clubIds)).orderBy(asc(reports.id)),
          messages: await db().select().from(clubMessages).where(inArray(clubMessages.clubId, clubIds)).orderBy(asc(clubMessages.id)),
          requests: await db().select().from(clubRequests).where(inArray(clubRequests.clubId, clubIds)).orderBy(asc(clubRequests.id)),
          members: await db().select().from(clubMembers).where(inArray(clubMembers.clubId, clubIds)).orderBy(asc(clubMembers.id)),
          audit: await db().select().from(adminAuditLog).where(inArray(adminAuditLog.clubId, clubIds)).orderBy(asc(adminAuditLog.id)),
        };
      };
      const before = mine ? null : JSON.stringify(await rows());
      const response = await sendChecked(
        `club moderation ${intent} ${JSON.stringify(body).slice(0, 200)}`,
        post(s.as.modOwner, `/club/${s.modClub.slug}/manage${path}`, body),
        { rows },
      );
      expectSameSite(response, "club moderation");
      // Not this club's open report (another club's, a listing's, closed, or no report at all): nothing changes.
      if (before !== null) expect(JSON.stringify(await rows()), `club moderation ${intent}: rows changed`).toBe(before);
      // Acted on: the next input gets a new member, message, request and reports.
      if (mine && response.status() < 400) s.modContent = await modContentFor(s);
    },
  );
});

test("dismissing a warning: only your own", async () => {
  for (const l of lanes) await setUpSafety(l);
  await check(
    (l) => {
      const s = safetyOf(l);
      return fc.record({
        path: dataPath,
        form: fields({
          intent: mostly("dismissWarning", fc.constantFrom("dismisswarning", "dismiss", "")),
          warningId: often("", fc.oneof(hostileId(s.warningId), fc.constant(s.othersWarningId))),
          redirectTo: field("/", fc.oneof(nasty, fc.constantFrom("//evil.example", "https://evil.example", "/\\evil", "x".repeat(600)))),
          membershipId: field("", uuidLike),
        }),
      });
    },
    60,
    async ({ path, form }, l) => {
      const s = safetyOf(l);
      const body: Fields = { ...form, warningId: form.warningId === "" ? s.warningId : form.warningId };
      const others = () => db().select().from(warnings).where(eq(warnings.userId, s.othersWarnedId));
      const before = JSON.stringify(await others());
      const response = await sendChecked(
        `dismiss warning ${JSON.stringify(body).slice(0, 200)}`,
        post(s.as.warned, `/notifications/acknowledge${path}`, body),
        {
          rows: () =>
            db()
              .select()
              .from(warnings)
              .where(inArray(warnings.userId, [s.warned.id, s.othersWarnedId]))
              .orderBy(asc(warnings.id)),
        },
      );
      expectSameSite(response, "dismiss warning");
      // Someone else's warning stays unseen whatever was sent.
      expect(JSON.stringify(await others()), "someone else's warning").toBe(before);
      const [own] = await db().select({ seenAt: warnings.seenAt }).from(warnings).where(eq(warnings.id, s.warningId));
      if (own.seenAt) s.warningId = await insertWarning(s.warned.id, l.siteAdmin.id);
    },
  );
});

test("audit log filters: hostile query values never widen the result", async () => {
  for (const l of lanes) await setUpSafety(l);
  // At least one entry, so an unfiltered page is not empty by itself.
  const l0 = lanes[0];
  await auditStatement(db(), {
    actor: l0.siteAdmin,
    action: "dismiss_report",
    target: { type: "user", id: safetyOf(l0).offender.id, label: safetyOf(l0).offender.email },
    reason: "scam",
  });
  const valid = (l: Lane) => ({
    actor: l.siteAdmin.email,
    action: "dismiss_report",
    targetType: "user",
    targetId: safetyOf(l).offender.id,
  });
  await check(
    (l) =>
      fc.record({
        path: dataPath,
        query: fields({
          tab: fc.constant("audit"),
          actor: field(
            "",
            fc.oneof(
              nasty,
              fc.constantFrom(l.siteAdmin.email, l.siteAdmin.id, ` ${l.siteAdmin.email} `, l.siteAdmin.email.toUpperCase(), "%", "_"),
            ),
          ),
          action: field("", fc.oneof(nasty, fc.constantFrom(...AUDIT_ACTIONS, "DELETE_USER", "delete_%", "x".repeat(41)))),
          targetType: field("", fc.oneof(nasty, fc.constantFrom(...AUDIT_TARGET_TYPES, "USER", "x".repeat(41)))),
          targetId: field("", fc.oneof(nasty, hostileId(safetyOf(l).offender.id), fc.constant("%"))),
          page: field("1", nastyNumber),
        }),
      }),
    80,
    async ({ path, query }, l) => {
      const response = await sendChecked(`GET audit ${JSON.stringify(query).slice(0, 300)}`, get(l.as.siteAdmin, `/admin${path}`, query));
      if (path === ".data" || response.status() !== 200) return;
      // What the page narrows by: the last of a repeated parameter, trimmed. A value that no entry
      // can hold must leave nothing — never be dropped and show everything.
      const last = (v: Value) => ([v].flat().at(-1) ?? "").trim();
      const known = valid(l);
      const matchesNothing = (["actor", "action", "targetType", "targetId"] as const).some((key) => {
        const value = last(query[key]);
        if (!value) return false;
        if (key === "action") return !(AUDIT_ACTIONS as readonly string[]).includes(value);
        if (key === "targetType") return !(AUDIT_TARGET_TYPES as readonly string[]).includes(value);
        return value.toLowerCase() !== known[key].toLowerCase() && value !== l.siteAdmin.id;
      });
      if (matchesNothing) expect(shown(await response.text()), `audit ${JSON.stringify(query).slice(0, 200)}`).toBe(NOTHING);
    },
  );
  // Each filter alone with a value longer than any entry holds, or a control character: still a filter.
  const fixed: Fields[] = [
    { actor: "a".repeat(201) },
    { actor: `${l0.siteAdmin.email}${" x".repeat(150)}` },
    { actor: "a".repeat(20_000) },
    { actor: `${l0.siteAdmin.email}\u0000` },
    { action: "x".repeat(41) },
    { action: `dismiss_report${"_".repeat(40)}` },
    { targetType: "y".repeat(41) },
    { targetId: "z".repeat(101) },
    { targetId: `${safetyOf(l0).offender.id}${"0".repeat(80)}` },
    { targetId: "z".repeat(10_000) },
    { targetId: `\u001b${safetyOf(l0).offender.id}` },
  ];
  for (const filter of fixed) {
    const what = `GET audit ${JSON.stringify(filter).slice(0, 100)}`;
    const response = await sendChecked(what, get(l0.as.siteAdmin, "/admin", { tab: "audit", ...filter }));
    expect(response.status(), what).toBe(200);
    expect(shown(await response.text()), what).toBe(NOTHING);
  }
  // And the entry written above is found by each filter that names it.
  for (const filter of Object.entries(valid(l0)).map(([key, value]) => ({ [key]: value }))) {
    const body = await (await get(l0.as.siteAdmin, "/admin", { tab: "audit", ...filter })()).text();
    expect(shown(body), `audit ${JSON.stringify(filter)}`).toBe("entries");
  }
});

const NOTHING = "No admin actions match.";
/** What the audit tab shows: no entries, or some (not the whole page, for a readable failure). */
const shown = (html: string) =>
  html.includes(NOTHING) ? NOTHING : html.includes('caption class="sr-only">Audit log') ? "entries" : "neither";

// What was accepted: no text any lane's people could write holds a control character (tabs and
// line breaks only where a textarea allows them). Runs last, over every row the suite made.
test("nothing stored from a hostile input holds a control character", async () => {
  const people = lanes.flatMap((l) => [l.seller, l.buyer, l.owner, l.member, l.stranger, l.siteAdmin].map((u) => u.id));
  const clubIds = lanes.flatMap((l) => [l.club.id, l.otherClub.id]);
  const stored = {
    listings: await db().select().from(listings).where(inArray(listings.userId, people)),
    profiles: await db().select().from(profiles).where(inArray(profiles.userId, people)),
    clubs: await db().select().from(clubs).where(inArray(clubs.id, clubIds)),
    ownClubs: await db()
      .select()
      .from(clubs)
      .where(inArray(clubs.id, db().select({ id: clubMembers.clubId }).from(clubMembers).where(inArray(clubMembers.userId, people)))),
    listingMessages: await db().select().from(listingMessages).where(inArray(listingMessages.senderId, people)),
    clubMessages: await db().select().from(clubMessages).where(inArray(clubMessages.userId, people)),
    directMessages: await db().select().from(clubDirectMessages).where(inArray(clubDirectMessages.senderId, people)),
    requests: await db().select().from(clubRequests).where(inArray(clubRequests.userId, people)),
    // The report form's details (ADR 069), from this worker's reporters.
    reports: await db()
      .select()
      .from(reports)
      .where(inArray(reports.reporterId, [...[...safeties.values()].map((s) => s.reporter.id), ""])),
  };
  expect([...controlCharactersIn(stored), ...(trades.size ? await controlCharactersInTrades() : [])]).toEqual([]);
});
