import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CLUB_TYPE_BADGES, CLUB_VISIBILITY_LABELS, listingStatusLabel, LISTING_STATUSES } from "~/shared/catalog/options";
import { Pager, SearchForm, Stat, Table } from "~/components/admin/dashboard-parts";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { adminStats, listAuditLog, listListings, searchClubs, searchUsers } from "~/features/admin/admin.server";
import { deleteClubAsAdmin, deleteUserAccount } from "~/features/admin/admin-deletions.server";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { disconnectEverywhere } from "~/features/realtime/rooms.server";
import { requireAdmin } from "~/web/guards.server";
import { formatDate, formatPrice } from "~/shared/format";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { AdminActionSchema } from "~/shared/schemas/admin";
import { knownIntent } from "~/shared/schemas/intent";
import { invalidSubmission } from "~/web/submission.server";
import { PillLink } from "~/components/ui/pill-link";
import { AuditTable } from "~/components/admin/audit-table";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "#db/schema";
import { AuditFilterSchema } from "~/shared/schemas/moderation";

// Admin Dashboard (ADR 044; spec 02 §2 /admin, §6 site admin, §8 texts). Site admins only:
// requireAdmin sends others to / with 'Access Denied' and signed-out visitors to /auth. Tabs,
// search and paging are URL state (GET forms), so every view works without JavaScript and can be
// linked to. Deletes are POSTs behind a confirmation naming what will go.

export const meta: MetaFunction = () => pageMeta("Admin Dashboard — LockerSwap", "LockerSwap site administration.");

const TABS = ["users", "clubs", "listings", "audit"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { users: "All Users", clubs: "All Clubs", listings: "Listings", audit: "Audit Log" };

function pageOf(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab: Tab = TABS.find((t) => t === url.searchParams.get("tab")) ?? "users";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = pageOf(url.searchParams.get("page"));
  // Independent reads run side by side (not one after the other).
  const statsPromise = adminStats(context.db);
  const iso = (d: Date) => d.toISOString();
  const headers = { "Cache-Control": "private, no-store" };
  if (tab === "users") {
    const [stats, users] = await Promise.all([statsPromise, searchUsers(context.db, { q, page })]);
    return data(
      {
        tab,
        q,
        page,
        stats,
        users: { total: users.total, capped: users.capped, rows: users.rows.map((r) => ({ ...r, joinedAt: iso(r.joinedAt) })) },
        clubs: null,
        listings: null,
        audit: null,
      },
      { headers },
    );
  }
  if (tab === "clubs") {
    const [stats, clubs] = await Promise.all([statsPromise, searchClubs(context.db, { q, page })]);
    return data({ tab, q, page, stats, users: null, clubs, listings: null, audit: null }, { headers });
  }
  if (tab === "listings") {
    const [stats, listings] = await Promise.all([statsPromise, listListings(context.db, { status: url.searchParams.get("status"), page })]);
    return data(
      {
        tab,
        q,
        page,
        stats,
        users: null,
        clubs: null,
        listings: { ...listings, rows: listings.rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })) },
        audit: null,
      },
      { headers },
    );
  }
  // Filters are URL state too: narrow by admin, action and target (ADR 069).
  const filter = AuditFilterSchema.parse(Object.fromEntries(url.searchParams));
  const [stats, audit] = await Promise.all([statsPromise, listAuditLog(context.db, { page, filter })]);
  return data(
    {
      tab,
      q,
      page,
      stats,
      users: null,
      clubs: null,
      listings: null,
      audit: {
        total: audit.total,
        rows: audit.rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
        filter,
        actions: AUDIT_ACTIONS,
        targetTypes: AUDIT_TARGET_TYPES,
      },
    },
    { headers },
  );
}

/** Back to the view the admin was on (same-origin path built here, never from the request's URL host). */
function backTo(value: unknown) {
  const tab = TABS.find((t) => t === value) ?? "users";
  return `/admin?${new URLSearchParams({ tab })}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: AdminActionSchema });
  if (submission.status !== "success") {
    if (knownIntent(AdminActionSchema, submission.payload)) return invalidSubmission(submission);
    return redirectWithToast(context, backTo(submission.payload.tab), {
      title: "Error",
      description: "Unknown action",
      variant: "destructive",
    });
  }
  const form = submission.value;
  const back = backTo(form.tab);
  if (form.intent === "deleteUser") {
    const userId = form.userId;
    // Their open sockets close now (ADR 039); their memberships are read before they go. A refused
    // delete only makes their browsers reconnect with fresh tokens.
    if (userId !== admin.id) await disconnectEverywhere(context, userId);
    const result = await deleteUserAccount(context.db, admin, userId, "admin");
    if (!result.ok) {
      const description =
        result.reason === "self"
          ? "You cannot delete your own account from the dashboard"
          : result.reason === "last_admin"
            ? "The last site admin cannot be deleted"
            : result.reason === "not_found"
              ? "That user no longer exists"
              : "Please try again";
      return redirectWithToast(context, back, { title: "Error deleting user", description, variant: "destructive" });
    }
    await finishPhotoDeletes(context.db, context.photos, result.removedKeys);
    return redirectWithToast(context, back, { title: "User deleted", description: result.email, variant: "success" });
  }
  const result = await deleteClubAsAdmin(context.db, admin, form.clubId);
  if (!result.ok)
    return redirectWithToast(context, back, { title: "Error deleting club", description: "Please try again", variant: "destructive" });
  await finishPhotoDeletes(context.db, context.photos, result.removedKeys);
  return redirectWithToast(context, back, { title: "Club deleted", description: result.name, variant: "success" });
}

export default function AdminDashboard() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto min-w-0 max-w-7xl space-y-6 py-2">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Total Users" value={d.stats.totalUsers} />
        <Stat label="Total Clubs" value={d.stats.totalClubs} />
        <Stat label="Public Clubs" value={d.stats.publicClubs} note="Visible to everyone" />
        <Stat label="Private Clubs" value={d.stats.notPublicClubs} note="Members-only and private" />
      </dl>
      <nav aria-label="Admin sections" className="flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {TABS.map((t) => (
          <Link
            key={t}
            to={`/admin?tab=${t}`}
            aria-current={d.tab === t ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${d.tab === t ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
        {/* The moderation queue is a page of its own (app/routes/admin_.reports.tsx). */}
        <Link
          to="/admin/reports"
          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Reports
        </Link>
      </nav>
      {d.users ? <UsersTable users={d.users} /> : null}
      {d.clubs ? <ClubsTable clubs={d.clubs} /> : null}
      {d.listings ? <ListingsTable listings={d.listings} /> : null}
      {d.audit ? <AuditTable audit={d.audit} page={d.page} /> : null}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function UsersTable({ users }: { users: NonNullable<LoaderData["users"]> }) {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="users-heading" className="space-y-3">
      <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
        All Users
      </h2>
      <SearchForm tab="users" label="Search users" placeholder="E-mail, name, city or state" />
      {users.rows.length === 0 ? (
        <p className="text-slate-600">No users match.</p>
      ) : (
        <Table caption="All users" head={["E-mail", "Name", "Location", "Joined", "Listings", "Role", "Actions"]}>
          {users.rows.map((u) => {
            const name = [u.firstName, u.lastName].filter(Boolean).join(" ") || u.displayName || "—";
            return (
              <tr key={u.id}>
                <td className="px-3 py-2">
                  <a href={`mailto:${u.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {u.email}
                  </a>
                </td>
                <td className="px-3 py-2">
                  <Link to={`/player-profile?user=${u.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {name}
                  </Link>
                  {u.displayName && name !== u.displayName ? <span className="block text-xs text-slate-600">{u.displayName}</span> : null}
                </td>
                <td className="px-3 py-2">{[u.city, u.state].filter(Boolean).join(", ") || "—"}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(u.joinedAt, "short")}</td>
                <td className="px-3 py-2">{u.listingCount}</td>
                <td className="px-3 py-2">
                  {u.isAdmin ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Admin</span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <ConfirmDialog
                    trigger={
                      <>
                        Delete<span className="sr-only"> {u.email}</span>
                      </>
                    }
                    title={`Delete ${u.email}?`}
                    description={`This deletes the account and its ${u.listingCount} ${u.listingCount === 1 ? "listing" : "listings"} with their photos, favorites, memberships, messages, requests and sessions.${u.ownedClubs ? ` The ${u.ownedClubs} ${u.ownedClubs === 1 ? "club" : "clubs"} they own pass to its longest-standing admin (or earliest member), or are deleted when nobody is left.` : ""} It cannot be undone.`}
                    confirmLabel="Delete user"
                    pendingLabel="Deleting..."
                    fields={{ intent: "deleteUser", userId: u.id, tab: "users" }}
                  />
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      <Pager total={users.total} capped={users.capped} page={d.page} extra={{ tab: "users", ...(d.q ? { q: d.q } : {}) }} />
    </section>
  );
}

function ClubsTable({ clubs }: { clubs: NonNullable<LoaderData["clubs"]> }) {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="clubs-heading" className="space-y-3">
      <h2 id="clubs-heading" className="text-lg font-semibold text-slate-900">
        All Clubs
      </h2>
      <SearchForm tab="clubs" label="Search clubs" placeholder="Name, city or state" />
      {clubs.rows.length === 0 ? (
        <p className="text-slate-600">No clubs match.</p>
      ) : (
        <Table caption="All clubs" head={["Name", "Location", "Type", "Visibility", "Members", "Actions"]}>
          {clubs.rows.map((c) => (
            <tr key={c.id}>
              <td className="px-3 py-2">
                <Link to={`/club/${c.slug}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {c.name}
                </Link>
              </td>
              <td className="px-3 py-2">{[c.city, c.state].filter(Boolean).join(", ") || "—"}</td>
              <td className="px-3 py-2">{CLUB_TYPE_BADGES[c.type as keyof typeof CLUB_TYPE_BADGES]?.label ?? c.type}</td>
              <td className="px-3 py-2">{CLUB_VISIBILITY_LABELS[c.visibility as keyof typeof CLUB_VISIBILITY_LABELS] ?? c.visibility}</td>
              <td className="px-3 py-2">{c.members}</td>
              <td className="px-3 py-2">
                <ConfirmDialog
                  trigger={
                    <>
                      Delete<span className="sr-only"> {c.name}</span>
                    </>
                  }
                  title={`Delete ${c.name}?`}
                  description={`This deletes the club with its ${c.members} ${c.members === 1 ? "membership" : "memberships"}, chat, announcements, direct messages, requests and invite code. Listings posted only to this club stay hidden until their sellers choose where they go. It cannot be undone.`}
                  confirmLabel="Delete club"
                  pendingLabel="Deleting..."
                  fields={{ intent: "deleteClub", clubId: c.id, tab: "clubs" }}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager total={clubs.total} page={d.page} extra={{ tab: "clubs", ...(d.q ? { q: d.q } : {}) }} />
    </section>
  );
}

function ListingsTable({ listings }: { listings: NonNullable<LoaderData["listings"]> }) {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="listings-heading" className="space-y-3">
      <h2 id="listings-heading" className="text-lg font-semibold text-slate-900">
        Listings
      </h2>
      <nav aria-label="Listing status" className="flex flex-wrap gap-2">
        {[null, ...LISTING_STATUSES].map((s) => (
          <PillLink
            key={s ?? "all"}
            to={`/admin?${new URLSearchParams({ tab: "listings", ...(s ? { status: s } : {}) })}`}
            current={listings.status === s}
            currentValue="page"
          >
            {s ? listingStatusLabel(s) : "All"}
          </PillLink>
        ))}
      </nav>
      {listings.rows.length === 0 ? (
        <p className="text-slate-600">No listings.</p>
      ) : (
        <Table caption="Listings" head={["Title", "Seller", "Price", "Status", "Audience", "Listed"]}>
          {listings.rows.map((l) => (
            <tr key={l.id}>
              <td className="px-3 py-2">
                <Link to={`/listing/${l.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {l.title}
                </Link>
              </td>
              <td className="px-3 py-2">{l.sellerEmail}</td>
              <td className="px-3 py-2">{formatPrice(l.priceCents)}</td>
              <td className="px-3 py-2">{listingStatusLabel(l.status)}</td>
              <td className="px-3 py-2">{l.audience === "public" ? "Public" : "Clubs only"}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatDate(l.createdAt, "short")}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager total={listings.total} page={d.page} extra={{ tab: "listings", ...(listings.status ? { status: listings.status } : {}) }} />
    </section>
  );
}
