import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Client, InStatement, InValue } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import {
  swapDayCheckins,
  swapDayItems,
  appeals,
  heldContent,
  photoMatches,
  silences,
  swapDays,
  clubDirectMessages,
  clubMessages,
  clubRequests,
  deals,
  emailVerificationTokens,
  favorites,
  guardianInvites,
  guardianLinks,
  listingMessages,
  playerGuardians,
  playerInvites,
  players,
  listings,
  photoObjects,
  pushSubscriptions,
  reports,
  reviews,
  savedSearches,
  sessions,
  suspensions,
  userBlocks,
  users,
  warnings,
  type Deal,
  type DealParty,
  type DealState,
  type Review,
} from "../../db/schema";
import { can, SITE, type Actor, type ClubTarget } from "../../app/features/permissions/can";
import type { ClubAction, ClubFacts } from "../../app/features/permissions/club";
import { DEAL_ROLES, type DealRole } from "../../app/features/permissions/deal";
import type { ListingAction } from "../../app/features/permissions/listing";
import type { SiteAction } from "../../app/features/permissions/site";
import { hashPassword } from "../../app/features/accounts/password.server";
import { decide, other, type DealStep } from "../../app/features/trade/deal-machine";
import { counterDeal } from "../../app/features/trade/deal-transitions.server";
import { writeReview } from "../../app/features/trade/reviews.server";
import { getClubAccess } from "../../app/features/clubs/club-access.server";
import { addGearItem, requestToBorrow } from "../../app/features/club-gear/library.server";
import { checkOutGear } from "../../app/features/club-gear/loans.server";
import type { DealStepInput } from "../../app/shared/schemas/deal";
import { saleDeal, type DealFixture, type FixtureStop } from "../deal-fixtures";
import { createTestClub, createTestListing, createTestUser, addTestMember, type TestClub, type TestUser } from "../factories";
import { e2eDb, hashSessionToken, SESSION_COOKIE } from "../e2e/fixtures";
import { E2E_BASE_URL, E2E_OIDC_URL, E2E_VARS } from "../setup/e2e-env";
import { siteActionOfPost } from "../../app/features/permissions/site";
import { recordFigures } from "./figures";
import { ageStepCookie } from "../setup/age-step";
import { solvedSwapDay } from "../swap-day-fixtures";
import { E2E_PUSH_ORIGIN } from "../setup/e2e-env";

// The permission matrix (ADR 045): every mutating route and intent of the app — one
// row each in ROWS below — × the ten roles, each cell one real HTTP request against the e2e stack
// (plain fetch: a session cookie and a same-origin Origin, nothing a browser adds or checks). What
// each cell expects is derived from the permission tables (app/features/permissions: club, site,
// listing, deal — a deal's rows also through the deal machine's `decide` for the state the row set its deal
// up in), asked through the app's own `can(actor, action, target)`, not typed per cell. A deal's rows run a
// ninth role, the deal's proposer (its owner is the listing owner). Every cell asserts the status and redirect, and
// compares the rows of everyone the file made before and after: unchanged when refused, changed
// exactly as the row says when allowed (then put back, so the next cell starts from the same state).
// The first test scans app/routes: a route that exports an action, or an intent it handles, without
// a row here fails the suite, and so does a row naming a route or intent that is gone.
//
// The club-membership actions already swept by tests/security/club-permission-matrix.spec.ts (7 roles ×
// 3 visibilities) are rows here with `coveredBy`, so they are named once and not run twice.
//
// Two safety roles (ADR 069) run over every row, each holding the member's relations (an active member
// of the row's club, nothing else):
// - `suspended` has an active suspension (7 days, by the site admin). Their cell is first the
//   suspension gate's (app/web/session.server.ts): the site table asked for the posted path
//   (`can(actor, siteActionOfPost(path), SITE)`) — not granted: 303 back to the page (where the gate's
//   toast says until when; 403 for /api/*), nothing changed; granted (their own account, /report, /block):
//   the row's own rule, asked with an actor that carries the suspension. A row whose action never
//   reads the session (`noSession`) is not gated: nothing there is theirs to write.
// - `blocked` was blocked by the listing owner and by the club owner (BLOCKERS). A row names whom it
//   writes to or about in `towards`; `involvesBlocker(row)` reads that field: such a row's cell a
//   member would be allowed is refused for them, with `blockedRefusal` (by default the 404 of a
//   listing a block hides), nothing changed. Every other cell is the member's.
// - `pendingTeen` (ADR 092) is 15 with no confirmed guardian, holding the member's relations: their
//   cell is first the same gate, asked for their site roles (`minorPendingGuardian`: browse, favorite,
//   their own account, reports and blocks), then the row's own rule.
// The `coveredBy` rows are the club matrix's (its 7 roles): these roles are not run on them.

const db = () => e2eDb();
/** The same connection, for the generic snapshot SQL (drizzle's libSQL database carries its client). */
const sqlite = () => (e2eDb() as unknown as { $client: Client }).$client;
const word = () => randomBytes(4).toString("hex");
const PASSWORD = "matrix-password-1";

const ROLES = [
  "anonymous",
  "stranger",
  "pending",
  "member",
  "clubAdmin",
  "clubOwner",
  "listingOwner",
  "siteAdmin",
  "suspended",
  "blocked",
  "pendingTeen",
] as const;
/**
 * A deal's rows (ADR 068) have a ninth role: the person who proposed the row's deal. Its owner is
 * the listing owner (their listing was asked for); everyone else is no party. The other rows leave
 * it out: there it would be one more stranger.
 */
const DEAL_ROW_ROLES = [...ROLES, "dealProposer"] as const;
type Role = (typeof DEAL_ROW_ROLES)[number];
type PersonKey = Exclude<Role, "anonymous"> | "bystander";

/** Each role's club_members row in the row's club (none: a stranger there); the listing owner and the site admin are not members. */
const CLUB_MEMBERSHIP: Record<Role, ClubTarget["membership"]> = {
  anonymous: null,
  stranger: null,
  pending: { role: "member", status: "pending" },
  member: { role: "member", status: "active" },
  clubAdmin: { role: "admin", status: "active" },
  clubOwner: { role: "owner", status: "active" },
  listingOwner: null,
  siteAdmin: null,
  suspended: { role: "member", status: "active" },
  blocked: { role: "member", status: "active" },
  pendingTeen: { role: "member", status: "active" },
  dealProposer: null,
};
/** The suspended role's suspension, as the session lookup hands it to `can` (its end is set when it is stored). */
const SUSPENSION = { until: null as string | null, reason: "harassment" as const };
/** The person holding `role` as `can` sees them (only the site admin has the admin flag; the suspended one their suspension). */
const actorOf = (role: Role): Actor =>
  role === "anonymous"
    ? null
    : {
        id: people[role].id,
        isAdmin: role === "siteAdmin",
        suspension: role === "suspended" ? SUSPENSION : null,
        minor: role === "pendingTeen" ? { guardianLinked: false } : null,
      };
/** Who blocked the `blocked` role (at the start of the run): the listing owner, and the club owner of every row's club. */
const BLOCKERS: readonly PersonKey[] = ["listingOwner", "clubOwner"];
/** Who holds each role: members of every row's club, the owner of every row's listing, a site admin. */
type Person = TestUser & { token: string; sessionId: string };
let people: Record<PersonKey, Person>;

// ---------------------------------------------------------------------------------------------
// What the database holds for the people, clubs and listings a row is about
// ---------------------------------------------------------------------------------------------

type Scope = { users: string[]; actors: string[]; clubs: string[]; listings: string[] };
type Row$ = Record<string, unknown>;
type TableSpec = { table: string; key: string[]; where: string; omit?: string[]; appendOnly?: boolean };
// U: users whose own rows are watched; A: users whose rows anywhere are watched; C, L: clubs and listings.
const TABLES: TableSpec[] = [
  { table: "users", key: ["id"], where: "id in U" },
  { table: "profiles", key: ["user_id"], where: "user_id in U" },
  { table: "user_roles", key: ["id"], where: "user_id in U" },
  // last_seen_at moves on its own (every few minutes of use).
  { table: "sessions", key: ["id"], where: "user_id in U", omit: ["last_seen_at"] },
  { table: "email_verification_tokens", key: ["id"], where: "user_id in U" },
  // Teens and guardians (ADR 092).
  { table: "guardian_invites", key: ["id"], where: "teen_id in U" },
  { table: "guardian_links", key: ["id"], where: "teen_id in U or guardian_id in U" },
  // Families (ADR 091): the watched people's players, and everything of a player.
  { table: "player_guardians", key: ["player_id", "user_id"], where: "user_id in A" },
  { table: "player_invites", key: ["id"], where: "invited_by in A" },
  { table: "club_roster_players", key: ["club_id", "player_id"], where: "club_id in C or added_by in A" },
  { table: "outgrown_prompts", key: ["user_id", "player_id", "sport", "season_end", "stage"], where: "user_id in A" },
  { table: "clubs", key: ["id"], where: "id in C" },
  { table: "club_members", key: ["id"], where: "club_id in C or user_id in A" },
  { table: "listings", key: ["id"], where: "id in L" },
  { table: "listing_clubs", key: ["listing_id", "club_id"], where: "listing_id in L or club_id in C" },
  { table: "listing_photos", key: ["id"], where: "listing_id in L" },
  { table: "listing_messages", key: ["id"], where: "listing_id in L or sender_id in A or receiver_id in A" },
  { table: "favorites", key: ["id"], where: "listing_id in L or user_id in A" },
  // Deals (ADR 068): those on a watched listing or of a watched person, with their terms, listings and locks.
  { table: "deals", key: ["id"], where: "listing_id in L or proposer_id in A or owner_id in A" },
  {
    table: "deal_revisions",
    key: ["deal_id", "number"],
    where: "deal_id in (select id from deals where listing_id in L or proposer_id in A or owner_id in A)",
  },
  {
    table: "deal_listings",
    key: ["id"],
    where: "listing_id in L or deal_id in (select id from deals where listing_id in L or proposer_id in A or owner_id in A)",
  },
  { table: "listing_locks", key: ["listing_id"], where: "listing_id in L" },
  // Reviews belong to deals (ADR 068): a watched listing's deals' reviews, and the watched people's.
  {
    table: "reviews",
    key: ["id"],
    where:
      "deal_id in (select id from deals where listing_id in L or proposer_id in A or owner_id in A) or reviewer_id in A or reviewee_id in A",
  },
  { table: "club_messages", key: ["id"], where: "club_id in C or user_id in A" },
  { table: "club_direct_messages", key: ["id"], where: "club_id in C or sender_id in A or receiver_id in A" },
  { table: "club_requests", key: ["id"], where: "club_id in C or user_id in A" },
  // Club Swap Days (ADR 088): a watched club's events and those a watched person made.
  { table: "swap_days", key: ["id"], where: "club_id in C or created_by in A" },
  // The club's gear library (ADRs 093, 097): a watched club's items, units, requests and loans.
  { table: "gear_items", key: ["id"], where: "club_id in C" },
  { table: "gear_units", key: ["id"], where: "club_id in C" },
  { table: "gear_requests", key: ["id"], where: "club_id in C" },
  { table: "gear_loans", key: ["id"], where: "club_id in C" },
  // …their items, want lists, stored results and the table's check-ins (ADRs 089, 090).
  { table: "swap_day_items", key: ["id"], where: "swap_day_id in (select id from swap_days where club_id in C)" },
  {
    table: "swap_day_wants",
    key: ["item_id", "wanted_item_id"],
    where: "item_id in (select si.id from swap_day_items si join swap_days sd on sd.id = si.swap_day_id where sd.club_id in C)",
  },
  { table: "swap_day_inputs", key: ["swap_day_id"], where: "swap_day_id in (select id from swap_days where club_id in C)" },
  { table: "swap_day_rings", key: ["id"], where: "swap_day_id in (select id from swap_days where club_id in C)" },
  {
    table: "swap_day_ring_steps",
    key: ["ring_id", "position"],
    where: "ring_id in (select r.id from swap_day_rings r join swap_days sd on sd.id = r.swap_day_id where sd.club_id in C)",
  },
  {
    table: "swap_day_checkins",
    key: ["item_id"],
    where: "item_id in (select si.id from swap_day_items si join swap_days sd on sd.id = si.swap_day_id where sd.club_id in C)",
  },
  { table: "photo_objects", key: ["r2_key"], where: "owner_id in A" },
  // Safety (ADR 069): reports by or about the watched people and on watched things, blocks, suspensions, warnings.
  {
    table: "reports",
    key: ["id"],
    where: "reporter_id in A or target_user_id in A or club_id in C or target_id in L or target_id in C or target_id in U",
  },
  // Rows of shared people are seen only where a row's own people are involved, so rows side by side never see each other's.
  {
    table: "user_blocks",
    key: ["blocker_id", "blocked_id"],
    where: "blocker_id in A or blocked_id in A or (blocker_id in U and blocked_id in U)",
  },
  { table: "suspensions", key: ["id"], where: "user_id in U" },
  // Saved searches (ADR 071): a person's own, private rows.
  { table: "saved_searches", key: ["id"], where: "user_id in U" },
  // Notification settings (ADR 073): a person's own choices, one row per kind.
  { table: "notification_settings", key: ["user_id", "kind"], where: "user_id in U" },
  // Push devices (ADR 087): a person's own subscriptions.
  { table: "push_subscriptions", key: ["id"], where: "user_id in U" },
  { table: "warnings", key: ["id"], where: "user_id in U" },
  // Trust (ADR 095, 099): holds on watched people's content, silences, appeals; photo matches on watched listings (ADR 094).
  { table: "held_content", key: ["id"], where: "target_user_id in U" },
  { table: "silences", key: ["id"], where: "user_id in U" },
  { table: "appeals", key: ["id"], where: "user_id in U" },
  { table: "photo_matches", key: ["id"], where: "listing_id in L" },
  // Append-only (a trigger refuses deletes): an allowed admin action's entry stays.
  {
    table: "admin_audit_log",
    key: ["id"],
    where: "actor_id in A or target_id in U or target_id in C or target_id in L or club_id in C",
    appendOnly: true,
  },
];

type Snapshot = Map<string, Map<string, Row$>>;
const keyOf = (spec: TableSpec, row: Row$) => spec.key.map((k) => String(row[k])).join("|");

/** Where the matrix's time goes: its snapshots' reads, and the requests themselves (printed with its figures). */
const spent = { snapshotMs: 0, snapshots: 0, sendMs: 0, sends: 0 };

async function snapshot(scope: Scope): Promise<Snapshot> {
  const started = performance.now();
  try {
    return await snapshotNow(scope);
  } finally {
    spent.snapshotMs += performance.now() - started;
    spent.snapshots += 1;
  }
}

async function snapshotNow(scope: Scope): Promise<Snapshot> {
  const client = sqlite();
  // Clubs and listings made by the watched actors count as theirs (a club or listing they create).
  const [extraClubs, extraListings] = await client.batch(
    [
      { sql: "select id from clubs where created_by in (select value from json_each(?))", args: [JSON.stringify(scope.actors)] },
      { sql: "select id from listings where user_id in (select value from json_each(?))", args: [JSON.stringify(scope.actors)] },
    ],
    "read",
  );
  const sets: Record<string, string[]> = {
    U: scope.users,
    A: scope.actors,
    C: [...scope.clubs, ...extraClubs.rows.map((r) => String(r.id))],
    L: [...scope.listings, ...extraListings.rows.map((r) => String(r.id))],
  };
  const statements = TABLES.map((spec) => {
    const args: string[] = [];
    const where = spec.where.replace(/\b([UACL])\b/g, (_m, set: string) => {
      args.push(JSON.stringify(sets[set]));
      return "(select value from json_each(?))";
    });
    return { sql: `select * from ${spec.table} where ${where}`, args };
  });
  const results = await client.batch(statements, "read");
  const snap: Snapshot = new Map();
  TABLES.forEach((spec, i) => {
    const rows = new Map<string, Row$>();
    for (const raw of results[i].rows) {
      const row: Row$ = {};
      for (const column of results[i].columns) row[column] = raw[column];
      rows.set(keyOf(spec, row), row);
    }
    snap.set(spec.table, rows);
  });
  return snap;
}

type Change = { table: string; kind: "added" | "removed" | "changed"; row: Row$; before?: Row$ };
/** A row as compared: without the columns that move on their own. */
const compared = (spec: TableSpec, row: Row$) => JSON.stringify(Object.entries(row).filter(([k]) => !spec.omit?.includes(k)));

function diff(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  for (const spec of TABLES) {
    const a = before.get(spec.table)!;
    const b = after.get(spec.table)!;
    for (const [key, row] of b) {
      const old = a.get(key);
      if (!old) changes.push({ table: spec.table, kind: "added", row });
      else if (compared(spec, old) !== compared(spec, row)) changes.push({ table: spec.table, kind: "changed", row, before: old });
    }
    for (const [key, row] of a) if (!b.has(key)) changes.push({ table: spec.table, kind: "removed", row });
  }
  return changes;
}

/** Puts the watched rows back as they were: added rows go, changed rows revert, removed rows return. */
async function restore(before: Snapshot, after: Snapshot) {
  const changes = diff(before, after);
  const byTable = (kind: Change["kind"]) => changes.filter((c) => c.kind === kind);
  const order = TABLES.map((t) => t.table);
  const spec = (table: string) => TABLES.find((t) => t.table === table)!;
  const whereKey = (s: TableSpec, row: Row$) => ({
    sql: s.key.map((k) => `${k} = ?`).join(" and "),
    args: s.key.map((k) => row[k] as InValue),
  });
  const statements: InStatement[] = [];
  // Children first when deleting, parents first when inserting; changed rows in between (one owner per club).
  for (const c of byTable("added").sort((x, y) => order.indexOf(y.table) - order.indexOf(x.table))) {
    if (spec(c.table).appendOnly) continue;
    const w = whereKey(spec(c.table), c.row);
    statements.push({ sql: `delete from ${c.table} where ${w.sql}`, args: w.args });
  }
  for (const c of byTable("changed")) {
    const w = whereKey(spec(c.table), c.before!);
    const columns = Object.keys(c.before!);
    statements.push({
      sql: `update ${c.table} set ${columns.map((k) => `${k} = ?`).join(", ")} where ${w.sql}`,
      args: [...columns.map((k) => c.before![k] as InValue), ...w.args],
    });
  }
  for (const c of byTable("removed").sort((x, y) => order.indexOf(x.table) - order.indexOf(y.table))) {
    const columns = Object.keys(c.row);
    statements.push({
      sql: `insert into ${c.table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      args: columns.map((k) => c.row[k] as InValue),
    });
  }
  // One transaction; foreign keys are checked at its end (a reverted created_by names a user re-inserted after it).
  if (statements.length) await sqlite().batch([{ sql: "pragma defer_foreign_keys = on", args: [] }, ...statements], "write");
}

const describe = (c: Change) => `${c.kind} ${c.table} ${JSON.stringify(c.row).slice(0, 160)}`;

/**
 * The allowed change, and nothing else: every change must match one of `wanted`, and each of
 * `wanted` must have happened (exactly `count` times when given).
 */
type Wanted = {
  table: string;
  kind: Change["kind"];
  where?: Row$ | ((row: Row$, c: Change) => boolean);
  count?: number;
  optional?: boolean;
};
function expectOnly(changes: Change[], ...wanted: Wanted[]) {
  const matches = (w: Wanted, c: Change) =>
    w.table === c.table &&
    w.kind === c.kind &&
    (typeof w.where === "function" ? w.where(c.row, c) : Object.entries(w.where ?? {}).every(([k, v]) => c.row[k] === v));
  const stray = changes.filter((c) => !wanted.some((w) => matches(w, c)));
  expect(stray.map(describe), "rows of others changed").toEqual([]);
  for (const w of wanted) {
    const n = changes.filter((c) => matches(w, c)).length;
    if (w.count !== undefined) expect(n, `${w.kind} ${w.table}: ${JSON.stringify(w.where ?? {})}`).toBe(w.count);
    else if (!w.optional) expect(n, `${w.kind} ${w.table}: ${JSON.stringify(w.where ?? {})}`).toBeGreaterThan(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Worlds: what a row acts on, made for that row so rows can run side by side
// ---------------------------------------------------------------------------------------------

type WorldClub = TestClub & { facts: ClubFacts; membership: Partial<Record<PersonKey, string>> };
class World {
  users: string[] = [];
  clubs: string[] = [];
  listings: string[] = [];
  club!: WorldClub;
  listing!: string;
  /** Row-specific people (targets) and ids of seeded rows. */
  extra: Record<string, Person> = {};
  perRole: Partial<Record<Role, Person>> = {};
  ids: Record<string, string> = {};
  /** A deal row's deal, as set up (deals below). */
  dealSetUp?: DealSetUp;

  /** A club where pending, member, club admin and club owner hold their roles (and the bystander is a member). */
  async addClub(opts: { visibility?: "public" | "members_only" | "private"; joinMode?: "open" | "approval" | "code" } = {}) {
    const visibility = opts.visibility ?? "public";
    const joinMode = opts.joinMode ?? "open";
    const inviteCode = `CODE${word()}`.toUpperCase();
    const club = await createTestClub(db(), people.clubOwner, { name: `Matrix ${word()}`, visibility, joinMode, inviteCode });
    const membership: WorldClub["membership"] = {};
    membership.clubAdmin = await addTestMember(db(), club, people.clubAdmin, { role: "admin" });
    membership.member = await addTestMember(db(), club, people.member, { approvalNotified: false });
    membership.bystander = await addTestMember(db(), club, people.bystander);
    membership.pending = await addTestMember(db(), club, people.pending, { status: "pending" });
    // The two safety roles (ADR 069) hold the member's relations.
    membership.suspended = await addTestMember(db(), club, people.suspended);
    membership.blocked = await addTestMember(db(), club, people.blocked);
    membership.pendingTeen = await addTestMember(db(), club, people.pendingTeen);
    this.clubs.push(club.id);
    const facts: ClubFacts = { visibility, joinMode, allowJoinRequests: true, showPricesInPreview: false };
    return { ...club, facts, membership } satisfies WorldClub;
  }

  /** A public listing by the listing owner. */
  async addListing(seller: TestUser = people.listingOwner, clubs: Pick<TestClub, "id">[] = []) {
    const id = await createTestListing(db(), seller, { title: `Matrix listing ${word()}`, clubs });
    this.listings.push(id);
    return id;
  }

  /** A person only this row knows (a target to delete, sign in as, verify…). */
  async addPerson(name: string, opts: { verified?: boolean; password?: boolean } = {}) {
    const person = await makePerson(name, { password: opts.password });
    if (opts.verified === false) await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, person.id));
    this.users.push(person.id);
    return person;
  }

  scope(): Scope {
    return {
      users: [...Object.values(people).map((p) => p.id), ...this.users],
      actors: this.users,
      clubs: this.clubs,
      listings: this.listings,
    };
  }
}

let passwordHash: Awaited<ReturnType<typeof hashPassword>>;
async function makePerson(firstName: string, opts: { admin?: boolean; password?: boolean } = {}): Promise<Person> {
  const user = await createTestUser(db(), { firstName, lastName: `Matrix${word()}`, admin: opts.admin });
  if (opts.password !== false)
    await db()
      .update(users)
      .set({ passwordHash: passwordHash.hash, passwordAlgo: passwordHash.algo, passwordParams: passwordHash.params })
      .where(eq(users.id, user.id));
  const token = randomBytes(32).toString("base64url");
  const [session] = await db()
    .insert(sessions)
    .values({ tokenHash: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: sessions.id });
  return { ...user, token, sessionId: session.id };
}

// ---------------------------------------------------------------------------------------------
// Requests and outcomes
// ---------------------------------------------------------------------------------------------

type Outcome = { status: number; location: string | null; body: string; cookies: string[] };
type Cell = {
  row: Row;
  role: Role;
  person: Person | null;
  w: World;
  /** The path the cell posted to (the suspension gate's page). */ path?: string;
};

/** A plain form POST as a browser would send it from our own page: the session cookie and our Origin. */
async function post(cell: Cell, path: string, form: Record<string, string> | FormData, cookie?: string): Promise<Outcome> {
  cell.path = path;
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  const cookies = [...(cell.person ? [`${SESSION_COOKIE}=${cell.person.token}`] : []), ...(cookie ? [cookie] : [])];
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: E2E_BASE_URL, ...(cookies.length ? { Cookie: cookies.join("; ") } : {}) },
    body,
  });
  const raw = response.headers.get("location");
  const url = raw ? new URL(raw, E2E_BASE_URL) : null;
  const location = url ? (url.origin === E2E_BASE_URL ? url.pathname + url.search : url.href) : null;
  return { status: response.status, location, body: await response.text(), cookies: response.headers.getSetCookie() };
}

const photo = (name: "photo.jpg" | "photo.png") =>
  new Blob([readFileSync(join("tests/fixtures", name))], { type: name.endsWith("png") ? "image/png" : "image/jpeg" });
const multipart = (fields: Record<string, string>, files: Record<string, Blob>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, v] of Object.entries(files)) form.set(k, v, k === "logo" ? "logo.png" : "photo.jpg");
  return form;
};

/** What a cell should get: allowed, or one specific refusal (status, and the redirect target when there is one). */
type Expected = { allowed: true } | { status: number; location?: string | null };
const allowed: Expected = { allowed: true };
const toAuth = (path: string): Expected => ({ status: 302, location: `/auth?${new URLSearchParams({ redirectTo: path })}` });
const notFound: Expected = { status: 404 };
const label = (e: Expected) => ("allowed" in e ? "allowed" : `${e.status}${e.location ? ` → ${e.location}` : ""}`);

// ---------------------------------------------------------------------------------------------
// Rules: each expectation comes from a domain table
// ---------------------------------------------------------------------------------------------

const clubPath = (w: World) => `/club/${w.club.slug}`;
const clubCan = (role: Role, w: World, action: ClubAction) =>
  can(actorOf(role), action, { kind: "club", club: w.club.facts, membership: CLUB_MEMBERSHIP[role] });

/** The refusal every club route gives (ADR 025): hidden → 404; signed out → sign in; else back to the club. */
function clubRefusal(role: Role, w: World): Expected {
  if (!clubCan(role, w, "view")) return notFound;
  if (role === "anonymous") return toAuth(clubPath(w));
  return { status: 303, location: clubPath(w) };
}

/**
 * A club action behind a route gate (`gate`, e.g. readMessages for the messages route): refused at
 * the gate the shared way; past the gate but not allowed the action, the route's own answer.
 */
function clubRule(action: ClubAction, gate: ClubAction, inner?: (role: Role, w: World) => Expected) {
  return (role: Role, w: World): Expected => {
    if (clubCan(role, w, action)) return allowed;
    if (!clubCan(role, w, gate) || !inner) return clubRefusal(role, w);
    return inner(role, w);
  };
}

/** A listing action (the listing table; the row's listing is the listing owner's): signed out → sign in; not allowed → `refusal` (404 by default). */
function listingRule(action: ListingAction, path: (w: World) => string, refusal: (w: World) => Expected = () => notFound) {
  return (role: Role, w: World): Expected => {
    if (role === "anonymous") return toAuth(path(w));
    return can(actorOf(role), action, { kind: "listing", ownerId: people.listingOwner.id }) ? allowed : refusal(w);
  };
}

/** A site-admin action (the site table): signed out → sign in; others → 'Access Denied' on the home page. */
function siteRule(action: SiteAction, path: string) {
  return (role: Role): Expected => {
    if (role === "anonymous") return toAuth(path);
    return can(actorOf(role), action, SITE) ? allowed : { status: 302, location: "/" };
  };
}

/** Something every signed-in person may do to their own account; signed out → sign in. */
const selfRule =
  (path: string) =>
  (role: Role): Expected =>
    role === "anonymous" ? toAuth(path) : allowed;
/** Open to everyone (sign-in forms, public toggles); dev routes in the e2e stack, where they are on. */
const everyone = (): Expected => allowed;

// ---------------------------------------------------------------------------------------------
// Deals (ADR 068): the steps of /deals/{id}, each row a deal set up in the state its step needs
// ---------------------------------------------------------------------------------------------

type DealIntent = DealStepInput["intent"];
/** The step (of the permission table and the deal machine) each form's intent takes. */
const STEP_OF: Record<DealIntent, DealStep> = {
  counter: "counter",
  accept: "accept",
  decline: "decline",
  withdraw: "withdraw",
  meetup: "proposeMeetup",
  "confirm-meetup": "confirmMeetup",
  "handed-over": "handOver",
  cancel: "cancel",
  review: "review",
  reply: "reply",
};
const DAY_MS = 24 * 60 * 60 * 1000;
const MEETUP_PLACE = "Matrix field, gate B";
const REPLY = "Thanks from the matrix";
const COUNTER_CENTS = 3000;

/** The row's deal as it was set up (read back after the fixture), with its reviews. */
type DealSetUp = { deal: Deal; reviews: Review[] };
const dealOf = (w: World) => w.dealSetUp!.deal;
const dealPath = (w: World) => `/deals/${dealOf(w).id}`;
/** The deal's parties among the roles: the proposer, and the listing owner whose listing was asked for. */
const partyOfRole = (role: Role): DealParty | null => (role === "dealProposer" ? "proposer" : role === "listingOwner" ? "owner" : null);

/**
 * The state `party`'s step leads the row's deal to, or null when it is refused: the deal machine's
 * `decide` for the deal as set up (state, whose turn, whose meeting place, who handed over) — and for a
 * review or a reply what the reviews hold, which the machine leaves to reviews.server.ts (your review
 * not yet published; a published review about you, not yet answered).
 */
function dealStepTo(intent: DealIntent, party: DealParty, w: World): DealState | null {
  const { deal, reviews: onDeal } = w.dealSetUp!;
  const seen = intent === "counter" || intent === "accept" || intent === "decline" ? deal.revision : undefined;
  const decided = decide(deal, party, STEP_OF[intent], new Date(), seen);
  if (!decided.ok) return null;
  if (intent === "review" && onDeal.some((r) => r.reviewerRole === party && r.publishedAt)) return null;
  if (intent === "reply" && !onDeal.some((r) => r.reviewerRole === other(party) && r.publishedAt && r.reply === null)) return null;
  return decided.to ?? deal.state;
}

/**
 * Signed out → sign in; not a party (the table: strangers, club people, a site admin, who may only look) → 404;
 * a party the table does not grant the step (the owner withdrawing) or the machine refuses → 409.
 */
const dealRule =
  (intent: DealIntent) =>
  (role: Role, w: World): Expected => {
    if (role === "anonymous") return toAuth(dealPath(w));
    const deal = dealOf(w);
    const target = { kind: "deal", proposerId: deal.proposerId, ownerId: deal.ownerId } as const;
    if (!can(actorOf(role), "view", target) || partyOfRole(role) === null) return notFound;
    if (!can(actorOf(role), STEP_OF[intent], target)) return { status: 409 };
    return dealStepTo(intent, partyOfRole(role)!, w) ? allowed : { status: 409 };
  };

/** A valid body for each form: the revision the page showed, a place and a day, a reason, stars, words. */
function dealForm(intent: DealIntent, deal: Deal): Record<string, string> {
  switch (intent) {
    case "counter":
      return {
        intent,
        revision: String(deal.revision),
        cash: String(COUNTER_CENTS / 100),
        cashFrom: "proposer",
        message: "Matrix counter",
      };
    case "accept":
    case "decline":
      return { intent, revision: String(deal.revision) };
    case "meetup":
      return { intent, place: MEETUP_PLACE, at: new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 16) };
    case "cancel":
      return { intent, reason: "changed_my_mind" };
    case "review":
      return { intent, rating: "4", comment: "Matrix review" };
    case "reply":
      return { intent, reply: REPLY };
    default:
      return { intent };
  }
}

/** What an allowed step writes: the deal in the state `decide` named, and its step's own rows — nothing else. */
function dealStepDone(intent: DealIntent) {
  return (cell: Cell, out: Outcome, changes: Change[]) => {
    redirectTo(out, dealPath(cell.w), [303]);
    const deal = dealOf(cell.w);
    const party = partyOfRole(cell.role)!;
    const to = dealStepTo(intent, party, cell.w);
    const listing = cell.w.listing;
    const dealNow = (more: (r: Row$) => boolean = () => true): Wanted => ({
      table: "deals",
      kind: "changed",
      where: (r) => r.id === deal.id && r.state === to && more(r),
      count: 1,
    });
    const listingNow = (status: string): Wanted => ({ table: "listings", kind: "changed", where: { id: listing, status }, count: 1 });
    const lockGone: Wanted = { table: "listing_locks", kind: "removed", where: { listing_id: listing, deal_id: deal.id }, count: 1 };
    switch (intent) {
      case "counter":
        return expectOnly(
          changes,
          dealNow((r) => r.revision === deal.revision + 1 && r.turn === other(party)),
          {
            table: "deal_revisions",
            kind: "added",
            where: { deal_id: deal.id, number: deal.revision + 1, author: party, cash_cents: COUNTER_CENTS },
            count: 1,
          },
        );
      case "accept":
        return expectOnly(
          changes,
          dealNow((r) => r.turn === null),
          { table: "listing_locks", kind: "added", where: { listing_id: listing, deal_id: deal.id }, count: 1 },
          listingNow("pending_pickup"),
        );
      case "meetup":
        return expectOnly(
          changes,
          dealNow((r) => r.meetup_place === MEETUP_PLACE && r.meetup_proposed_by === party),
        );
      case "handed-over":
        // The second side's hand-over completes the deal: the listing sold, its lock gone.
        return to === "completed" ? expectOnly(changes, dealNow(), listingNow("sold"), lockGone) : expectOnly(changes, dealNow());
      case "cancel":
        return expectOnly(
          changes,
          dealNow((r) => r.closed_by === party && r.close_reason === "changed_my_mind"),
          listingNow("active"),
          lockGone,
        );
      case "review":
        // The first review stays hidden until the other party writes theirs (double-blind).
        return expectOnly(changes, {
          table: "reviews",
          kind: "added",
          where: { deal_id: deal.id, reviewer_id: me(cell), reviewer_role: party, rating: 4, published_at: null },
          count: 1,
        });
      case "reply":
        return expectOnly(changes, {
          table: "reviews",
          kind: "changed",
          where: (r) => r.deal_id === deal.id && r.reviewee_id === me(cell) && r.reply === REPLY,
          count: 1,
        });
      default:
        return expectOnly(changes, dealNow());
    }
  };
}

function mustStep<T extends { ok: boolean }>(result: T, what: string): T {
  if (!result.ok) throw new Error(`matrix deal: ${what} refused: ${JSON.stringify(result)}`);
  return result;
}

/** The owner counters the first offer: the turn passes to the proposer (revision 2). */
const ownerCounters = async (f: DealFixture) =>
  void mustStep(
    await counterDeal(db(), f.seller, f.dealId, 1, { cashCents: 4500, cashFrom: "proposer", message: "Meet me halfway" }),
    "counter",
  );

type DealSetup = { variant: string; stop: FixtureStop; then?: (f: DealFixture) => Promise<void> };
const OWNERS_TURN: DealSetup = { variant: "a new offer, the owner's turn", stop: "proposed" };
const PROPOSERS_TURN: DealSetup = { variant: "countered, the proposer's turn", stop: "proposed", then: ownerCounters };

/** Each intent in the states that tell its rule apart (whose turn; first or second hand-over; which reviews are out). */
const DEAL_SETUPS: Record<DealIntent, DealSetup[]> = {
  counter: [OWNERS_TURN, PROPOSERS_TURN],
  accept: [OWNERS_TURN, PROPOSERS_TURN],
  decline: [OWNERS_TURN, PROPOSERS_TURN],
  withdraw: [OWNERS_TURN, PROPOSERS_TURN],
  meetup: [{ variant: "accepted, no meeting place yet", stop: "accepted" }],
  "confirm-meetup": [{ variant: "accepted, the owner proposed the meeting place", stop: "meetupProposed" }],
  "handed-over": [
    { variant: "meeting place agreed", stop: "meetupAgreed" },
    { variant: "the proposer already handed over", stop: "handedOver" },
  ],
  cancel: [{ variant: "accepted", stop: "accepted" }],
  review: [{ variant: "completed, no reviews yet", stop: "completed" }],
  reply: [
    {
      variant: "completed, both reviewed (both published)",
      stop: "completed",
      then: async (f) => {
        mustStep(await writeReview(db(), f.buyer, f.dealId, { rating: 5, comment: "Smooth" }), "proposer's review");
        mustStep(await writeReview(db(), f.seller, f.dealId, { rating: 4, comment: "On time" }), "owner's review");
      },
    },
    {
      variant: "completed, only the owner reviewed (published after 14 days)",
      stop: "completed",
      then: async (f) => {
        mustStep(await writeReview(db(), f.seller, f.dealId, { rating: 4, comment: "On time" }), "owner's review");
        // What the deal clock does when the blind window has passed, for this deal only.
        await db().update(reviews).set({ publishedAt: new Date() }).where(eq(reviews.dealId, f.dealId));
      },
    },
  ],
};

/** A cash offer by the deal's proposer on a new listing of the listing owner, taken to the row's state through the real steps. */
async function dealWorld(w: World, setup: DealSetup) {
  const f = await saleDeal(db(), setup.stop, { seller: people.listingOwner, buyer: people.dealProposer, title: `Matrix deal ${word()}` });
  w.listing = f.listingId;
  w.listings.push(f.listingId);
  await setup.then?.(f);
  const [deal] = await db().select().from(deals).where(eq(deals.id, f.dealId));
  w.dealSetUp = { deal, reviews: await db().select().from(reviews).where(eq(reviews.dealId, f.dealId)) };
}

const DEAL_STEP_ROWS: Row[] = (Object.keys(DEAL_SETUPS) as DealIntent[]).flatMap((intent) =>
  DEAL_SETUPS[intent].map((setup): Row => ({
    route: "deals.$id.tsx",
    intent,
    variant: setup.variant,
    roles: DEAL_ROW_ROLES,
    world: (w) => dealWorld(w, setup),
    // The deal goes with the row (its revisions, listings, lock and reviews cascade): the shared people keep no deals.
    cleanup: async (w) =>
      void (await db()
        .delete(deals)
        .where(eq(deals.id, dealOf(w).id))),
    expected: dealRule(intent),
    send: (cell) => post(cell, dealPath(cell.w), dealForm(intent, dealOf(cell.w))),
    allowed: dealStepDone(intent),
  })),
);

// ---------------------------------------------------------------------------------------------
// The site moderation queue (ADR 069): each intent on an open report of a person only the row knows
// ---------------------------------------------------------------------------------------------

/** An open report by a person only the row knows (so no other row's people change). */
async function openReport(
  w: World,
  target: { targetType: "listing" | "user" | "club_message"; targetId: string; targetUserId: string; clubId?: string },
) {
  const reporter = await w.addPerson("Rpt", { password: false });
  const [row] = await db()
    .insert(reports)
    .values({ reporterId: reporter.id, reason: "scam", excerpt: "Reported by the matrix", ...target })
    .returning({ id: reports.id });
  return row.id;
}

type ModerationIntent = "dismiss" | "remove" | "warn" | "suspend" | "deleteAccount" | "lift";
const QUEUE = "/admin/reports";

/** Each intent on what it acts on: a reported listing (dismiss, remove), a reported person, a suspension to lift. */
const MODERATION_ROWS: Row[] = (["dismiss", "remove", "warn", "suspend", "deleteAccount", "lift"] as const).map(
  (intent: ModerationIntent): Row => ({
    route: "admin_.reports.tsx",
    intent,
    world: async (w) => {
      const person = (w.extra.target = await w.addPerson("Rep"));
      if (intent === "dismiss" || intent === "remove") {
        w.listing = await w.addListing(person);
        w.ids.report = await openReport(w, { targetType: "listing", targetId: w.listing, targetUserId: person.id });
      } else if (intent === "lift") {
        const [row] = await db()
          .insert(suspensions)
          .values({ userId: person.id, reason: "scam", endsAt: new Date(Date.now() + 7 * DAY_MS), createdBy: people.siteAdmin.id })
          .returning({ id: suspensions.id });
        w.ids.suspension = row.id;
      } else {
        w.ids.report = await openReport(w, { targetType: "user", targetId: person.id, targetUserId: person.id });
      }
    },
    expected: siteRule("moderate", QUEUE),
    send: (cell) => {
      const { extra, listing, ids } = cell.w;
      if (intent === "lift") return post(cell, QUEUE, { intent, suspensionId: ids.suspension });
      const target =
        intent === "dismiss" || intent === "remove"
          ? { targetType: "listing", targetId: listing }
          : { targetType: "user", targetId: extra.target.id };
      return post(cell, QUEUE, { intent, ...target, reason: "scam", length: "7" });
    },
    allowed: (cell, out, changes) => {
      redirectTo(out, QUEUE);
      const person = cell.w.extra.target.id;
      const audit = (action: string): Wanted => ({
        table: "admin_audit_log",
        kind: "added",
        where: { actor_id: me(cell), action },
        count: 1,
      });
      const closed = (outcome: string): Wanted => ({
        table: "reports",
        kind: "changed",
        where: { id: cell.w.ids.report, status: "closed", outcome, handled_by: me(cell) },
        count: 1,
      });
      switch (intent) {
        case "dismiss":
          return expectOnly(changes, closed("dismissed"), audit("dismiss_report"));
        case "remove":
          return expectOnly(
            changes,
            closed("removed"),
            { table: "listings", kind: "removed", where: { id: cell.w.listing }, count: 1 },
            audit("delete_listing"),
          );
        case "warn":
          return expectOnly(
            changes,
            closed("warned"),
            { table: "warnings", kind: "added", where: { user_id: person, created_by: me(cell) }, count: 1 },
            audit("warn_user"),
          );
        case "suspend":
          return expectOnly(
            changes,
            closed("suspended"),
            { table: "suspensions", kind: "added", where: { user_id: person, created_by: me(cell), lifted_at: null }, count: 1 },
            audit("suspend_user"),
          );
        case "deleteAccount":
          return expectOnly(
            changes,
            closed("deleted"),
            { table: "users", kind: "removed", where: { id: person }, count: 1 },
            { table: "profiles", kind: "removed", where: { user_id: person }, count: 1 },
            { table: "sessions", kind: "removed", where: { user_id: person }, count: 1 },
            audit("delete_user"),
          );
        case "lift":
          return expectOnly(
            changes,
            { table: "suspensions", kind: "changed", where: (r) => r.id === cell.w.ids.suspension && r.lifted_by === me(cell), count: 1 },
            audit("lift_suspension"),
          );
      }
    },
  }),
);

/** A silence of a row's own person (ADR 095), as the report's batch writes it. */
async function silence(w: World) {
  const person = (w.extra.target = await w.addPerson("Sil", { password: false }));
  const reportId = await openReport(w, { targetType: "user", targetId: person.id, targetUserId: person.id });
  const [row] = await db().insert(silences).values({ userId: person.id, reportId }).returning({ id: silences.id });
  return row.id;
}

/** Trust (ADR 094, 095, 099): a photo match decided, a silence lifted, an appeal filed and decided. */
const TRUST_ROWS: Row[] = [
  {
    route: "admin_.reports.photo-matches.tsx",
    intent: null,
    variant: "dismiss",
    world: async (w) => {
      w.listing = await w.addListing();
      const [match] = await db()
        .insert(photoMatches)
        .values({
          listingId: w.listing,
          photoKey: `matrix/${word()}.jpg`,
          matchedPhotoKey: `matrix/${word()}.jpg`,
          matchedOwnerId: people.bystander.id,
          matchedTitle: "Matrix original",
          distance: 3,
        })
        .returning({ id: photoMatches.id });
      w.ids.match = match.id;
    },
    expected: siteRule("moderate", `${QUEUE}/photo-matches`),
    send: (cell) => post(cell, `${QUEUE}/photo-matches`, { intent: "dismiss", matchId: cell.w.ids.match }),
    allowed: (cell, out, changes) => {
      redirectTo(out, QUEUE);
      expectOnly(
        changes,
        { table: "photo_matches", kind: "changed", where: { id: cell.w.ids.match, status: "dismissed", decided_by: me(cell) }, count: 1 },
        { table: "admin_audit_log", kind: "added", where: { actor_id: me(cell), action: "dismiss_photo_match" }, count: 1 },
      );
    },
  },
  {
    route: "admin_.reports.tsx",
    intent: "liftSilence",
    world: async (w) => void (w.ids.silence = await silence(w)),
    expected: siteRule("moderate", QUEUE),
    send: (cell) => post(cell, QUEUE, { intent: "liftSilence", silenceId: cell.w.ids.silence }),
    allowed: (cell, out, changes) => {
      redirectTo(out, QUEUE);
      expectOnly(
        changes,
        { table: "silences", kind: "changed", where: (r) => r.id === cell.w.ids.silence && r.lifted_by === me(cell), count: 1 },
        { table: "admin_audit_log", kind: "added", where: { actor_id: me(cell), action: "lift_silence" }, count: 1 },
      );
    },
  },
  {
    route: "admin_.reports.tsx",
    intent: "decideAppeal",
    // A silence (the system's decision) appealed by its person: any site admin may judge it.
    world: async (w) => {
      w.ids.silence = await silence(w);
      const [appeal] = await db()
        .insert(appeals)
        .values({ userId: w.extra.target.id, subject: "silence", decisionId: w.ids.silence, decidedBy: "system", text: "Matrix appeal" })
        .returning({ id: appeals.id });
      w.ids.appeal = appeal.id;
    },
    expected: siteRule("decideAppeal", QUEUE),
    send: (cell) => post(cell, QUEUE, { intent: "decideAppeal", appealId: cell.w.ids.appeal, outcome: "reverse" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, QUEUE);
      expectOnly(
        changes,
        { table: "appeals", kind: "changed", where: { id: cell.w.ids.appeal, status: "upheld", judge_id: me(cell) }, count: 1 },
        { table: "silences", kind: "changed", where: (r) => r.id === cell.w.ids.silence && r.lifted_by === me(cell), count: 1 },
        { table: "admin_audit_log", kind: "added", where: { actor_id: me(cell), action: "appeal_upheld" }, count: 1 },
      );
    },
  },
  {
    route: "appeal.tsx",
    intent: "appeal",
    // The hold is a shared person's row (the listing owner's): alone, or a neighbour's snapshot takes it for its own change.
    exclusive: true,
    // A hold on the listing owner's listing (ADR 095): theirs to appeal; anyone else's is a 404.
    world: async (w) => {
      w.listing = await w.addListing();
      const reportId = await openReport(w, { targetType: "listing", targetId: w.listing, targetUserId: people.listingOwner.id });
      const [hold] = await db()
        .insert(heldContent)
        .values({ targetType: "listing", targetId: w.listing, targetUserId: people.listingOwner.id, reportId })
        .returning({ id: heldContent.id });
      w.ids.hold = hold.id;
    },
    cleanup: async (w) => void (await db().delete(heldContent).where(eq(heldContent.id, w.ids.hold))),
    // Signed out → sign in; the site table's `appeal` (kept while suspended or silenced); only one's own decision.
    expected: (role) => {
      if (role === "anonymous") return toAuth("/appeal");
      if (!can(actorOf(role), "appeal", SITE)) return { status: 303, location: "/appeal" };
      return role === "listingOwner" ? allowed : notFound;
    },
    send: (cell) => post(cell, "/appeal", { intent: "appeal", subject: "hold", decision: cell.w.ids.hold, text: "Appealed by the matrix" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/appeal", [303]);
      expectOnly(changes, {
        table: "appeals",
        kind: "added",
        where: { user_id: me(cell), subject: "hold", decision_id: cell.w.ids.hold, status: "open" },
        count: 1,
      });
    },
  },
];

// ---------------------------------------------------------------------------------------------
// The rows: every mutating route and intent
// ---------------------------------------------------------------------------------------------

type Row = {
  /** The route module under app/routes. */
  route: string;
  /** The `intent` value, or null for an action without intents. */
  intent: string | null;
  /** Which of several cells of one intent (own vs someone else's). */
  variant?: string;
  /** Only where DEV_ROUTES is on (404 in production, web/dev-routes.server.ts); expected as in the e2e stack. */
  devOnly?: boolean;
  /** Cells run by tests/security/club-permission-matrix.spec.ts for this club action. */
  coveredBy?: ClubAction;
  /** Changes the shared people's own rows (profile, sessions, account): runs alone, watching everything. */
  exclusive?: boolean;
  world?: (w: World) => Promise<void>;
  /** Removes what `world` added to the shared people. */
  cleanup?: (w: World) => Promise<void>;
  expected?: (role: Role, w: World) => Expected;
  /** The roles it is run as: ROLES, or DEAL_ROW_ROLES for a deal's steps. */
  roles?: readonly Role[];
  send?: (cell: Cell) => Promise<Outcome>;
  /** What an allowed cell answers and changes. */
  allowed?: (cell: Cell, out: Outcome, changes: Change[]) => void | Promise<void>;
  /** Whom the row writes to or about besides the sender (the owner of its listing, a message's receiver): see involvesBlocker. */
  towards?: PersonKey;
  /** How the app refuses the blocked role where the row involves who blocked them (default: the hidden listing's 404). */
  blockedRefusal?: (w: World) => Expected;
  /** The action never reads the session (an unknown path, starting a Google sign-in): the suspension gate never sees it. */
  noSession?: boolean;
};

/** Whether the row writes to or about someone who blocked the `blocked` role (its `towards` is one of BLOCKERS). */
const involvesBlocker = (row: Row) => row.towards !== undefined && BLOCKERS.includes(row.towards);

/**
 * The suspension gate for a post to `path`: null when the site table grants the suspended person
 * what the path is (siteActionOfPost, the app's own map); else 403 for /api/*, 303 back to the page.
 */
function suspensionGate(path: string, role: "suspended" | "pendingTeen" = "suspended"): Expected | null {
  const pathname = new URL(path, E2E_BASE_URL).pathname;
  if (can(actorOf(role), siteActionOfPost(pathname), SITE)) return null;
  return pathname.startsWith("/api/") ? { status: 403 } : { status: 303, location: pathname };
}

/** A cell's expectation: the gate first for the suspended role, then the row's rule; a block where the row involves a blocker. */
function expectedFor(row: Row, role: Role, w: World, path: string | undefined): Expected {
  if ((role === "suspended" || role === "pendingTeen") && !row.noSession) {
    const gate = suspensionGate(path ?? "/", role);
    if (gate) return gate;
  }
  const base = row.expected!(role, w);
  if (role === "blocked" && involvesBlocker(row) && "allowed" in base) return row.blockedRefusal?.(w) ?? notFound;
  return base;
}

const me = (cell: Cell) => cell.person!.id;

/** A player (ADR 091) whose only guardian is a person of the row's own: `w.ids.player`, `w.ids.playerParent`. */
async function somebodysPlayer(w: World) {
  const parent = await w.addPerson("Par");
  const [player] = await db()
    .insert(players)
    .values({ firstName: "Kim", birthYear: new Date().getUTCFullYear() - 9 })
    .returning();
  await db().insert(playerGuardians).values({ playerId: player.id, userId: parent.id });
  w.ids.player = player.id;
  w.ids.playerParent = parent.id;
}
const redirectTo = (out: Outcome, location: string | RegExp, status: number[] = [302, 303]) => {
  expect(status, `status (→ ${out.location})`).toContain(out.status);
  if (typeof location === "string") expect(out.location).toBe(location);
  else expect(out.location).toMatch(location);
};
const ok200 = (out: Outcome) => expect(out.status, out.body.slice(0, 200)).toBe(200);
const nothing = (changes: Change[]) => expectOnly(changes);
const clubOnly = (w: World) => w.addClub().then((club) => void (w.club = club));

const listingFields = (title: string) => ({
  intent: "save",
  title,
  price: "12",
  sport: "soccer",
  condition: "gently-used",
  zipCode: "02139",
  city: "Cambridge",
  state: "MA",
});

/**
 * A club with a gear library (ADRs 093, 097): skates SK-1, SK-2 in size 5 with the bystander waiting for one, and a
 * helmet HE-1 lent to the bystander — made through the feature, as the club's owner.
 */
async function gearWorld(w: World) {
  w.club = await w.addClub();
  const ownerAccess = (await getClubAccess(db(), people.clubOwner, w.club.slug))!;
  const bystanderAccess = (await getClubAccess(db(), people.bystander, w.club.slug))!;
  const add = async (tagCode: string, title: string, count: number) => {
    const id = randomUUID();
    const r = await addGearItem(db(), ownerAccess, {
      id,
      title,
      sport: "hockey",
      equipmentType: title,
      condition: "gently-used",
      tagCode,
      notes: null,
      size: "5",
      count,
    });
    if (!r.ok) throw new Error(`matrix gear: ${r.error}`);
    const request = randomUUID();
    const asked = await requestToBorrow(db(), bystanderAccess, {
      id: request,
      itemId: id,
      size: "5",
      period: "season",
      fromDate: null,
      toDate: null,
    });
    if (!asked.ok) throw new Error(`matrix gear: ${asked.error}`);
    return { id, request };
  };
  const skates = await add("SK", "Skates", 2);
  const helmet = await add("HE", "Helmet", 1);
  const lent = await checkOutGear(db(), ownerAccess, {
    loanId: randomUUID(),
    requestId: helmet.request,
    unitCode: null,
    dueAt: new Date(Date.now() + 30 * DAY_MS),
    conditionOut: null,
    deposit: null,
  });
  if (!lent.ok) throw new Error(`matrix gear: ${lent.error}`);
  Object.assign(w.ids, { skates: skates.id, waiting: skates.request });
}

/** A valid body for each of the keepers' forms (GearKeeperSchema), about the gear world's things. */
function keeperForm(intent: string, w: World): Record<string, string> {
  switch (intent) {
    case "add-item":
      return {
        id: randomUUID(),
        title: "Matrix pads",
        sport: "hockey",
        equipmentType: "Pads",
        condition: "new",
        tagCode: "MX",
        size: "M",
        count: "1",
      };
    case "add-units":
      return { itemId: w.ids.skates, size: "6", count: "1" };
    case "check-out":
      return { loanId: randomUUID(), requestId: w.ids.waiting, dueOn: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10) };
    case "check-in":
      return { unitCode: "HE-1", conditionIn: "well-worn", swapRequestId: randomUUID(), swapLoanId: randomUUID() };
    case "decline":
      return { requestId: w.ids.waiting };
    default:
      return { unitCode: "SK-2" };
  }
}

const ROWS: Row[] = [
  // --- unknown paths -------------------------------------------------------------------------
  {
    route: "$.tsx",
    intent: null,
    noSession: true,
    expected: () => notFound,
    send: (cell) => post(cell, `/matrix-${word()}/nothing-here`, { intent: "delete" }),
  },

  // --- sign-in, sign-up, e-mail confirmation (open to everyone) ---------------------------------
  {
    route: "auth.tsx",
    intent: "signin",
    world: async (w) => void (w.extra.account = await w.addPerson("Sig")),
    expected: everyone,
    send: (cell) =>
      post(cell, "/auth", { intent: "signin", email: cell.w.extra.account.email, password: PASSWORD, redirectTo: "/favorites" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/favorites");
      expectOnly(changes, { table: "sessions", kind: "added", where: { user_id: cell.w.extra.account.id }, count: 1 });
    },
  },
  {
    route: "auth.tsx",
    intent: "signup",
    expected: everyone,
    send: async (cell) => {
      cell.w.ids[cell.role] = `matrix-${word()}@signup.test`;
      // The age step's cookie (ADR 092): sign-up makes no account without it.
      const age = await ageStepCookie();
      return post(
        cell,
        "/auth",
        {
          intent: "signup",
          firstName: "New",
          lastName: "Person",
          email: cell.w.ids[cell.role],
          password: PASSWORD,
          zipCode: "02139",
          city: "Cambridge",
          state: "MA",
        },
        age,
      );
    },
    allowed: async (cell, out, changes) => {
      const email = cell.w.ids[cell.role];
      redirectTo(out, `/auth?${new URLSearchParams({ tab: "signup", sent: email })}`);
      nothing(changes);
      const [created] = await db().select().from(users).where(eq(users.email, email));
      expect(created, "the new account").toBeDefined();
      expect(created.emailVerifiedAt, "not confirmed yet").toBeNull();
      await db().delete(users).where(eq(users.id, created.id));
    },
  },
  {
    route: "auth.tsx",
    intent: "resend",
    // One address per role: the per-address limit (5 in 10 minutes) is not what this row tests.
    world: async (w) => {
      for (const role of ROLES) w.perRole[role] = await w.addPerson("Unv", { verified: false });
    },
    expected: everyone,
    send: (cell) => post(cell, "/auth", { intent: "resend", email: cell.w.perRole[cell.role]!.email }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/auth");
      expectOnly(changes, {
        table: "email_verification_tokens",
        kind: "added",
        where: { user_id: cell.w.perRole[cell.role]!.id },
        count: 1,
      });
    },
  },
  {
    route: "verify-email.tsx",
    intent: "verify",
    world: async (w) => {
      w.extra.account = await w.addPerson("Ver", { verified: false });
      w.ids.token = randomBytes(32).toString("base64url");
      await db()
        .insert(emailVerificationTokens)
        .values({ userId: w.extra.account.id, tokenHash: hashSessionToken(w.ids.token), expiresAt: new Date(Date.now() + 3600_000) });
    },
    expected: everyone,
    send: (cell) => post(cell, "/verify-email", { intent: "verify", token: cell.w.ids.token }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/auth");
      const id = cell.w.extra.account.id;
      expectOnly(
        changes,
        { table: "users", kind: "changed", where: (r) => r.id === id && r.email_verified_at !== null, count: 1 },
        { table: "email_verification_tokens", kind: "changed", where: (r) => r.user_id === id && r.used_at !== null, count: 1 },
      );
    },
  },
  {
    route: "verify-email.tsx",
    intent: "resend",
    world: async (w) => {
      for (const role of ROLES) w.perRole[role] = await w.addPerson("Unv", { verified: false });
    },
    expected: everyone,
    send: (cell) => post(cell, "/verify-email", { intent: "resend", email: cell.w.perRole[cell.role]!.email }),
    allowed: (cell, out, changes) => {
      ok200(out);
      expectOnly(changes, {
        table: "email_verification_tokens",
        kind: "added",
        where: { user_id: cell.w.perRole[cell.role]!.id },
        count: 1,
      });
    },
  },
  // --- the age step, a teen's guardian (ADR 092) -----------------------------------------------
  {
    route: "auth_.age.tsx",
    intent: null,
    expected: everyone,
    send: (cell) => post(cell, "/auth/age", { birthYear: "1990", birthMonth: "6" }),
    allowed: (_cell, out, changes) => {
      redirectTo(out, "/auth?tab=signup");
      expect(
        out.cookies.some((c) => c.startsWith("ls_age=")),
        "the age step's cookie",
      ).toBe(true);
      nothing(changes);
    },
  },
  {
    route: "guardian.tsx",
    intent: "invite",
    // The invite is the shared teen's own row: alone, or a neighbour's snapshot would take it for its own change.
    exclusive: true,
    // Only a teen asks for a guardian: an adult's request is a page that is not theirs.
    expected: (role) => (role === "anonymous" ? toAuth("/guardian") : role === "pendingTeen" ? allowed : notFound),
    send: (cell) => post(cell, "/guardian", { intent: "invite", email: `guardian-${word()}@matrix.test` }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/guardian");
      expectOnly(changes, { table: "guardian_invites", kind: "added", where: { teen_id: me(cell) }, count: 1 });
    },
  },
  {
    route: "guardian.tsx",
    intent: "unlink",
    // A link between two people of the row's own: nobody else may end it (the same 404 as no link).
    world: async (w) => {
      const teen = await w.addPerson("Tee");
      const parent = await w.addPerson("Par");
      const [invite] = await db()
        .insert(guardianInvites)
        .values({ teenId: teen.id, email: parent.email, tokenHash: word(), expiresAt: new Date(Date.now() + DAY_MS), usedAt: new Date() })
        .returning();
      const [link] = await db().insert(guardianLinks).values({ teenId: teen.id, guardianId: parent.id, inviteId: invite.id }).returning();
      w.ids.link = link.id;
    },
    expected: (role) => (role === "anonymous" ? toAuth("/guardian") : notFound),
    send: (cell) => post(cell, "/guardian", { intent: "unlink", linkId: cell.w.ids.link }),
    allowed: () => {
      throw new Error("nobody but the teen and the guardian may end a link");
    },
  },
  {
    route: "guardian_.confirm.tsx",
    intent: null,
    // An invite sent to an address none of the roles has: the button refuses every one of them.
    world: async (w) => {
      const teen = await w.addPerson("Tee");
      await db()
        .update(users)
        .set({ birthYear: new Date().getUTCFullYear() - 14, birthMonth: 1 })
        .where(eq(users.id, teen.id));
      w.ids.token = randomBytes(32).toString("base64url");
      await db()
        .insert(guardianInvites)
        .values({
          teenId: teen.id,
          email: `nobody-${word()}@matrix.test`,
          tokenHash: hashSessionToken(w.ids.token),
          expiresAt: new Date(Date.now() + DAY_MS),
        });
    },
    expected: (role) =>
      role === "anonymous" ? toAuth("/guardian/confirm") : { status: 303, location: "/guardian/confirm?problem=wrongAccount" },
    send: (cell) => post(cell, "/guardian/confirm", { token: cell.w.ids.token }),
    allowed: () => {
      throw new Error("only the invited address confirms");
    },
  },
  // --- families: players without accounts (ADR 091) ---------------------------------------------
  // A player is seen and changed by their guardians only (permissions/player.ts grants nothing to a
  // site admin or a club): the row's player belongs to a person of its own, so every role is a 404.
  ...(["save", "remove", "invite", "addToRoster", "removeFromRoster"] as const).map((intent): Row => ({
    route: "family.players.$id.tsx",
    intent,
    variant: "another family's player",
    world: somebodysPlayer,
    expected: (role, w) => (role === "anonymous" ? toAuth(`/family/players/${w.ids.player}`) : notFound),
    send: (cell) =>
      post(cell, `/family/players/${cell.w.ids.player}`, {
        intent,
        ...(intent === "save" ? { playerId: cell.w.ids.player, firstName: "Kim", birthYear: String(new Date().getUTCFullYear() - 9) } : {}),
        ...(intent === "invite" ? { email: `second-${word()}@matrix.test` } : {}),
        // Any club: the player is not the sender's, whichever club is named.
        ...(intent === "addToRoster" || intent === "removeFromRoster" ? { clubId: "00000000-0000-4000-8000-000000000000" } : {}),
      }),
    allowed: () => {
      throw new Error("only a player's guardians may change them");
    },
  })),
  {
    route: "family.outgrown.$playerId.tsx",
    intent: "nextSize",
    variant: "another family's player",
    world: somebodysPlayer,
    expected: (role, w) => (role === "anonymous" ? toAuth(`/family/outgrown/${w.ids.player}`) : notFound),
    send: (cell) => post(cell, `/family/outgrown/${cell.w.ids.player}`, { intent: "nextSize", item: "x" }),
    allowed: () => {
      throw new Error("only a player's guardians save their next size");
    },
  },
  {
    route: "family.invite.tsx",
    intent: "accept",
    // An invitation to an address none of the roles has: the button refuses every one of them (400, nothing stored).
    world: async (w) => {
      await somebodysPlayer(w);
      w.ids.inviteToken = randomBytes(32).toString("base64url");
      await db()
        .insert(playerInvites)
        .values({
          playerId: w.ids.player,
          invitedBy: w.ids.playerParent,
          email: `nobody-${word()}@matrix.test`,
          tokenHash: hashSessionToken(w.ids.inviteToken),
          expiresAt: new Date(Date.now() + DAY_MS),
        });
    },
    expected: (role) => (role === "anonymous" ? toAuth("/family/invite") : { status: 400 }),
    send: (cell) => post(cell, "/family/invite", { intent: "accept", token: cell.w.ids.inviteToken }),
    allowed: () => {
      throw new Error("only the invited address accepts");
    },
  },
  {
    route: "auth.google.tsx",
    intent: null,
    noSession: true,
    expected: everyone,
    send: (cell) => post(cell, "/auth/google", {}),
    allowed: (_cell, out, changes) => {
      redirectTo(out, new RegExp(`^${E2E_OIDC_URL.replace(/[.]/g, "\\.")}/authorize\\?`));
      nothing(changes);
    },
  },
  {
    route: "testing-mode.tsx",
    intent: null,
    exclusive: true,
    expected: everyone,
    send: (cell) => post(cell, "/testing-mode", { redirectTo: "/favorites" }),
    allowed: async (cell, out, changes) => {
      redirectTo(out, "/favorites");
      // The browser's own session ends; the demo account's starts (its cookie comes back).
      if (cell.person) expectOnly(changes, { table: "sessions", kind: "removed", where: { id: cell.person.sessionId }, count: 1 });
      else nothing(changes);
      const token = out.cookies.map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean)!;
      const [demo] = await db()
        .select({ email: users.email, id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hashSessionToken(token)));
      expect(demo?.email).toMatch(/@/);
      expect(demo.email).not.toBe(cell.person?.email);
      await db().delete(sessions).where(eq(sessions.id, demo.id));
    },
  },
  {
    route: "logout.tsx",
    intent: null,
    exclusive: true,
    expected: everyone,
    send: (cell) => post(cell, "/logout", {}),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/");
      if (cell.person) expectOnly(changes, { table: "sessions", kind: "removed", where: { id: cell.person.sessionId }, count: 1 });
      else nothing(changes);
    },
  },
  {
    route: "account.location.tsx",
    intent: null,
    exclusive: true,
    expected: everyone,
    send: (cell) => post(cell, "/account/location", { zipCode: "94110", redirectTo: "/favorites" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/favorites");
      // Signed out: a cookie only. Signed in: their own profile's ZIP.
      if (!cell.person) {
        expect(out.cookies.join("\n")).toMatch(/94110/);
        return nothing(changes);
      }
      expectOnly(changes, { table: "profiles", kind: "changed", where: { user_id: me(cell), zip_code: "94110" }, count: 1 });
    },
  },

  // --- the player profile (own account only) -----------------------------------------------------
  {
    route: "player-profile.tsx",
    intent: "profile",
    exclusive: true,
    expected: selfRule("/player-profile"),
    send: (cell) => post(cell, "/player-profile", { intent: "profile", firstName: "Renamed", lastName: "ByMatrix", zipCode: "60601" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/player-profile");
      expectOnly(changes, {
        table: "profiles",
        kind: "changed",
        where: { user_id: me(cell), first_name: "Renamed", zip_code: "60601" },
        count: 1,
      });
    },
  },
  {
    route: "player-profile.tsx",
    intent: "password",
    exclusive: true,
    expected: selfRule("/player-profile"),
    send: (cell) =>
      post(cell, "/player-profile", {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "changed-by-matrix",
        confirmPassword: "changed-by-matrix",
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/player-profile");
      expectOnly(changes, {
        table: "users",
        kind: "changed",
        where: (r, c) => r.id === me(cell) && r.password_hash !== c.before!.password_hash,
        count: 1,
      });
    },
  },
  {
    route: "player-profile.tsx",
    intent: "signOutOthers",
    exclusive: true,
    // Everyone is signed in on a second device too: only the sender's other session may end.
    world: async (w) => {
      for (const person of Object.values(people)) {
        const token = randomBytes(32).toString("base64url");
        const [row] = await db()
          .insert(sessions)
          .values({ tokenHash: hashSessionToken(token), userId: person.id, expiresAt: new Date(Date.now() + 3600_000) })
          .returning({ id: sessions.id });
        w.ids[`session-${person.id}`] = row.id;
      }
    },
    cleanup: async (w) => {
      for (const [key, id] of Object.entries(w.ids)) if (key.startsWith("session-")) await db().delete(sessions).where(eq(sessions.id, id));
    },
    expected: selfRule("/player-profile"),
    send: (cell) => post(cell, "/player-profile", { intent: "signOutOthers" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/player-profile");
      expectOnly(changes, {
        table: "sessions",
        kind: "removed",
        where: (r) => r.user_id === me(cell) && r.id !== cell.person!.sessionId,
        count: 1,
      });
    },
  },
  {
    route: "player-profile.tsx",
    intent: "notifications",
    exclusive: true,
    // Someone whose id is posted as `userId`: the action writes the sender's rows whatever it says.
    world: async (w) => {
      w.extra.target = await w.addPerson("Ned", { password: false });
    },
    // A suspended person keeps it: how one is told is the account's own housekeeping (the suspension gate's table).
    expected: selfRule("/player-profile"),
    send: (cell) =>
      post(cell, "/player-profile", {
        intent: "notifications",
        "modes.messages": "in_app",
        "modes.deals": "email_digest",
        "modes.clubs": "email_now",
        "modes.matches": "in_app",
        "modes.announcements": "email_digest",
        "modes.price_drops": "email_now",
        "modes.outgrown": "in_app",
        userId: cell.w.extra.target.id,
      }),
    allowed: (cell, out, changes) => {
      // To the section (#notifications): the outcome's location keeps path and query only.
      redirectTo(out, "/player-profile");
      expectOnly(changes, { table: "notification_settings", kind: "added", where: { user_id: me(cell) }, count: 7 });
    },
  },
  // Push devices (ADR 087): subscribing one's own browser, removing one's own device, and another
  // person's device — a 404, as for any row one may not see.
  {
    route: "api.push-subscriptions.ts",
    intent: null,
    exclusive: true,
    // A suspended person keeps it: being told is reading (the suspension gate's table).
    expected: (role) => (role === "anonymous" ? { status: 401 } : allowed),
    send: async (cell) => {
      const subscription = await (await fetch(`${E2E_PUSH_ORIGIN}/subscriptions`, { method: "POST" })).text();
      return post(cell, "/api/push-subscriptions", { subscription });
    },
    allowed: (cell, out, changes) => {
      expect(out.status, out.body.slice(0, 200)).toBe(201);
      expectOnly(changes, { table: "push_subscriptions", kind: "added", where: { user_id: me(cell) }, count: 1 });
    },
  },
  ...(["own", "another person's"] as const).map((whose): Row => ({
    route: "player-profile.tsx",
    intent: "removePushDevice",
    exclusive: true,
    // Every person has one device; Ned (no account of the roles) has one too.
    world: async (w) => {
      w.extra.target = await w.addPerson("Ned", { password: false });
      for (const person of [...Object.values(people), w.extra.target]) {
        const [row] = await db()
          .insert(pushSubscriptions)
          .values({
            userId: person.id,
            endpoint: `${E2E_PUSH_ORIGIN}/push/${randomUUID()}`,
            p256dh: "k",
            auth: "a",
            label: "Chrome on Linux",
          })
          .returning({ id: pushSubscriptions.id });
        w.ids[`device-${person.id}`] = row.id;
      }
    },
    cleanup: async (w) => {
      for (const [key, id] of Object.entries(w.ids))
        if (key.startsWith("device-")) await db().delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    expected: (role) => (role === "anonymous" ? toAuth("/player-profile") : whose === "own" ? allowed : notFound),
    send: (cell) =>
      post(cell, "/player-profile", {
        intent: "removePushDevice",
        deviceId: cell.w.ids[`device-${whose === "own" && cell.person ? cell.person.id : cell.w.extra.target.id}`],
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/player-profile");
      expectOnly(changes, { table: "push_subscriptions", kind: "removed", where: { user_id: me(cell) }, count: 1 });
    },
  })),
  {
    route: "player-profile.tsx",
    intent: "deleteAccount",
    exclusive: true,
    expected: selfRule("/player-profile"),
    send: (cell) => post(cell, "/player-profile", { intent: "deleteAccount" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/");
      // Everything of theirs goes (their listings with what hangs off them); clubs they owned pass
      // to the next admin (ADR 044); nothing of anyone else's changes.
      const id = me(cell);
      const theirListings = new Set(changes.filter((c) => c.table === "listings" && c.row.user_id === id).map((c) => c.row.id));
      const refersToThem = (r: Row$) =>
        [
          r.user_id,
          r.sender_id,
          r.receiver_id,
          r.owner_id,
          r.reviewer_id,
          r.reviewee_id,
          r.created_by,
          r.blocker_id,
          r.blocked_id,
        ].includes(id) ||
        (r.id === id && "email" in r) ||
        theirListings.has(r.listing_id);
      expectOnly(
        changes,
        { table: "users", kind: "removed", where: { id }, count: 1 },
        ...TABLES.filter((t) => t.table !== "users").map((t): Wanted => ({
          table: t.table,
          kind: "removed",
          where: refersToThem,
          optional: true,
        })),
        {
          table: "club_members",
          kind: "changed",
          where: (r, c) => c.before!.role === "admin" && r.role === "owner" && cell.role === "clubOwner",
          optional: true,
        },
        { table: "clubs", kind: "changed", where: (r, c) => c.before!.created_by === id && r.created_by === null, optional: true },
        // A Swap Day they organised stays the club's, and a check-in they took stays in (ADR 090): the names go.
        { table: "swap_days", kind: "changed", where: (r, c) => c.before!.created_by === id && r.created_by === null, optional: true },
        {
          table: "swap_day_checkins",
          kind: "changed",
          where: (r, c) =>
            (c.before!.checked_in_by === id && r.checked_in_by === null) || (c.before!.checked_out_by === id && r.checked_out_by === null),
          optional: true,
        },
        // The gear they added to a club's library and the loans they checked out or in stay the club's (ADR 093): the names go.
        { table: "gear_items", kind: "changed", where: (r, c) => c.before!.created_by === id && r.created_by === null, optional: true },
        {
          table: "gear_loans",
          kind: "changed",
          where: (r, c) =>
            (c.before!.checked_in_by === id && r.checked_in_by === null) || (c.before!.checked_out_by === id && r.checked_out_by === null),
          optional: true,
        },
      );
    },
  },

  // --- the site admin's dashboard ------------------------------------------------------------------
  {
    route: "admin.tsx",
    intent: "deleteUser",
    world: async (w) => void (w.extra.target = await w.addPerson("Doomed", { password: false })),
    expected: siteRule("deleteUser", "/admin"),
    send: (cell) => post(cell, "/admin", { intent: "deleteUser", userId: cell.w.extra.target.id, tab: "users" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/admin?tab=users");
      const id = cell.w.extra.target.id;
      expectOnly(
        changes,
        { table: "users", kind: "removed", where: { id }, count: 1 },
        { table: "profiles", kind: "removed", where: { user_id: id }, count: 1 },
        { table: "sessions", kind: "removed", where: { user_id: id }, count: 1 },
        { table: "admin_audit_log", kind: "added", where: { target_id: id, actor_id: me(cell), action: "delete_user" }, count: 1 },
      );
    },
  },
  {
    route: "admin.tsx",
    intent: "deleteClub",
    world: async (w) => {
      const founder = await w.addPerson("Founder");
      const club = await createTestClub(db(), founder, { name: `Matrix doomed ${word()}` });
      w.clubs.push(club.id);
      w.ids.club = club.id;
    },
    expected: siteRule("deleteClub", "/admin"),
    send: (cell) => post(cell, "/admin", { intent: "deleteClub", clubId: cell.w.ids.club, tab: "clubs" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/admin?tab=clubs");
      const id = cell.w.ids.club;
      expectOnly(
        changes,
        { table: "clubs", kind: "removed", where: { id }, count: 1 },
        { table: "club_members", kind: "removed", where: { club_id: id }, count: 1 },
        { table: "admin_audit_log", kind: "added", where: { target_id: id, actor_id: me(cell), action: "delete_club" }, count: 1 },
      );
    },
  },

  // --- listings ------------------------------------------------------------------------------------
  ...(["list-item.tsx", "club.$slug.list.tsx"] as const).flatMap((route): Row[] => {
    const path = (w: World) => (route === "list-item.tsx" ? "/list-item" : `${clubPath(w)}/list`);
    const worldFor = route === "list-item.tsx" ? undefined : clubOnly;
    const rows: Row[] = [
      {
        route,
        intent: "refresh",
        world: worldFor,
        expected: selfRule(""),
        send: (cell) =>
          post(cell, path(cell.w), { ...listingFields("Refreshed"), intent: "refresh", sport: "tennis", loadedSport: "soccer" }),
        allowed: (_cell, out, changes) => {
          ok200(out);
          nothing(changes);
        },
      },
      {
        route,
        intent: "photo-remove:0",
        variant: "someone else's pending photo on the form",
        world: async (w) => {
          if (worldFor) await worldFor(w);
          const owner = await w.addPerson("Pho");
          w.ids.photo = `pending/${owner.id}/${randomUUID()}.jpg`;
          await db()
            .insert(photoObjects)
            .values({ r2Key: w.ids.photo, ownerId: owner.id, contentType: "image/jpeg", byteSize: 1000, width: 10, height: 10 });
        },
        expected: selfRule(""),
        send: (cell) => post(cell, path(cell.w), { ...listingFields("Photo"), intent: "photo-remove:0", photos: cell.w.ids.photo }),
        allowed: (_cell, out, changes) => {
          ok200(out);
          nothing(changes);
        },
      },
    ];
    if (route === "list-item.tsx") {
      rows.push({
        route,
        intent: "save",
        exclusive: true,
        expected: selfRule(""),
        send: (cell) => post(cell, "/list-item", listingFields(`Matrix new ${word()}`)),
        allowed: (cell, out, changes) => {
          redirectTo(out, /^\/listing\/[\w-]+$/);
          expectOnly(changes, {
            table: "listings",
            kind: "added",
            where: { user_id: me(cell), id: out.location!.split("/").pop() },
            count: 1,
          });
        },
      });
    } else {
      rows.push({ route, intent: "save", coveredBy: "listItem" });
    }
    // The anonymous refusal: sign in, back to the form afterwards.
    for (const row of rows)
      if (row.expected)
        row.expected = ((base) => (role: Role, w: World) => (role === "anonymous" ? toAuth(path(w)) : base(role, w)))(row.expected);
    return rows;
  }),
  {
    route: "listing.$id_.edit.tsx",
    intent: "save",
    world: async (w) => void (w.listing = await w.addListing()),
    expected: listingRule("edit", (w) => `/listing/${w.listing}/edit`),
    send: (cell) => post(cell, `/listing/${cell.w.listing}/edit`, listingFields("Edited by the matrix")),
    allowed: (cell, out, changes) => {
      redirectTo(out, `/listing/${cell.w.listing}`);
      expectOnly(changes, { table: "listings", kind: "changed", where: { id: cell.w.listing, title: "Edited by the matrix" }, count: 1 });
    },
  },
  ...(["refresh", "photo-main:0"] as const).map((intent): Row => ({
    route: "listing.$id_.edit.tsx",
    intent,
    world: async (w) => void (w.listing = await w.addListing()),
    expected: listingRule("edit", (w) => `/listing/${w.listing}/edit`),
    send: (cell) => post(cell, `/listing/${cell.w.listing}/edit`, { ...listingFields("Not saved"), intent }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  })),
  {
    route: "listing.$id.tsx",
    intent: "status",
    world: async (w) => void (w.listing = await w.addListing()),
    expected: listingRule("setStatus", (w) => `/listing/${w.listing}`),
    send: (cell) => post(cell, `/listing/${cell.w.listing}`, { intent: "status", status: "sold" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `/listing/${cell.w.listing}`);
      expectOnly(changes, { table: "listings", kind: "changed", where: { id: cell.w.listing, status: "sold" }, count: 1 });
    },
  },
  {
    route: "listing.$id.tsx",
    intent: "delete",
    world: async (w) => void (w.listing = await w.addListing()),
    expected: listingRule("delete", (w) => `/listing/${w.listing}`),
    send: (cell) => post(cell, `/listing/${cell.w.listing}`, { intent: "delete" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/in-play");
      expectListingDeleted(cell, changes);
    },
  },
  {
    route: "in-play.tsx",
    intent: "delete",
    world: async (w) => void (w.listing = await w.addListing()),
    // Not the owner: back to In Play with 'Failed to delete listing', nothing removed.
    expected: listingRule(
      "delete",
      () => "/in-play",
      () => ({ status: 302, location: "/in-play" }),
    ),
    send: (cell) => post(cell, "/in-play", { intent: "delete", listingId: cell.w.listing }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/in-play");
      expectListingDeleted(cell, changes);
    },
  },
  ...(
    [
      {
        variant: "a cash offer on a public listing",
        towards: "listingOwner" as const,
        world: async (w: World) => void (w.listing = await w.addListing()),
        // Everyone signed in but the seller (refused: 'You cannot make an offer on your own listing.').
        expected: (role: Role, w: World): Expected =>
          role === "anonymous" ? toAuth(`/listing/${w.listing}`) : role === "listingOwner" ? { status: 400 } : allowed,
      },
      {
        variant: "a cash offer on a listing only a members-only club's members may offer on",
        towards: "bystander" as const,
        world: async (w: World) => {
          w.club = await w.addClub({ visibility: "members_only" });
          w.listing = await w.addListing(people.bystander, [w.club]);
        },
        // offerableBy (trade/deals.server.ts): active members of its clubs; anyone else (site admins too) 404.
        expected: (role: Role, w: World): Expected =>
          role === "anonymous" ? toAuth(`/listing/${w.listing}`) : clubCan(role, w, "listItem") ? allowed : notFound,
      },
    ] as const
  ).map(({ variant, towards, world, expected }): Row => ({
    route: "listing.$id.tsx",
    intent: "propose",
    variant,
    towards,
    world,
    expected,
    send: (cell) =>
      post(cell, `/listing/${cell.w.listing}`, { intent: "propose", cash: "12.50", cashFrom: "proposer", message: "Matrix offer" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, /^\/deals\/[\w-]+$/);
      const dealId = out.location!.split("/").pop();
      expectOnly(
        changes,
        {
          table: "deals",
          kind: "added",
          where: { id: dealId, proposer_id: me(cell), listing_id: cell.w.listing, state: "proposed" },
          count: 1,
        },
        { table: "deal_revisions", kind: "added", where: { deal_id: dealId, cash_cents: 1250 }, count: 1 },
        { table: "deal_listings", kind: "added", where: { deal_id: dealId, listing_id: cell.w.listing }, count: 1 },
      );
    },
  })),
  {
    route: "listing.$id.tsx",
    intent: "message",
    variant: "a question to the seller",
    towards: "listingOwner",
    world: async (w) => void (w.listing = await w.addListing()),
    // A buyer asks; the seller has no thread with themselves (a refusal toast, nothing stored).
    expected: (role, w) =>
      role === "anonymous"
        ? toAuth(`/listing/${w.listing}`)
        : role === "listingOwner"
          ? { status: 302, location: `/listing/${w.listing}` }
          : allowed,
    send: (cell) => post(cell, `/listing/${cell.w.listing}`, { intent: "message", content: "Is this still available?" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `/listing/${cell.w.listing}`);
      expectOnly(changes, {
        table: "listing_messages",
        kind: "added",
        where: { listing_id: cell.w.listing, sender_id: me(cell), receiver_id: people.listingOwner.id },
        count: 1,
      });
    },
  },
  {
    route: "listing.$id.tsx",
    intent: "message",
    variant: "a reply into another buyer's thread",
    towards: "listingOwner",
    world: async (w) => {
      w.listing = await w.addListing();
      await db().insert(listingMessages).values({
        listingId: w.listing,
        senderId: people.bystander.id,
        receiverId: people.listingOwner.id,
        content: "Can I pick it up Friday?",
      });
    },
    // Only the seller replies into a buyer's thread; anyone else naming that buyer just asks the seller themselves.
    expected: (role, w) => (role === "anonymous" ? toAuth(`/listing/${w.listing}`) : allowed),
    send: (cell) => post(cell, `/listing/${cell.w.listing}`, { intent: "message", content: "Friday works.", buyerId: people.bystander.id }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `/listing/${cell.w.listing}`);
      const receiver = cell.role === "listingOwner" ? people.bystander.id : people.listingOwner.id;
      expectOnly(changes, {
        table: "listing_messages",
        kind: "added",
        where: { listing_id: cell.w.listing, sender_id: me(cell), receiver_id: receiver },
        count: 1,
      });
    },
  },
  {
    route: "listing.$id.tsx",
    intent: "propose",
    variant: "a swap with one of one's own listings, on a club member's listing",
    world: async (w) => {
      w.club = await w.addClub();
      w.listing = await w.addListing(people.bystander, [w.club]);
      // Everyone signed in has a listing of their own to offer.
      for (const role of ROLES) if (role !== "anonymous") w.ids[role] = await w.addListing(people[role]);
    },
    // A swap is for the active members of a club the listing is in (sharedClubListing, trade/deals.server.ts);
    // its listing is clubs-only, so anyone else (a site admin too) gets the 404 of a listing they cannot offer on.
    expected: (role, w) => (role === "anonymous" ? toAuth(`/listing/${w.listing}`) : clubCan(role, w, "listItem") ? allowed : notFound),
    send: (cell) =>
      post(cell, `/listing/${cell.w.listing}`, {
        intent: "propose",
        cash: "0",
        cashFrom: "proposer",
        message: "Matrix swap",
        offered: cell.w.ids[cell.role] ?? cell.w.listing,
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, /^\/deals\/[\w-]+$/);
      const dealId = out.location!.split("/").pop();
      expectOnly(
        changes,
        {
          table: "deals",
          kind: "added",
          where: { id: dealId, proposer_id: me(cell), owner_id: people.bystander.id, listing_id: cell.w.listing, kind: "swap" },
          count: 1,
        },
        { table: "deal_revisions", kind: "added", where: { deal_id: dealId, cash_cents: 0 }, count: 1 },
        { table: "deal_listings", kind: "added", where: { deal_id: dealId, listing_id: cell.w.listing, side: "owner" }, count: 1 },
        {
          table: "deal_listings",
          kind: "added",
          where: { deal_id: dealId, listing_id: cell.w.ids[cell.role], side: "proposer" },
          count: 1,
        },
      );
    },
  },

  // --- deals: every step on /deals/{id}, by its two parties and everyone else -------------------------
  ...DEAL_STEP_ROWS,
  {
    route: "favorites.tsx",
    intent: "add",
    towards: "listingOwner",
    world: async (w) => void (w.listing = await w.addListing()),
    expected: (role) => (role === "anonymous" ? { status: 401 } : allowed),
    send: (cell) => post(cell, "/favorites", { intent: "add", listingId: cell.w.listing, mode: "fetch" }),
    allowed: (cell, out, changes) => {
      ok200(out);
      expectOnly(changes, { table: "favorites", kind: "added", where: { user_id: me(cell), listing_id: cell.w.listing }, count: 1 });
    },
  },
  {
    route: "favorites.tsx",
    intent: "add",
    variant: "a listing only a members-only club's members may open",
    world: async (w) => {
      w.club = await w.addClub({ visibility: "members_only" });
      w.listing = await w.addListing(people.bystander, [w.club]);
    },
    // listingOpenableBy (listing-visibility.server.ts): active members of its clubs, site admins, its seller.
    expected: (role, w) =>
      role === "anonymous" ? { status: 401 } : clubCan(role, w, "listItem") || role === "siteAdmin" ? allowed : notFound,
    send: (cell) => post(cell, "/favorites", { intent: "add", listingId: cell.w.listing, mode: "fetch" }),
    allowed: (cell, out, changes) => {
      ok200(out);
      expectOnly(changes, { table: "favorites", kind: "added", where: { user_id: me(cell), listing_id: cell.w.listing }, count: 1 });
    },
  },
  {
    route: "favorites.tsx",
    intent: "remove",
    world: async (w) => {
      w.listing = await w.addListing();
      await db()
        .insert(favorites)
        .values(Object.values(people).map((p) => ({ userId: p.id, listingId: w.listing })));
    },
    expected: (role) => (role === "anonymous" ? { status: 401 } : allowed),
    send: (cell) => post(cell, "/favorites", { intent: "remove", listingId: cell.w.listing, mode: "fetch" }),
    allowed: (cell, out, changes) => {
      ok200(out);
      expectOnly(changes, { table: "favorites", kind: "removed", where: { user_id: me(cell), listing_id: cell.w.listing }, count: 1 });
    },
  },
  {
    route: "api.photos.tsx",
    intent: null,
    exclusive: true,
    expected: (role) => (role === "anonymous" ? { status: 401 } : allowed),
    send: (cell) => post(cell, "/api/photos", multipart({}, { newPhotos: photo("photo.jpg") })),
    allowed: (cell, out, changes) => {
      ok200(out);
      expectOnly(changes, { table: "photo_objects", kind: "added", where: { owner_id: me(cell), state: "pending" }, count: 1 });
    },
  },

  // --- clubs ---------------------------------------------------------------------------------------
  {
    route: "clubs.new.tsx",
    intent: null,
    exclusive: true,
    expected: selfRule("/clubs/new"),
    send: (cell) =>
      post(cell, "/clubs/new", { name: `Matrix made ${word()}`, type: "club", sport: "soccer", visibility: "public", joinMode: "open" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, /^\/club\/[a-z0-9-]+$/);
      const club = changes.find((c) => c.table === "clubs")?.row;
      expectOnly(
        changes,
        { table: "clubs", kind: "added", where: { created_by: me(cell) }, count: 1 },
        { table: "club_members", kind: "added", where: { user_id: me(cell), club_id: club?.id, role: "owner" }, count: 1 },
      );
    },
  },
  // The membership intents (web/club-membership.server.ts) are answered by three routes alike; the
  // club matrix sends them to /club/{slug} and /club/{slug}/join, the others are run here.
  ...(["club.$slug._index.tsx", "club.$slug.join.tsx", "club.$slug.leave.tsx"] as const).flatMap((route) =>
    (
      [
        ["join", "join", "open"],
        ["request", "requestToJoin", "approval"],
        ["join-code", "joinWithCode", "code"],
        ["leave", "leave", "open"],
      ] as const
    ).flatMap(([intent, action, joinMode]): Row[] => {
      const suffix = route === "club.$slug._index.tsx" ? "" : route === "club.$slug.join.tsx" ? "/join" : "/leave";
      const covered =
        (route === "club.$slug._index.tsx" && intent !== "join-code") || (route === "club.$slug.join.tsx" && intent === "join-code");
      if (covered) return [{ route, intent, coveredBy: action }];
      // /club/{slug}/join takes the invite code only; any other intent is refused like a stranger's.
      if (route === "club.$slug.join.tsx") return [];
      return [
        {
          route,
          intent,
          world: async (w) => void (w.club = await w.addClub({ joinMode })),
          expected: clubRule(action, "view"),
          send: async (cell) => {
            const [club] = await sqlite()
              .execute({ sql: "select invite_code from clubs where id = ?", args: [cell.w.club.id] })
              .then((r) => r.rows);
            return post(cell, `${clubPath(cell.w)}${suffix}`, { intent, code: String(club.invite_code) });
          },
          allowed: (cell, out, changes) => {
            redirectTo(out, clubPath(cell.w));
            if (intent === "leave")
              expectOnly(changes, {
                table: "club_members",
                kind: "removed",
                where: { club_id: cell.w.club.id, user_id: me(cell) },
                count: 1,
              });
            else
              expectOnly(changes, {
                table: "club_members",
                kind: "added",
                where: { club_id: cell.w.club.id, user_id: me(cell), status: intent === "request" ? "pending" : "active" },
                count: 1,
              });
          },
        },
      ];
    }),
  ),
  ...(
    [
      ["approve", "approve"],
      ["reject", "reject"],
      ["settings", "editSettings"],
      ["invite-code", "changeInviteCode"],
      ["promote", "promote"],
      ["demote", "demote"],
      ["remove", "removeMember"],
    ] as const
  ).map(([intent, action]): Row => ({ route: "club.$slug.manage.tsx", intent, coveredBy: action })),
  {
    route: "club.$slug.manage.tsx",
    intent: "logo",
    world: clubOnly,
    expected: clubRule("uploadLogo", "manage"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/manage`, multipart({ intent: "logo" }, { logo: photo("photo.png") })),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}/manage`);
      expectOnly(changes, {
        table: "clubs",
        kind: "changed",
        where: (r) => r.id === cell.w.club.id && typeof r.logo_key === "string",
        count: 1,
      });
    },
  },

  // --- club messages (chat, announcements, direct messages) ---------------------------------------
  {
    route: "club.$slug.messages.tsx",
    intent: "post",
    variant: "chat",
    world: clubOnly,
    expected: clubRule("postChat", "readMessages"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/messages`, { intent: "post", kind: "chat", content: "Matrix chat", clientId: randomUUID() }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?tab=messages&sub=chat`);
      expectOnly(changes, {
        table: "club_messages",
        kind: "added",
        where: { club_id: cell.w.club.id, user_id: me(cell), message_type: "chat" },
        count: 1,
      });
    },
  },
  {
    route: "club.$slug.messages.tsx",
    intent: "post",
    variant: "announcement",
    world: clubOnly,
    // A member past the gate: the text comes back with the reason (400), nothing stored.
    expected: clubRule("postAnnouncement", "readMessages", () => ({ status: 400 })),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/messages`, {
        intent: "post",
        kind: "announcement",
        content: "Matrix announcement",
        clientId: randomUUID(),
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?tab=messages&sub=announcements`);
      expectOnly(changes, {
        table: "club_messages",
        kind: "added",
        where: { club_id: cell.w.club.id, user_id: me(cell), message_type: "announcement" },
        count: 1,
      });
    },
  },
  {
    route: "club.$slug.messages.tsx",
    intent: "dm",
    world: clubOnly,
    expected: clubRule("sendDm", "readMessages"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/messages`, {
        intent: "dm",
        recipientId: people.bystander.id,
        content: "Matrix DM",
        clientId: randomUUID(),
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?${new URLSearchParams({ tab: "messages", sub: "dm", with: people.bystander.id })}`);
      expectOnly(changes, {
        table: "club_direct_messages",
        kind: "added",
        where: { club_id: cell.w.club.id, sender_id: me(cell), receiver_id: people.bystander.id },
        count: 1,
      });
    },
  },
  ...(["own", "another member's"] as const).map((whose): Row => ({
    route: "club.$slug.messages.tsx",
    intent: "delete",
    variant: `${whose} chat message`,
    world: async (w) => {
      w.club = await w.addClub();
      for (const key of OWN_CONTENT) {
        const [row] = await db()
          .insert(clubMessages)
          .values({ clubId: w.club.id, userId: people[key].id, content: `Said by ${key}` })
          .returning({ id: clubMessages.id });
        w.ids[key] = row.id;
      }
    },
    expected:
      whose === "own"
        ? clubRule("deleteOwnChat", "readMessages")
        : clubRule("deleteAnyChat", "readMessages", (_role, w) => ({ status: 303, location: `${clubPath(w)}?tab=messages&sub=chat` })),
    send: (cell) => post(cell, `${clubPath(cell.w)}/messages`, { intent: "delete", kind: "chat", messageId: messageFor(cell, whose) }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?tab=messages&sub=chat`);
      expectOnly(changes, { table: "club_messages", kind: "removed", where: { id: messageFor(cell, whose) }, count: 1 });
    },
  })),
  {
    route: "club.$slug.messages.tsx",
    intent: "read",
    world: async (w) => {
      w.club = await w.addClub();
      // Unread direct messages from the bystander to every member: only the reader's own turn read.
      for (const key of OWN_CONTENT.filter((k) => k !== "bystander")) {
        await db()
          .insert(clubDirectMessages)
          .values({ clubId: w.club.id, senderId: people.bystander.id, receiverId: people[key].id, content: `Hello ${key}` });
      }
    },
    expected: clubRule("sendDm", "readMessages"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/messages`, { intent: "read", with: people.bystander.id }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?${new URLSearchParams({ tab: "messages", sub: "dm", with: people.bystander.id })}`);
      expectOnly(changes, {
        table: "club_direct_messages",
        kind: "changed",
        where: (r) => r.receiver_id === me(cell) && r.read_at !== null,
        count: 1,
      });
    },
  },

  // --- club item requests ("On the Radar") -----------------------------------------------------------
  // The same writes reach both routes (app/web/item-requests.server.ts): /requests (the dialog, the tab's
  // buttons) and /requests/new (the page 'New Request' opens without JavaScript posts to itself).
  ...(
    [
      ["club.$slug.requests.tsx", ""],
      ["club.$slug.requests_.new.tsx", "/new"],
    ] as const
  ).flatMap(([route, suffix]): Row[] => [
    {
      route,
      intent: "post",
      world: clubOnly,
      expected: clubRule("postRequest", "readRequests"),
      send: (cell) =>
        post(cell, `${clubPath(cell.w)}/requests${suffix}`, {
          intent: "post",
          id: randomUUID(),
          title: "Size 5 ball",
          description: "Any brand",
        }),
      allowed: (cell, out, changes) => {
        redirectTo(out, `${clubPath(cell.w)}?tab=radar`);
        expectOnly(changes, {
          table: "club_requests",
          kind: "added",
          where: { club_id: cell.w.club.id, user_id: me(cell), status: "open" },
          count: 1,
        });
      },
    },
    ...(["fulfil", "delete"] as const).flatMap((intent) =>
      (["own", "another member's"] as const).map((whose): Row => ({
        route,
        intent,
        variant: `${whose} request`,
        world: async (w) => {
          w.club = await w.addClub();
          for (const key of OWN_CONTENT) {
            const [row] = await db()
              .insert(clubRequests)
              .values({ clubId: w.club.id, userId: people[key].id, title: `Wanted by ${key}` })
              .returning({ id: clubRequests.id });
            w.ids[key] = row.id;
          }
        },
        // Author-only in the SQL: a member naming someone else's request is sent back with a refusal toast.
        expected:
          whose === "own"
            ? clubRule(intent === "fulfil" ? "fulfilOwnRequest" : "deleteOwnRequest", "readRequests")
            : (role, w) =>
                clubCan(role, w, "readRequests") ? { status: 303, location: `${clubPath(w)}?tab=radar` } : clubRefusal(role, w),
        send: (cell) => post(cell, `${clubPath(cell.w)}/requests${suffix}`, { intent, id: messageFor(cell, whose) }),
        allowed: (cell, out, changes) => {
          redirectTo(out, `${clubPath(cell.w)}?tab=radar`);
          const id = messageFor(cell, whose);
          if (intent === "fulfil")
            expectOnly(changes, { table: "club_requests", kind: "changed", where: { id, status: "fulfilled" }, count: 1 });
          else expectOnly(changes, { table: "club_requests", kind: "removed", where: { id }, count: 1 });
        },
      })),
    ),
  ]),
  // --- Club Swap Days (ADR 088): creating one is the club table's organiseSwapDay (owner, admins) -------------
  {
    route: "club.$slug.swap-days.new.tsx",
    intent: null,
    world: clubOnly,
    expected: clubRule("organiseSwapDay", "view"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/swap-days/new`, {
        id: randomUUID(),
        name: "Matrix swap",
        place: "Clubhouse",
        mode: "table",
        itemsOpenAt: "2099-03-01T10:00",
        wantsOpenAt: "2099-03-02T10:00",
        listsCloseAt: "2099-03-03T10:00",
        resultsAt: "2099-03-04T10:00",
        handoverAt: "2099-03-05T10:00",
        closesAt: "2099-03-05T18:00",
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, new RegExp(`^${clubPath(cell.w)}/swap-days/[0-9a-f-]{36}$`));
      const id = out.location!.split("/").at(-1);
      expectOnly(
        changes,
        { table: "swap_days", kind: "added", where: { id, club_id: cell.w.club.id, created_by: me(cell) }, count: 1 },
        { table: "club_messages", kind: "added", where: { id, message_type: "announcement", user_id: me(cell) }, count: 1 },
      );
    },
  },
  // --- the club's gear library (ADRs 093, 097): members ask to borrow (borrowGear); keepers keep it (manageGear) ----
  {
    route: "club.$slug.library.tsx",
    intent: "request",
    world: gearWorld,
    expected: clubRule("borrowGear", "view"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/library`, {
        intent: "request",
        id: randomUUID(),
        itemId: cell.w.ids.skates,
        size: "5",
        period: "season",
      }),
    allowed: (cell, out, changes) => {
      expect(out.status).toBe(200);
      expectOnly(changes, {
        table: "gear_requests",
        kind: "added",
        where: { item_id: cell.w.ids.skates, user_id: me(cell), status: "waiting" },
        count: 1,
      });
    },
  },
  {
    route: "club.$slug.library.tsx",
    intent: "withdraw",
    variant: "another member's request",
    world: gearWorld,
    expected: clubRule("borrowGear", "view"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/library`, { intent: "withdraw", requestId: cell.w.ids.waiting }),
    // The author is in the SQL: someone else's request is "no longer waiting", nothing changed.
    allowed: (_cell, out, changes) => {
      expect(out.status).toBe(409);
      nothing(changes);
    },
  },
  ...(
    [
      ["add-item", "gear_items", "added"],
      ["add-units", "gear_units", "added"],
      ["check-out", "gear_loans", "added"],
      ["check-in", "gear_loans", "changed"],
      ["decline", "gear_requests", "changed"],
      ["retire", "gear_units", "changed"],
    ] as const
  ).map(([intent, table, kind]): Row => ({
    route: "club.$slug.manage_.library.tsx",
    intent,
    world: gearWorld,
    expected: clubRule("manageGear", "view"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/manage/library`, { intent, formId: intent, ...keeperForm(intent, cell.w) }),
    allowed: (cell, out, changes) => {
      expect(out.status, out.body.slice(0, 200)).toBe(200);
      const { ids } = cell.w;
      const wanted: Wanted[] = [{ table, kind, count: intent === "add-item" ? 1 : undefined }];
      if (intent === "add-item") wanted.push({ table: "gear_units", kind: "added", where: { code: "MX-1" }, count: 1 });
      if (intent === "check-out")
        wanted.push({ table: "gear_requests", kind: "changed", where: { id: ids.waiting, status: "lent" }, count: 1 });
      if (intent === "check-in")
        wanted.push({ table: "gear_units", kind: "changed", where: { code: "HE-1", condition: "well-worn" }, count: 1 });
      if (intent === "decline") wanted[0] = { table, kind, where: { id: ids.waiting, status: "withdrawn" }, count: 1 };
      if (intent === "retire") wanted[0] = { table, kind, where: (r) => r.code === "SK-2" && r.retired_at !== null, count: 1 };
      expectOnly(changes, ...wanted);
    },
  })),
  {
    route: "club.$slug.manage.tsx",
    intent: "make-equipment-manager",
    world: clubOnly,
    // The club table's promote (ADR 093: the owner and admins name equipment managers).
    expected: clubRule("promote", "manage"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/manage`, { intent: "make-equipment-manager", memberId: cell.w.club.membership.bystander! }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}/manage`, [303]);
      expectOnly(changes, {
        table: "club_members",
        kind: "changed",
        where: { id: cell.w.club.membership.bystander!, role: "equipment_manager" },
        count: 1,
      });
    },
  },
  // The event page's intents (ADR 088): offer and withdraw are joinSwapDay (active members), freeze organiseSwapDay.
  // An offer of a listing that is not the poster's is refused by the SQL (409, nothing stored: the success path is
  // app/features/swap-days/items.server.test.ts); a withdraw of no item of theirs changes nothing.
  ...(
    [
      ["offer", "joinSwapDay", { listingId: randomUUID(), addUpTo: "5" }],
      ["withdraw", "joinSwapDay", { itemId: randomUUID() }],
      ["freeze", "organiseSwapDay", {}],
    ] as const
  ).map(([intent, action, fields]): Row => ({
    route: "club.$slug.swap-days.$id.tsx",
    intent,
    world: async (w) => {
      w.club = await w.addClub();
      const now = Date.now();
      const [row] = await db()
        .insert(swapDays)
        .values({
          clubId: w.club.id,
          name: "Matrix swap",
          place: "Gym",
          mode: "table",
          itemsOpenAt: new Date(now - DAY_MS),
          wantsOpenAt: new Date(now - DAY_MS),
          listsCloseAt: new Date(now + 2 * DAY_MS),
          resultsAt: new Date(now + 3 * DAY_MS),
          handoverAt: new Date(now + 4 * DAY_MS),
          closesAt: new Date(now + 5 * DAY_MS),
          seed: 7,
        })
        .returning({ id: swapDays.id });
      w.ids.swapDay = row.id;
    },
    expected: clubRule(action, "view"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}`, { intent, ...fields }),
    allowed: (cell, out, changes) => {
      if (intent === "offer") {
        expect(out.status).toBe(409);
        nothing(changes);
        return;
      }
      redirectTo(out, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}`);
      if (intent === "withdraw") nothing(changes);
      else
        expectOnly(changes, {
          table: "swap_days",
          kind: "changed",
          where: (r) => r.id === cell.w.ids.swapDay && r.frozen_at !== null,
          count: 1,
        });
    },
  })),
  // 'Find the swaps' (ADR 089): organisers of a frozen event; the answer goes first (303 to the results) and the
  // solve runs in waitUntil after it, so a cell cannot wait on the stored result — it is proven by
  // app/features/swap-days/results.server.test.ts and the browser journey (tests/e2e/swap-days.spec.ts).
  {
    route: "club.$slug.swap-days.$id.tsx",
    intent: "solve",
    world: async (w) => {
      w.club = await w.addClub();
      const now = Date.now();
      const [row] = await db()
        .insert(swapDays)
        .values({
          clubId: w.club.id,
          name: "Matrix swap",
          place: "Gym",
          mode: "table",
          itemsOpenAt: new Date(now - 2 * DAY_MS),
          wantsOpenAt: new Date(now - 2 * DAY_MS),
          listsCloseAt: new Date(now + 2 * DAY_MS),
          resultsAt: new Date(now + 3 * DAY_MS),
          handoverAt: new Date(now + 4 * DAY_MS),
          closesAt: new Date(now + 5 * DAY_MS),
          frozenAt: new Date(now - DAY_MS),
          seed: 7,
        })
        .returning({ id: swapDays.id });
      w.ids.swapDay = row.id;
    },
    expected: clubRule("organiseSwapDay", "view"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}`, { intent: "solve" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}/results`);
      // The waitUntil's solve may have stored its claim by the time of the snapshot (an event without items).
      expectOnly(
        changes,
        { table: "swap_days", kind: "changed", where: (r) => r.id === cell.w.ids.swapDay && r.solved_at !== null, optional: true },
        { table: "swap_day_inputs", kind: "added", where: { swap_day_id: cell.w.ids.swapDay }, optional: true },
      );
    },
  },
  // The hand-over (ADR 090): a solved event of this club (tests/swap-day-fixtures.ts — a ring of three and a ring
  // of two among five members only this row knows). The table's intents are organiseSwapDay; confirm and
  // reportMissing joinSwapDay, where the SQL then asks for a person of the ring (or an organiser, to report).
  ...(
    [
      ["checkIn", "organiseSwapDay", "table"],
      ["handOut", "organiseSwapDay", "table"],
      ["closeCheckin", "organiseSwapDay", "table"],
      ["confirm", "joinSwapDay", "meetup"],
      ["reportMissing", "joinSwapDay", "meetup"],
    ] as const
  ).map(([intent, action, mode]): Row => ({
    route: "club.$slug.swap-days.$id_.handover.tsx",
    intent,
    world: async (w) => {
      w.club = await w.addClub();
      const swappers = {} as Record<"mel" | "nia" | "ola" | "pia" | "quin", Person>;
      for (const k of ["mel", "nia", "ola", "pia", "quin"] as const) {
        swappers[k] = await w.addPerson(`Swap${k}`, { password: false });
        await addTestMember(db(), w.club, swappers[k]);
      }
      const day = await solvedSwapDay(db(), w.club, { owner: people.clubOwner, ...swappers }, mode);
      w.ids.swapDay = day.id;
      w.ids.code = day.code.skates;
      w.ids.bag = day.items.bag;
      w.ids.skates = day.items.skates;
      // The ring of two is in at the table: its bag may be handed out.
      if (intent === "handOut")
        await db()
          .insert(swapDayCheckins)
          .values(
            [day.items.bag, day.items.gloves].map((itemId) => ({ itemId, checkedInAt: new Date(), checkedInBy: people.clubOwner.id })),
          );
    },
    expected: clubRule(action, "view"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}/handover`, {
        intent,
        ...(intent === "checkIn" ? { code: cell.w.ids.code } : { itemId: intent === "handOut" ? cell.w.ids.bag : cell.w.ids.skates }),
      }),
    allowed: (cell, out, changes) => {
      const here = `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}/handover`;
      const item = (id: string) => (r: Row$) => r.item_id === id;
      if (intent === "checkIn") {
        ok200(out);
        expectOnly(changes, { table: "swap_day_checkins", kind: "added", where: { item_id: cell.w.ids.skates }, count: 1 });
        return;
      }
      redirectTo(out, here);
      if (intent === "handOut")
        expectOnly(changes, {
          table: "swap_day_checkins",
          kind: "changed",
          where: (r) => item(cell.w.ids.bag)(r) && r.checked_out_at !== null,
          count: 1,
        });
      else if (intent === "closeCheckin")
        // Nothing was checked in: every ring is replaced by the re-solve of an empty pool, its items untraded.
        expectOnly(
          changes,
          { table: "swap_days", kind: "changed", where: (r) => r.id === cell.w.ids.swapDay && r.checkin_closed_at !== null, count: 1 },
          { table: "swap_day_rings", kind: "removed", count: 2 },
          { table: "swap_day_ring_steps", kind: "removed", count: 5 },
          { table: "swap_day_items", kind: "changed", where: { status: "untraded" }, count: 5 },
        );
      else if (intent === "reportMissing" && clubCan(cell.role, cell.w, "organiseSwapDay"))
        // An organiser may say someone did not come: the skates' ring of three is cancelled whole.
        expectOnly(
          changes,
          { table: "swap_day_rings", kind: "changed", where: { status: "cancelled" }, count: 1 },
          { table: "swap_day_items", kind: "changed", where: { status: "untraded" }, count: 3 },
        );
      // Confirming, or reporting, a step that is not theirs: nothing (the ring's people: handover.server.test.ts).
      else nothing(changes);
    },
  })),
  // A want list (ADR 089) is joinSwapDay; the item posted is another member's, so an allowed cell is the SQL's
  // "not your item" 404 with nothing stored (saving one's own list: wants.server.test.ts and
  // tests/security/swap-day-wants.spec.ts).
  {
    route: "club.$slug.swap-days.$id_.wants.tsx",
    intent: null,
    world: async (w) => {
      w.club = await w.addClub();
      const now = Date.now();
      const [row] = await db()
        .insert(swapDays)
        .values({
          clubId: w.club.id,
          name: "Matrix swap",
          place: "Gym",
          mode: "table",
          itemsOpenAt: new Date(now - DAY_MS),
          wantsOpenAt: new Date(now - DAY_MS),
          listsCloseAt: new Date(now + 2 * DAY_MS),
          resultsAt: new Date(now + 3 * DAY_MS),
          handoverAt: new Date(now + 4 * DAY_MS),
          closesAt: new Date(now + 5 * DAY_MS),
          seed: 7,
        })
        .returning({ id: swapDays.id });
      w.ids.swapDay = row.id;
      const offered = [];
      for (const k of ["one", "two"]) {
        const owner = await w.addPerson(`Want${k}`, { password: false });
        await addTestMember(db(), w.club, owner);
        const listingId = await w.addListing(owner);
        offered.push({
          swapDayId: row.id,
          listingId,
          ownerId: owner.id,
          code: `M${word().slice(0, 5).toUpperCase()}`,
          title: k,
          priceCents: 1000,
        });
      }
      const items = await db().insert(swapDayItems).values(offered).returning({ id: swapDayItems.id });
      w.ids.item = items[0].id;
      w.ids.wanted = items[1].id;
    },
    expected: clubRule("joinSwapDay", "view"),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/swap-days/${cell.w.ids.swapDay}/wants?item=${cell.w.ids.item}`, {
        itemId: cell.w.ids.item,
        want: cell.w.ids.wanted,
        addUpTo: "5",
      }),
    allowed: (_cell, out, changes) => {
      expect(out.status).toBe(404);
      nothing(changes);
    },
  },
  // The solve job for tests (ADR 089), open in the e2e stack: at a `now` before any event's results date it
  // finds nothing to solve and stores nothing.
  {
    route: "dev.swap-day-solves.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/swap-day-solves?now=1", {}),
    allowed: (_cell, out, changes) => {
      ok200(out);
      expect(JSON.parse(out.body)).toMatchObject({ solved: 0 });
      nothing(changes);
    },
  },
  {
    route: "notifications.acknowledge.tsx",
    intent: null,
    variant: "the member's approval notice",
    world: clubOnly,
    // Only the member's own notice; anyone else naming it is sent home with nothing changed.
    expected: (role) =>
      role === "anonymous" ? toAuth("/notifications/acknowledge") : role === "member" ? allowed : { status: 302, location: "/" },
    send: (cell) => post(cell, "/notifications/acknowledge", { membershipId: cell.w.club.membership.member! }),
    allowed: (cell, out, changes) => {
      redirectTo(out, clubPath(cell.w));
      expectOnly(changes, {
        table: "club_members",
        kind: "changed",
        where: { id: cell.w.club.membership.member!, approval_notified: 1 },
        count: 1,
      });
    },
  },

  // --- safety (ADR 069): reports, blocks, the moderation queue, club moderators, warnings -----------
  ...(
    [
      {
        variant: "the listing owner's public listing",
        towards: "listingOwner" as const,
        world: async (w: World) => void (w.listing = await w.addListing()),
        // Anyone signed in may see it; its owner is sent back to it ('You can't report your own listing').
        target: (w: World) => ({ type: "listing", id: w.listing, returnTo: `/listing/${w.listing}`, owner: "listingOwner" as Role }),
        visible: () => true,
      },
      {
        variant: "another member's chat message",
        towards: "bystander" as const,
        world: async (w: World) => {
          w.club = await w.addClub();
          const [row] = await db()
            .insert(clubMessages)
            .values({ clubId: w.club.id, userId: people.bystander.id, content: "Said by the bystander" })
            .returning({ id: clubMessages.id });
          w.ids.message = row.id;
        },
        target: (w: World) => ({
          type: "club_message",
          id: w.ids.message,
          returnTo: `${clubPath(w)}?tab=messages`,
          owner: null as Role | null,
        }),
        // Only the club's active members read its messages (the table's readMessages): anyone else 404.
        visible: (role: Role, w: World) => clubCan(role, w, "readMessages"),
      },
      {
        variant: "a person",
        towards: undefined,
        world: async (w: World) => void (w.extra.target = await w.addPerson("Pat", { password: false })),
        target: (w: World) => ({ type: "user", id: w.extra.target.id, returnTo: "/", owner: null as Role | null }),
        visible: () => true,
      },
    ] as const
  ).map(({ variant, towards, world, target, visible }): Row => ({
    route: "report.tsx",
    intent: null,
    variant,
    towards,
    world,
    // Signed out → sign in; the site table's `report` (a suspended person keeps it); not theirs to see → 404.
    expected: (role, w) => {
      if (role === "anonymous") return toAuth("/report");
      if (!can(actorOf(role), "report", SITE)) return { status: 303, location: "/report" };
      if (!visible(role, w)) return notFound;
      return role === target(w).owner ? { status: 303, location: target(w).returnTo } : allowed;
    },
    send: (cell) => {
      const { type, id } = target(cell.w);
      return post(cell, "/report", { type, id, reason: "harassment", details: "Reported by the matrix" });
    },
    allowed: (cell, out, changes) => {
      const { type, id, returnTo } = target(cell.w);
      redirectTo(out, returnTo, [303]);
      expectOnly(changes, {
        table: "reports",
        kind: "added",
        where: { reporter_id: me(cell), target_type: type, target_id: id, status: "open" },
        count: 1,
      });
    },
  })),
  ...(["block", "unblock"] as const).map((intent): Row => ({
    route: "block.$userId.tsx",
    intent,
    world: async (w) => {
      w.extra.target = await w.addPerson(intent === "block" ? "Blk" : "Unb", { password: false });
      // To unblock: everyone has blocked them already.
      if (intent === "unblock")
        await db()
          .insert(userBlocks)
          .values(Object.values(people).map((p) => ({ blockerId: p.id, blockedId: w.extra.target.id })));
    },
    cleanup: async (w) => void (await db().delete(userBlocks).where(eq(userBlocks.blockedId, w.extra.target.id))),
    // Anyone signed in, for their own blocks: the site table's `block` (a suspended person keeps it).
    expected: (role, w) => {
      const path = `/block/${w.extra.target.id}`;
      if (role === "anonymous") return toAuth(path);
      return can(actorOf(role), "block", SITE) ? allowed : { status: 303, location: path };
    },
    send: (cell) => post(cell, `/block/${cell.w.extra.target.id}`, { intent, redirectTo: "/favorites" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/favorites", [303]);
      expectOnly(changes, {
        table: "user_blocks",
        kind: intent === "block" ? "added" : "removed",
        where: { blocker_id: me(cell), blocked_id: cell.w.extra.target.id },
        count: 1,
      });
    },
  })),
  // --- saved searches (ADR 071): one's own only; the id of anyone else's is a 404 -----------
  {
    route: "saved-searches.tsx",
    intent: "save",
    // Saves for the shared people: alone, watching everything.
    exclusive: true,
    // A suspended person keeps it: a private search is not posting (the suspension gate's table).
    expected: selfRule("/saved-searches"),
    send: (cell) => post(cell, "/saved-searches", { intent: "save", path: "/sport/hockey", query: "zip=02139&q=matrix+pads" }),
    allowed: (cell, out, changes) => {
      // Back to the search, rebuilt from its canonical form.
      redirectTo(out, "/sport/hockey?q=matrix+pads&zip=02139", [303]);
      expectOnly(changes, {
        table: "saved_searches",
        kind: "added",
        where: { user_id: me(cell), path: "/sport/hockey", query: "q=matrix+pads&zip=02139" },
        count: 1,
      });
    },
  },
  ...(["rename", "pause", "resume", "delete"] as const).flatMap((intent): Row[] => {
    const fields = (id: string) => ({ intent, id, ...(intent === "rename" ? { name: "Renamed by the matrix" } : {}) });
    return [
      {
        route: "saved-searches.tsx",
        intent,
        variant: "own",
        exclusive: true,
        // Everyone has a saved search of their own (paused, to resume).
        world: async (w) => {
          for (const person of Object.values(people)) {
            const [row] = await db()
              .insert(savedSearches)
              .values({ userId: person.id, name: "Matrix search", path: "/", query: `q=matrix+${word()}`, paused: intent === "resume" })
              .returning({ id: savedSearches.id });
            w.ids[`search-${person.id}`] = row.id;
          }
        },
        cleanup: async (w) => {
          for (const [key, id] of Object.entries(w.ids))
            if (key.startsWith("search-")) await db().delete(savedSearches).where(eq(savedSearches.id, id));
        },
        expected: selfRule("/saved-searches"),
        // Signed out, the member's id.
        send: (cell) => post(cell, "/saved-searches", fields(cell.w.ids[`search-${(cell.person ?? people.member).id}`])),
        allowed: (cell, out, changes) => {
          redirectTo(out, "/saved-searches", [303]);
          const id = cell.w.ids[`search-${me(cell)}`];
          const changed = (r: Row$) =>
            r.id === id && (intent === "rename" ? r.name === "Renamed by the matrix" : Number(r.paused) === (intent === "pause" ? 1 : 0));
          expectOnly(
            changes,
            intent === "delete"
              ? { table: "saved_searches", kind: "removed", where: { id }, count: 1 }
              : { table: "saved_searches", kind: "changed", where: changed, count: 1 },
          );
        },
      },
      {
        route: "saved-searches.tsx",
        intent,
        variant: "someone else's",
        world: async (w) => {
          const owner = await w.addPerson("Sav", { password: false });
          const [row] = await db()
            .insert(savedSearches)
            .values({ userId: owner.id, name: "Not yours", path: "/", query: `q=matrix+${word()}`, paused: intent === "resume" })
            .returning({ id: savedSearches.id });
          w.ids.search = row.id;
        },
        // Its owner is none of the roles, and ownership is in the query: 404 for everyone, a site admin too.
        expected: (role) => (role === "anonymous" ? toAuth("/saved-searches") : notFound),
        send: (cell) => post(cell, "/saved-searches", fields(cell.w.ids.search)),
      },
    ];
  }),
  ...MODERATION_ROWS,
  ...TRUST_ROWS,
  ...(
    [
      ["report-dismiss", "dismissed"],
      ["report-remove", "removed"],
      ["report-remove-member", "member_removed"],
    ] as const
  ).map(([intent, outcome]): Row => ({
    route: "club.$slug.manage.tsx",
    intent,
    // A member's chat message in the row's club, reported once (the club's moderators see it).
    world: async (w) => {
      w.club = await w.addClub();
      const author = (w.extra.author = await w.addPerson("Aut", { password: false }));
      await addTestMember(db(), w.club, author);
      const [message] = await db()
        .insert(clubMessages)
        .values({ clubId: w.club.id, userId: author.id, content: "Something rude" })
        .returning({ id: clubMessages.id });
      w.ids.message = message.id;
      w.ids.report = await openReport(w, { targetType: "club_message", targetId: message.id, targetUserId: author.id, clubId: w.club.id });
    },
    expected: clubRule("moderateReports", "manage"),
    send: (cell) => post(cell, `${clubPath(cell.w)}/manage`, { intent, reportId: cell.w.ids.report }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}/manage`, [303]);
      const { club, ids, extra } = cell.w;
      const audit = (action: string): Wanted => ({
        table: "admin_audit_log",
        kind: "added",
        where: { actor_id: me(cell), club_id: club.id, action, report_id: ids.report },
        count: 1,
      });
      const closed: Wanted = { table: "reports", kind: "changed", where: { id: ids.report, status: "closed", outcome }, count: 1 };
      const messageGone: Wanted = { table: "club_messages", kind: "removed", where: { id: ids.message }, count: 1 };
      if (intent === "report-dismiss") return expectOnly(changes, closed, audit("dismiss_report"));
      if (intent === "report-remove") return expectOnly(changes, closed, messageGone, audit("delete_message"));
      expectOnly(
        changes,
        closed,
        messageGone,
        { table: "club_members", kind: "removed", where: { club_id: club.id, user_id: extra.author.id }, count: 1 },
        audit("remove_member"),
        audit("delete_message"),
      );
    },
  })),
  ...(["own", "the member's"] as const).map((whose): Row => ({
    route: "notifications.acknowledge.tsx",
    intent: "dismissWarning",
    variant: `${whose} warning`,
    // Warnings of the shared people: alone, so no other row sees them come and go.
    exclusive: true,
    world: async (w) => {
      for (const [key, person] of Object.entries(people)) {
        const [row] = await db()
          .insert(warnings)
          .values({ userId: person.id, reason: "harassment", createdBy: people.siteAdmin.id })
          .returning({ id: warnings.id });
        w.ids[`warning-${key}`] = row.id;
      }
    },
    cleanup: async (w) => {
      for (const [key, id] of Object.entries(w.ids)) if (key.startsWith("warning-")) await db().delete(warnings).where(eq(warnings.id, id));
    },
    // Only one's own warning (their own account: `manageOwnAccount`); anyone else naming it goes back with nothing changed.
    expected: (role) => {
      if (role === "anonymous") return toAuth("/notifications/acknowledge");
      if (whose === "own" || role === "member") return allowed;
      return { status: 302, location: "/favorites" };
    },
    send: (cell) =>
      post(cell, "/notifications/acknowledge", { intent: "dismissWarning", warningId: warningFor(cell, whose), redirectTo: "/favorites" }),
    allowed: (cell, out, changes) => {
      redirectTo(out, "/favorites");
      expectOnly(changes, {
        table: "warnings",
        kind: "changed",
        where: (r) => r.id === warningFor(cell, whose) && r.user_id === me(cell) && r.seen_at !== null,
        count: 1,
      });
    },
  })),
  {
    route: "club.$slug.messages.tsx",
    intent: "dm",
    variant: "to the club owner",
    towards: "clubOwner",
    world: clubOnly,
    // The owner has no conversation with themselves, and nobody with someone who blocked them: the text comes back (400).
    expected: (role, w) =>
      clubCan(role, w, "sendDm") && role === "clubOwner" ? { status: 400 } : clubRule("sendDm", "readMessages")(role, w),
    blockedRefusal: () => ({ status: 400 }),
    send: (cell) =>
      post(cell, `${clubPath(cell.w)}/messages`, {
        intent: "dm",
        recipientId: people.clubOwner.id,
        content: "Matrix DM to the owner",
        clientId: randomUUID(),
      }),
    allowed: (cell, out, changes) => {
      redirectTo(out, `${clubPath(cell.w)}?${new URLSearchParams({ tab: "messages", sub: "dm", with: people.clubOwner.id })}`);
      expectOnly(changes, {
        table: "club_direct_messages",
        kind: "added",
        where: { club_id: cell.w.club.id, sender_id: me(cell), receiver_id: people.clubOwner.id },
        count: 1,
      });
    },
  },

  // --- development-only routes (DEV_ROUTES on in the e2e stack; 404 in production) --------------------
  {
    route: "dev.kit.tsx",
    intent: "save",
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/kit", { intent: "save", nickname: "Matrix", color: "red" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.kit.tsx",
    intent: "confirm",
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/kit", { intent: "confirm" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.outgrown.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    // The daily outgrown prompts (ADR 091) at a moment of the test's choosing: none of the roles has a player.
    send: (cell) => post(cell, `/dev/outgrown?now=${Date.now()}`, {}),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.toast.tsx",
    intent: null,
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/toast", {}),
    allowed: (_cell, out, changes) => {
      redirectTo(out, "/");
      nothing(changes);
    },
  },
  {
    route: "dev.realtime.tsx",
    intent: null,
    variant: "a lobby message",
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/realtime", { text: "Matrix hello" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.realtime.tsx",
    intent: "club",
    devOnly: true,
    world: clubOnly,
    // A club room's fan-out, for its active members only (roomAccessFor: the members' messages tab).
    expected: (role, w) => (role === "anonymous" ? toAuth("/dev/realtime") : clubCan(role, w, "readMessages") ? allowed : { status: 403 }),
    send: (cell) => post(cell, "/dev/realtime", { intent: "club", clubId: cell.w.club.id, content: "Matrix fan-out" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  // --- wanted gear (ADR 071): the matcher and digest jobs, unsubscribe links, 'New matches' seen ----
  {
    route: "notifications.acknowledge.tsx",
    intent: "seenMatches",
    // One's own matches only (`user_id` = the viewer in the UPDATE): every signed-in person may, and
    // no one else's row moves. The world has no matches, so nothing changes.
    expected: (role) => (role === "anonymous" ? toAuth("/notifications/acknowledge") : allowed),
    send: (cell) => post(cell, "/notifications/acknowledge", { intent: "seenMatches" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "unsubscribe.tsx",
    intent: null,
    // Signed in or not, a session is not the key: only a signed token is. A forged one changes nothing.
    expected: () => ({ status: 400 }),
    send: (cell) => post(cell, "/unsubscribe?token=forged.token.value", { "List-Unsubscribe": "One-Click" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.matcher.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    // The matcher writes matches and its queue only (not watched here): the world's rows stay.
    send: (cell) => post(cell, "/dev/matcher", {}),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.price-drops.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    // The price-drop job and the matcher write notices, matches and their queues only (not watched here).
    send: (cell) => post(cell, "/dev/price-drops", {}),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.digest.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    send: (cell) => post(cell, "/dev/digest", { mode: "email_digest" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.away-mail.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    // The job narrowed to nobody (an unknown id): it runs and answers, the world's rows stay.
    send: (cell) => post(cell, "/dev/away-mail?user=00000000-0000-4000-8000-000000000000", {}),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
  {
    route: "dev.deal-clock.ts",
    intent: null,
    devOnly: true,
    expected: everyone,
    // The deal clock for one (unknown) deal at the real time: the job runs, the world's rows stay.
    send: (cell) => post(cell, "/dev/deal-clock", { dealId: "00000000-0000-4000-8000-000000000000" }),
    allowed: (_cell, out, changes) => {
      ok200(out);
      nothing(changes);
    },
  },
];

/** The warning a cell dismisses: their own, or the member's. */
const warningFor = (cell: Cell, whose: "own" | "the member's") =>
  cell.w.ids[`warning-${whose === "own" && cell.role !== "anonymous" ? cell.role : "member"}`];

/** Who has a message or request of their own in a row's club (the bystander's is "another member's"). */
const OWN_CONTENT = ["bystander", "member", "clubAdmin", "clubOwner", "suspended", "blocked", "pendingTeen"] as const;

/** The message or request a cell names: the sender's own (members), else the bystander's. */
function messageFor(cell: Cell, whose: "own" | "another member's") {
  if (whose === "own" && cell.role in cell.w.ids) return cell.w.ids[cell.role];
  return cell.w.ids.bystander;
}

function expectListingDeleted(cell: Cell, changes: Change[]) {
  const id = cell.w.listing;
  expectOnly(
    changes,
    { table: "listings", kind: "removed", where: { id }, count: 1 },
    // A site admin's removal of someone else's listing is audited (ADR 044).
    ...(cell.role === "siteAdmin"
      ? [
          {
            table: "admin_audit_log",
            kind: "added" as const,
            where: { target_id: id, actor_id: me(cell), action: "delete_listing" },
            count: 1,
          },
        ]
      : []),
  );
}

// ---------------------------------------------------------------------------------------------
// The scan: which routes have actions, and which intents they handle
// ---------------------------------------------------------------------------------------------

const ROUTES_DIR = "app/routes";
const hasAction = (source: string) => /export\s+(?:async\s+function|const|function)\s+action\b/.test(source);

/** The text of `export function NAME` / `export const NAME = …` in a module (up to its closing line). */
function definitionIn(source: string, name: string): string | null {
  const m = new RegExp(`^export\\s+(?:async\\s+)?(?:function\\s+${name}\\b|const\\s+${name}\\b)`, "m").exec(source);
  if (!m) return null;
  const rest = source.slice(m.index);
  const firstLine = rest.slice(0, rest.indexOf("\n"));
  if (/;\s*$/.test(firstLine)) return firstLine;
  // Ends at the first line that closes at column 0 (`}`, `)`, or `]` of a top-level union's list).
  const end = rest.search(/\n[})\]][^\n]*\n/);
  return end === -1 ? rest : rest.slice(0, end + 3);
}

/** Names a module imports from the app's web layer and shared schemas, with the file each comes from. */
function importsOf(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"~\/((?:web|shared\/schemas)\/[\w./-]+)"/g)) {
    const file = ["ts", "tsx"].map((ext) => join("app", `${m[2]}.${ext}`)).find((f) => existsSync(f));
    if (!file) continue;
    for (const part of m[1].split(",")) {
      const name = part
        .replace(/^\s*type\s+/, "")
        .trim()
        .split(/\s+as\s+/)[0];
      if (name) names.set(name, file);
    }
  }
  return names;
}

/**
 * What the action hands the form to: the handlers (`handle…`), schemas (`…Schema`) and intent lists
 * it names, followed into their definitions in ~/lib and ~/schemas, a few levels deep.
 */
function handedTo(file: string, text: string, depth: number): string[] {
  if (depth === 0) return [];
  const source = readFileSync(file, "utf8");
  const imports = importsOf(source);
  const found: string[] = [];
  for (const name of new Set(text.match(/\b(?:handle\w+|\w+Schema|\w*Intents?\w*|[A-Z][A-Z_]*INTENTS)\b/g) ?? [])) {
    const from = imports.get(name) ?? (definitionIn(source, name) ? file : null);
    const definition = from ? definitionIn(readFileSync(from, "utf8"), name) : null;
    if (!from || !definition || definition === text) continue;
    found.push(definition, ...handedTo(from, definition, depth - 1));
  }
  return found;
}

/** The route module (its forms and its action) and what its action hands the form to. */
function sourcesOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const action = definitionIn(source, "action") ?? "";
  return [source, ...handedTo(file, action, 3)];
}

/** Intent literals an action compares, parses or renders (`intent === "x"`, z.literal, z.enum, INTENTS = […], name="intent" value="x"). */
function intentsIn(sources: string[]): Set<string> {
  const found = new Set<string>();
  const literals = (list: string) => [...list.matchAll(/"([\w:-]+)"/g)].map((m) => m[1]);
  for (const source of sources) {
    for (const m of source.matchAll(/\bintent(?:\.data)?\s*[!=]==\s*"([\w:-]+)"/g)) found.add(m[1]);
    for (const m of source.matchAll(/get\("intent"\)\s*[!=]==\s*"([\w:-]+)"/g)) found.add(m[1]);
    for (const m of source.matchAll(/\bintent:\s*z\.literal\("([\w:-]+)"\)/g)) found.add(m[1]);
    for (const m of source.matchAll(/\bintent:\s*z\.enum\(\[([^\]]*)\]\)/g)) literals(m[1]).forEach((i) => found.add(i));
    for (const m of source.matchAll(/\b(?:\w+_)?INTENTS\s*=\s*\[([^\]]*)\]|\bconst Intent\s*=\s*z\.enum\(\[([^\]]*)\]\)/g))
      literals(m[1] ?? m[2]).forEach((i) => found.add(i));
    for (const m of source.matchAll(/name="intent"\s+value="([\w:-]+)"/g)) found.add(m[1]);
    for (const m of source.matchAll(/\bintent:\s*"([\w:-]+)"/g)) found.add(m[1]);
    // Photo buttons are a family (photo-up:N …): one row stands for each kind.
    for (const m of source.matchAll(/\^photo-\(([\w|]+)\):/g)) m[1].split("|").forEach((kind) => found.add(`photo-${kind}`));
  }
  return found;
}

const intentKey = (intent: string | null) => (intent === null ? null : intent.replace(/^(photo-\w+):\d+$/, "$1"));

/**
 * Actions of 2026-12-02's merges (ADRs 089–094) that have no row yet, by name: a ratchet, not a pass. Each is
 * refused in its own feature's tests (Vitest on real libSQL; tests/security/swap-day-handover.spec.ts and
 * families-http.spec.ts over HTTP), but not yet as cells × every role here. The list must match what the scan
 * finds exactly: a new action without a row still fails, and a row added for one of these fails until its line
 * goes from this list.
 */
const AWAITING_ROWS: string[] = [];

test("every route that exports an action, and every intent it handles, has a row in the matrix", () => {
  const routes = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
  const withAction = routes.filter((f) => hasAction(readFileSync(join(ROUTES_DIR, f), "utf8")));
  const missing: string[] = [];
  for (const route of withAction) {
    const rows = ROWS.filter((r) => r.route === route);
    if (rows.length === 0) missing.push(`${route}: no row`);
    const found = intentsIn(sourcesOf(join(ROUTES_DIR, route)));
    const named = new Set(rows.map((r) => intentKey(r.intent)));
    // Photo buttons come as one family: at least one of its kinds must have a row.
    const photoRow = [...named].some((i) => i?.startsWith("photo-"));
    for (const intent of found)
      if (!named.has(intent) && !(photoRow && intent.startsWith("photo-"))) missing.push(`${route}: intent "${intent}"`);
  }
  const stale: string[] = [];
  for (const row of ROWS) {
    const file = join(ROUTES_DIR, row.route);
    if (!existsSync(file) || !hasAction(readFileSync(file, "utf8"))) stale.push(`${row.route}: no such action`);
    else if (row.intent !== null && !intentsIn(sourcesOf(file)).has(intentKey(row.intent)!))
      stale.push(`${row.route}: intent "${row.intent}" is not handled`);
  }
  expect(missing, "actions without a row in tests/security/permission-matrix.spec.ts (beyond AWAITING_ROWS)").toEqual(AWAITING_ROWS);
  expect(stale, "rows naming an action that is gone").toEqual([]);
  // The scan finds something: a pattern change that found nothing would pass silently.
  expect(withAction.length).toBeGreaterThan(20);
});

// ---------------------------------------------------------------------------------------------
// Running the cells
// ---------------------------------------------------------------------------------------------

type Result = { row: string; role: Role; expected: string; passed: boolean; detail?: string };
const rowName = (r: Row) => `${r.route} ${r.intent ?? "(no intent)"}${r.variant ? ` (${r.variant})` : ""}`;

async function runCell(row: Row, role: Role, w: World, scope: () => Scope): Promise<Result> {
  const cell: Cell = { row, role, person: role === "anonymous" ? null : people[role], w };
  const result: Result = { row: rowName(row), role, expected: "?", passed: false };
  const before = await snapshot(scope());
  let after = before;
  try {
    const sent = performance.now();
    const out = await row.send!(cell);
    spent.sendMs += performance.now() - sent;
    spent.sends += 1;
    // After the request: the suspended role's expectation depends on the path it posted to.
    const expected = expectedFor(row, role, w, cell.path);
    result.expected = label(expected);
    after = await snapshot(scope());
    const changes = diff(before, after);
    expect(out.status, `never a server error: ${out.body.slice(0, 200)}`).toBeLessThan(500);
    if ("allowed" in expected) {
      await row.allowed!(cell, out, changes);
    } else {
      expect(out.status, `refusal (→ ${out.location}) ${out.body.slice(0, 120)}`).toBe(expected.status);
      if (expected.location !== undefined) expect(out.location).toBe(expected.location);
      expect(changes.map(describe), "a refusal changes nothing").toEqual([]);
    }
    result.passed = true;
  } catch (error) {
    // A request that never got an answer ("fetch failed") says why: the socket error is its cause.
    const cause =
      error instanceof Error && error.cause instanceof Error
        ? ` (cause: ${(error.cause as Error & { code?: string }).code ?? ""} ${error.cause.message})`
        : "";
    result.detail = error instanceof Error ? error.message.split("\n").slice(0, 24).join(" ") + cause : String(error);
  } finally {
    // Put back whatever changed (allowed, or wrongly allowed): the next cell starts from the same rows.
    try {
      if (after === before) after = await snapshot(scope());
      await restore(before, after);
    } catch (error) {
      result.passed = false;
      result.detail = `${result.detail ?? ""} — could not put the rows back: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return result;
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/**
 * The rows in two parts, one test each, so the two test workers run them side by side: each part makes its
 * own shared people (a worker's own module state) and watches only its own, as the whole matrix watches only
 * its own beside the rest of the suite. One test of every row took 2.8 min at load 7–10 with the Swap Day,
 * family, gear and appeal rows in it, against its 180 s.
 */
const PARTS = 2;

for (let part = 0; part < PARTS; part++)
  test(`permission matrix: every mutating route and intent × every role, as direct requests (part ${part + 1} of ${PARTS})`, async () => {
    // MATRIX_ONLY=<regex of row names> runs only those rows (while working on them; CI runs every row).
    const only = process.env.MATRIX_ONLY ? new RegExp(process.env.MATRIX_ONLY) : null;
    await runMatrix(
      ROWS.filter((row, index) => index % PARTS === part && (!only || only.test(rowName(row)))),
      `part ${part + 1} of ${PARTS}`,
    );
  });

async function runMatrix(rows: Row[], partName: string) {
  // An eleventh role (the pending teen, ADR 092) runs every row too.
  test.setTimeout(180_000);
  const started = Date.now();
  passwordHash = await hashPassword(PASSWORD, E2E_VARS.PASSWORD_PEPPER);
  people = {
    stranger: await makePerson("Stan"),
    pending: await makePerson("Penny"),
    member: await makePerson("Mel"),
    clubAdmin: await makePerson("Ada"),
    clubOwner: await makePerson("Olive"),
    listingOwner: await makePerson("Lou"),
    siteAdmin: await makePerson("Sid", { admin: true }),
    dealProposer: await makePerson("Dee"),
    bystander: await makePerson("Bea"),
    suspended: await makePerson("Sue"),
    blocked: await makePerson("Bob"),
    pendingTeen: await makePerson("Tia"),
  };
  // The teen (ADR 092): 15 this year, no guardian confirmed.
  await db()
    .update(users)
    .set({ birthYear: new Date().getUTCFullYear() - 15, birthMonth: 1 })
    .where(eq(users.id, people.pendingTeen.id));
  // The safety roles (ADR 069): a 7-day suspension by the site admin; blocked by the listing owner and the club owner.
  const endsAt = new Date(Date.now() + 7 * DAY_MS);
  SUSPENSION.until = endsAt.toISOString();
  await db().insert(suspensions).values({ userId: people.suspended.id, reason: SUSPENSION.reason, endsAt, createdBy: people.siteAdmin.id });
  await db()
    .insert(userBlocks)
    .values(BLOCKERS.map((key) => ({ blockerId: people[key].id, blockedId: people.blocked.id })));
  const peopleScope: Scope = { users: Object.values(people).map((p) => p.id), actors: [], clubs: [], listings: [] };
  const peopleBefore = await snapshot(peopleScope);

  const results: Result[] = [];
  const worlds: World[] = [];
  const runRow = async (row: Row, scope: (w: World) => () => Scope) => {
    const w = new World();
    worlds.push(w);
    await row.world?.(w);
    for (const role of row.roles ?? ROLES) results.push(await runCell(row, role, w, scope(w)));
    await row.cleanup?.(w);
  };
  const runnable = rows.filter((r) => !r.coveredBy);
  // Rows that touch only their own world run side by side; the others alone, watching everything made so far.
  await pool(
    runnable.filter((r) => !r.exclusive),
    4,
    (row) => runRow(row, (w) => () => w.scope()),
  );
  const everything = (): Scope => {
    const all = worlds.flatMap((w) => [w.scope()]);
    const users = [...Object.values(people).map((p) => p.id), ...all.flatMap((s) => s.users)];
    return { users, actors: users, clubs: all.flatMap((s) => s.clubs), listings: all.flatMap((s) => s.listings) };
  };
  for (const row of runnable.filter((r) => r.exclusive)) await runRow(row, () => everything);

  // The shared people's own rows are as they were when the file began (every change was put back).
  const peopleChanged = diff(peopleBefore, await snapshot(peopleScope)).map(describe);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = results.filter((r) => r.passed).length;
  const covered = rows.filter((r) => r.coveredBy);
  const dealRows = rows.filter((r) => r.roles === DEAL_ROW_ROLES).length;
  const summary = [
    `permission matrix, ${partName}: ${rows.length} of ${ROWS.length} route/intent rows × ${ROLES.length} roles, with the suspended and the blocked person (${dealRows} deal rows × ${DEAL_ROW_ROLES.length}, with the deal's proposer); ${runnable.length} rows run here = ${results.length} cells, ${passed} passed, ${results.length - passed} failed (${seconds} s)`,
    `permission matrix, ${partName}: ${covered.length} club-membership rows are cells of the club permission matrix (${covered.map((r) => r.coveredBy).join(", ")})`,
  ];
  summary.push(
    `permission matrix, ${partName}: ${spent.snapshots} snapshots took ${(spent.snapshotMs / 1000).toFixed(1)} s, ${spent.sends} requests ${(spent.sendMs / 1000).toFixed(1)} s (summed over the rows run side by side)`,
  );
  console.log(summary.join("\n"));
  console.log(matrixTable(runnable, results));
  for (const r of results.filter((r) => !r.passed)) console.log(`  ✗ ${r.row} / ${r.role}: expected ${r.expected} — ${r.detail}`);
  recordFigures("permission-matrix", summary);
  expect(results.filter((r) => !r.passed).map((r) => `${r.row} / ${r.role}`)).toEqual([]);
  expect(peopleChanged, "the shared people's rows after the whole matrix").toEqual([]);
}

/** The matrix as printed: one line per row, one column per role. */
function matrixTable(rows: Row[], results: Result[]) {
  const short = (e: string) =>
    e === "allowed"
      ? "ok"
      : e
          .replace(/ → \/auth\?.*/, "→auth")
          .replace(/ → (.*)/, "→$1")
          .slice(0, 12);
  const lines = [["row".padEnd(64), ...DEAL_ROW_ROLES.map((r) => r.slice(0, 12).padEnd(12))].join(" ")];
  for (const row of rows) {
    const name = rowName(row);
    const cells = DEAL_ROW_ROLES.map((role) => {
      // A role the row is not run as (the deal's proposer on a row without a deal).
      if (!(row.roles ?? ROLES).includes(role)) return "·".padEnd(12);
      const r = results.find((x) => x.row === name && x.role === role);
      return `${r?.passed ? "" : "✗"}${short(r?.expected ?? "?")}`.padEnd(12);
    });
    lines.push([`${row.devOnly ? "[dev] " : ""}${name}`.slice(0, 64).padEnd(64), ...cells].join(" "));
  }
  return lines.join("\n");
}

// A deal page opens for its two parties and a site admin (who may only look); anyone else gets the
// app's 404 and a signed-out visitor the sign-in page — asked of the deal table through `can(…, "view", …)`,
// one request per role of that table. Its own people and deal: it runs beside the matrix.
test("a deal page (GET /deals/{id}) opens for its two parties and site admins only", async () => {
  const owner = await makePerson("Oona", { password: false });
  const proposer = await makePerson("Pete", { password: false });
  const who: Record<DealRole, Person | null> = {
    anonymous: null,
    signedIn: await makePerson("Otto", { password: false }),
    proposer,
    owner,
    siteAdmin: await makePerson("Ada", { admin: true, password: false }),
  };
  const f = await saleDeal(db(), "proposed", { seller: owner, buyer: proposer, title: `Matrix view ${word()}` });
  const path = `/deals/${f.dealId}`;
  try {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const role of DEAL_ROLES) {
      const person = who[role];
      const actor: Actor = person ? { id: person.id, isAdmin: role === "siteAdmin" } : null;
      const expected: Expected = !actor
        ? toAuth(path)
        : can(actor, "view", { kind: "deal", proposerId: proposer.id, ownerId: owner.id })
          ? { status: 200 }
          : notFound;
      const response = await fetch(`${E2E_BASE_URL}${path}`, {
        redirect: "manual",
        headers: person ? { Cookie: `${SESSION_COOKIE}=${person.token}` } : {},
      });
      await response.body?.cancel();
      const location = response.headers.get("location");
      const url = location ? new URL(location, E2E_BASE_URL) : null;
      seen.push(`${role}: ${label({ status: response.status, location: url ? url.pathname + url.search : null })}`);
      wanted.push(`${role}: ${label(expected)}`);
    }
    expect(seen).toEqual(wanted);
  } finally {
    await db().delete(deals).where(eq(deals.id, f.dealId));
    await db().delete(listings).where(eq(listings.id, f.listingId));
    for (const person of Object.values(who)) if (person) await db().delete(users).where(eq(users.id, person.id));
  }
});
