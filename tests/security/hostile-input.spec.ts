// Issue 14 §2, hostile input: generated inputs (fast-check) sent as plain HTTP to every form and
// query parameter, as the roles that can reach each one. For every input: no response ≥ 500; a
// refusal (4xx) carries a message; and a refused input changed no rows (the tables the form writes
// are read before and after). A fixed seed in CI, a random one locally; fast-check prints the seed
// and the counterexample on failure (re-run with HOSTILE_SEED=<seed>).
import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  clubDirectMessages,
  clubMembers,
  clubMessages,
  clubRequests,
  clubs,
  favorites,
  listingMessages,
  listings,
  profiles,
  sessions,
  users,
} from "../../db/schema";
import { addTestMember, createTestClub, createTestListing, createTestUser, type TestClub, type TestUser } from "../factories";
import { e2eDb, hashSessionToken, SESSION_COOKIE } from "../e2e/fixtures";
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
    const { hostname } = new URL(E2E_BASE_URL);
    cookies.push({
      name: SESSION_COOKIE,
      value: token,
      domain: hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    });
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
  const email = fc.oneof(fc.constant(`someone-${word()}@example.com`), fc.emailAddress(), nasty);
  await check(
    () =>
      fc.record({
        intent: field("signin", fc.constantFrom("signup", "resend", "SIGNIN", "", "x")),
        email: field("nobody@example.com", email),
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
        email: field(`new-${word()}@example.com`, email),
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
  };
  const offending: string[] = [];
  for (const [table, rows] of Object.entries(stored)) {
    for (const row of rows as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        // eslint-disable-next-line no-control-regex
        if (typeof value === "string" && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
          offending.push(`${table}.${column}: ${JSON.stringify(value).slice(0, 80)}`);
      }
    }
  }
  expect(offending).toEqual([]);
});
