// The admin dashboard and account deletion (ADR 044; spec 02 §2 /admin, §6 site admin, §7
// delete-user, admin lists). What a site role may do is data (permissions/site.ts, read through
// `can`); every delete is
// one batch with its audit entry (ADR 044): nothing half-done, nothing deleted without a record.
import { and, count, desc, eq, like, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import { adminAuditLog, AUDIT_ACTIONS, AUDIT_TARGET_TYPES, clubs, LISTING_STATUSES, listings, profiles, users } from "#db/schema";

export const ADMIN_PAGE_SIZE = 25;
/** Matches are counted up to this many (shown as "1,000+"); paging goes as far as the count. */
export const COUNT_CAP = 1000; // app/routes/admin.tsx pages by the same size

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export type AdminStats = { totalUsers: number; totalClubs: number; publicClubs: number; notPublicClubs: number };

/** The four stat cards, from the database in one round trip. members_only and private both count as not public. */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [[u], [c]] = await db.batch([
    db.select({ n: count() }).from(users),
    db.select({ total: count(), public: sql<number>`coalesce(sum(${clubs.visibility} = 'public'), 0)` }).from(clubs),
  ]);
  return { totalUsers: u.n, totalClubs: c.total, publicClubs: Number(c.public), notPublicClubs: c.total - Number(c.public) };
}

/**
 * A search term as a LIKE prefix. Wildcards the user typed are dropped (an ESCAPE clause would turn
 * off SQLite's LIKE optimisation, and the NOCASE indexes are the point, ADR 043).
 */
const prefix = (q: string) => `${q.replace(/[\\%_]/g, "")}%`;
const likePrefix = (column: unknown, q: string) => sql`${column} like ${prefix(q)}`;

/** Each way a user can match `q`, as a select of ids: one indexed prefix lookup per column. */
function matchArms(q: string): SQL[] {
  return [
    sql`select id from users where ${likePrefix(sql`email`, q)}`,
    sql`select user_id from profiles where ${likePrefix(sql`first_name`, q)}`,
    sql`select user_id from profiles where ${likePrefix(sql`last_name`, q)}`,
    sql`select user_id from profiles where ${likePrefix(sql`display_name`, q)}`,
    sql`select user_id from profiles where ${likePrefix(sql`city`, q)}`,
    ...(q.length === 2 ? [sql`select user_id from profiles where state = ${q.toUpperCase()}`] : []),
  ];
}

/** Ids of users matching `q`: the arms, united. */
function matchingUserIds(q: string) {
  return sql`${users.id} in (${sql.join(matchArms(q), sql` union `)})`;
}

/**
 * How many users match `q`, exact up to COUNT_CAP and COUNT_CAP + 1 past it. Each arm is counted
 * first, stopping past the cap: when one alone is past it, so is the union, and the union — which
 * SQLite gathers whole before counting (a state code: 50,000 ids at 200,000 users, ~80 ms) — is
 * never built. Otherwise it holds at most a few thousand ids and is counted exactly.
 */
function countMatchingUsers(q: string): SQL {
  const over = COUNT_CAP + 1;
  const arms = matchArms(q).map((arm) => sql`(select count(*) from (${arm} limit ${over}))`);
  return sql`select case when max(${sql.join(arms, sql`, `)}) >= ${over} then ${over}
    else (select count(*) from users where ${matchingUserIds(q)}) end as n`;
}

export type AdminUserRow = {
  id: string;
  email: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  state: string | null;
  joinedAt: Date;
  listingCount: number;
  ownedClubs: number;
  isAdmin: boolean;
};

/**
 * All users, newest first, paged; `q` matches the start of the e-mail, a name, the city, or the
 * state code (ADR 043: prefix matches use the NOCASE indexes, so a search stays fast at 100,000).
 */
export async function searchUsers(
  db: Db,
  opts: { q?: string; page?: number },
): Promise<{ rows: AdminUserRow[]; total: number; capped: boolean }> {
  const q = (opts.q ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const term = q.replace(/[\\%_]/g, "");
  const counted = db.all<{ n: number }>(
    term ? countMatchingUsers(term) : sql`select count(*) as n from (select 1 from users limit ${COUNT_CAP + 1})`,
  );
  const pageOf = (where: SQL | undefined) =>
    db
      .select({
        id: users.id,
        email: users.email,
        displayName: profiles.displayName,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        city: profiles.city,
        state: profiles.state,
        joinedAt: users.createdAt,
        listingCount: sql<number>`(select count(*) from listings l where l.user_id = users.id)`,
        ownedClubs: sql<number>`(select count(*) from club_members m where m.user_id = users.id and m.role = 'owner')`,
        isAdmin: sql<number>`exists (select 1 from user_roles r where r.user_id = users.id and r.role = 'admin')`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
  let n: number;
  let rows: Awaited<ReturnType<typeof pageOf>>;
  if (!term) {
    // No search: the plan does not depend on the count, so both go in one batch (ADR 051).
    [[{ n }], rows] = await db.batch([counted, pageOf(undefined)]);
  } else {
    // Counted first (capped, index-only, ~1 ms). Then the page: up to the cap the matches are gathered
    // through the indexes and sorted (1,000 ids sort in a few ms); past it ("smi", "TX") users are
    // walked newest first and the walk stops after a page, which is faster than gathering thousands
    // of matches to sort them (ADR 043; the threshold was 200 — 'Harper' at 200,000 users walked
    // ~27 ms, ADR 077). The one GET that keeps a third trip, on purpose (ADR 051).
    [{ n }] = await counted;
    rows = await pageOf(n > COUNT_CAP ? matchesUser(term) : matchingUserIds(term));
  }
  return {
    rows: rows.map((r) => ({ ...r, listingCount: Number(r.listingCount), ownedClubs: Number(r.ownedClubs), isAdmin: Boolean(r.isAdmin) })),
    total: Math.min(Number(n), COUNT_CAP),
    capped: Number(n) > COUNT_CAP,
  };
}

/** The same match as matchingUserIds, tested row by row (for terms that match many users). */
function matchesUser(q: string) {
  return sql`(${likePrefix(sql`users.email`, q)} or ${likePrefix(sql`profiles.first_name`, q)} or ${likePrefix(sql`profiles.last_name`, q)}
    or ${likePrefix(sql`profiles.display_name`, q)} or ${likePrefix(sql`profiles.city`, q)}${q.length === 2 ? sql` or profiles.state = ${q.toUpperCase()}` : sql``})`;
}

export type AdminClubRow = {
  id: string;
  slug: string;
  name: string;
  city: string | null;
  state: string | null;
  type: string;
  visibility: string;
  members: number;
};

/** All clubs (every visibility: this is the admin), newest first, paged; `q` matches name, city or state. */
export async function searchClubs(db: Db, opts: { q?: string; page?: number }): Promise<{ rows: AdminClubRow[]; total: number }> {
  const q = (opts.q ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const term = q.replace(/[\\%_]/g, "");
  // Clubs are few (thousands, not 100,000s): a substring match on the name is affordable.
  const where = term
    ? or(like(clubs.name, `%${term}%`), likePrefix(clubs.city, term), term.length === 2 ? eq(clubs.state, term.toUpperCase()) : undefined)
    : undefined;
  const [rows, [{ n }]] = await db.batch([
    db
      .select({
        id: clubs.id,
        slug: clubs.slug,
        name: clubs.name,
        city: clubs.city,
        state: clubs.state,
        type: clubs.type,
        visibility: clubs.visibility,
        members: sql<number>`(select count(*) from club_members m where m.club_id = clubs.id and m.status = 'active')`,
      })
      .from(clubs)
      .where(where)
      .orderBy(desc(clubs.createdAt), clubs.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(clubs).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, members: Number(r.members) })), total: n };
}

/** Every listing (any audience), newest first, optionally of one status. */
export async function listListings(db: Db, opts: { status?: string | null; page?: number }) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const status = LISTING_STATUSES.find((s) => s === opts.status);
  const where = status ? eq(listings.status, status) : undefined;
  const [rows, [{ n }]] = await db.batch([
    db
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        priceCents: listings.priceCents,
        audience: listings.audience,
        createdAt: listings.createdAt,
        sellerEmail: users.email,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .where(where)
      .orderBy(desc(listings.createdAt), listings.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows, total: n, status: status ?? null };
}

export type AuditLogFilter = { actor?: string; action?: string; targetType?: string; targetId?: string };

/**
 * The audit log, newest first, paged; narrowed by the admin who acted (e-mail or id), the action,
 * the target's type and the target (its id, or its label as written — an e-mail, a club name).
 * Unknown actions and types match nothing rather than everything.
 */
export async function listAuditLog(db: Db, opts: { page?: number; filter?: AuditLogFilter }) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const f = opts.filter ?? {};
  const where = and(
    f.actor ? or(eq(adminAuditLog.actorId, f.actor), sql`${adminAuditLog.actorEmail} = ${f.actor.toLowerCase()}`) : undefined,
    f.action ? eq(adminAuditLog.action, AUDIT_ACTIONS.find((a) => a === f.action) ?? sql`null`) : undefined,
    f.targetType ? eq(adminAuditLog.targetType, AUDIT_TARGET_TYPES.find((a) => a === f.targetType) ?? sql`null`) : undefined,
    f.targetId ? or(eq(adminAuditLog.targetId, f.targetId), eq(adminAuditLog.targetLabel, f.targetId)) : undefined,
  );
  const [rows, [{ n }]] = await db.batch([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), adminAuditLog.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: n };
}
