import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { JOIN_MODE_ACTION_LABELS, CLUB_TYPE_BADGES } from "~/shared/catalog/options";
import { sportName } from "~/shared/catalog/sport-names";
import { ClubHeader } from "~/components/clubs/club-header";
import { ReportLink } from "~/components/safety/report-link";
import { sampleListingsFor } from "~/shared/catalog/sample-listings";
import { ClubListingCardView } from "~/components/clubs/club-listing-card";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { Button, ButtonLink } from "~/components/ui/button";
import { clubNotFound } from "~/web/guards.server";
import { CLUB_ERRORS, CLUB_TEXT } from "~/shared/copy/clubs";
import { getClubPage } from "~/web/pages/club-page.server";
import { getUser, isTestingModeOn } from "~/web/session.server";
import { answerMembership, handleMembershipPost } from "~/web/club-membership.server";
import { loadMessagesTab, readMessagesTab } from "~/web/club-messages-tab.server";
import { itemRequestsTabData, readItemRequestsBySlug } from "~/web/item-requests.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { photoUrl } from "~/features/photos/urls";
import { swapDayStripData } from "~/web/pages/swap-day-strip.server";

// Tabs are URL state (?tab=). The members' tabs (On the Radar, Messages) 404 for everyone else.
const PUBLIC_TABS = ["in-play", "team-info", "roster"] as const;
const MEMBER_TABS = ["radar", "messages"] as const;
type Tab = (typeof PUBLIC_TABS)[number] | (typeof MEMBER_TABS)[number];

// Only members open these, and the invite code is a signed-in click: loaded on demand, so a visitor's
// first load carries no chat, socket or form parser (ADR 033). The server renders them
// in full; the browser hydrates them when their chunk arrives.
const ClubMessagesTab = lazy(() => import("~/components/clubs/club-messages-tab").then((module) => ({ default: module.ClubMessagesTab })));
const ItemRequestsTab = lazy(() => import("~/components/clubs/item-requests").then((module) => ({ default: module.ItemRequestsTab })));
// The Messages tab's unread badge is members-only too (ADR 050).
const ClubUnreadBadge = lazy(() => import("~/components/clubs/club-unread-badge"));
// Only a member sees 'Leave Group': the dialog is not in a visitor's first load (ADR 033).
// Team Info is one click away from the default tab: its own chunk (ADR 033).
const TeamInfo = lazy(() => import("~/components/clubs/club-team-info"));
const ConfirmDialog = lazy(() => import("~/components/ui/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })));
// Members only (ADR 088): a chunk of its own, so a visitor's club page carries none of it (ADR 033).
const SwapDayStrip = lazy(() => import("~/components/swap-days/swap-day-strip").then((module) => ({ default: module.SwapDayStrip })));
const InviteCodeDialog = lazy(() => import("~/components/clubs/club-invite-code").then((module) => ({ default: module.InviteCodeDialog })));

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${CLUB_ERRORS.notFound.title} — LockerSwap` }];
  const { club } = data;
  const place = [club.city, club.state].filter(Boolean).join(", ");
  return [
    { title: `${club.name} — LockerSwap` },
    {
      name: "description",
      content: `${club.name}: a ${CLUB_TYPE_BADGES[club.type].label.toLowerCase()}${club.sport ? ` for ${sportName(club.sport)}` : ""}${place ? ` in ${place}` : ""} on LockerSwap. See what its members have in play.`,
    },
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  const requested = new URL(request.url).searchParams.get("tab") ?? "in-play";
  // The item requests go beside the club page's batch (ADR 051), active members only in the SQL.
  const itemRequestsRead = viewer && requested === "radar" ? readItemRequestsBySlug(context.db, viewer, params.slug ?? "") : undefined;
  // So does the Messages tab's work, Direct Messages' marking as read included (ADR 052).
  const url = new URL(request.url);
  const messagesRead = viewer && requested === "messages" ? readMessagesTab(context.db, viewer, params.slug ?? "", url) : undefined;
  const [page, itemRequestRows, messagesRows] = await Promise.all([
    getClubPage(context.db, viewer, params.slug ?? ""),
    itemRequestsRead,
    messagesRead,
  ]);
  if (!page) throw clubNotFound();
  const isMember = page.access.membership?.status === "active";
  let tab: Tab = "in-play";
  if ((PUBLIC_TABS as readonly string[]).includes(requested)) tab = requested as Tab;
  else if ((MEMBER_TABS as readonly string[]).includes(requested)) {
    // Not a member: the tab does not exist for them (404, like a club they may not see).
    if (!(requested === "messages" ? page.can.readMessages : page.can.readRequests)) throw clubNotFound();
    tab = requested as Tab;
  }
  const { club } = page;
  // Messages tab (ADR 064): only for active members; anyone else already got the 404 above.
  const messages = tab === "messages" && messagesRows ? await loadMessagesTab(context, page.access, url, messagesRows) : null;
  if (tab === "messages" && !messages) throw clubNotFound();
  const itemRequests = tab === "radar" ? await itemRequestsTabData(context, page.access, itemRequestRows) : null;
  // The Messages tab badge (ADR 050): unread DMs in this club, from read_at. Opening Direct
  // Messages has just marked some read, so count again then; otherwise the page's own count.
  const unreadDirectMessages = messages?.dm ? messages.dm.unread : page.unreadDirectMessages;
  // Only what the page shows: no viewer e-mail, no invite code, prices already null where hidden.
  return {
    club: {
      slug: club.slug,
      name: club.name,
      type: club.type,
      sport: club.sport,
      description: club.description,
      city: club.city,
      state: club.state,
      zip: club.zip,
      visibility: club.visibility,
      joinMode: club.joinMode,
      createdAt: club.createdAt.toISOString(),
      logoUrl: club.logoKey ? photoUrl(club.logoKey) : null,
      showListingCount: club.showListingCount,
    },
    tab,
    signedIn: viewer !== null,
    testingMode: viewer !== null && isTestingModeOn(request, context.env),
    state: !viewer ? "anonymous" : isMember ? "member" : page.access.membership?.status === "pending" ? "pending" : "stranger",
    isOwner: isMember && page.access.membership?.role === "owner",
    // 'Report' on the club (ADR 069): signed-in viewers other than its owner.
    reportClubId: viewer && page.access.membership?.role !== "owner" ? club.id : null,
    can: {
      manage: page.can.manage,
      leave: page.can.leave,
      listItem: page.can.listItem,
      readMessages: page.can.readMessages,
      readRequests: page.can.readRequests,
    },
    joinOffer: page.joinOffer,
    adminName: page.adminName,
    memberCount: page.memberCount,
    // Null when the owner hides it (show_listing_count): a hidden total never reaches the browser.
    listingCount: page.listingCount,
    listings: page.listings,
    // Testing mode with an empty club: sample cards for its sport (02 §2), never links.
    samples: page.listings.length === 0 && viewer !== null && isTestingModeOn(request, context.env) ? sampleListingsFor(club.sport) : [],
    preview: page.preview,
    roster: page.roster?.map((entry) => ({ userId: entry.userId, name: entry.name, role: entry.role })) ?? null,
    rosterHidden: page.rosterHidden,
    messages,
    itemRequests,
    // The club id only to members: the live badge picks this club out of /api/badges' perClub.
    messagesBadge: page.can.readMessages ? { clubId: club.id, unread: unreadDirectMessages } : null,
    // Members see the upcoming and open Swap Days; organisers the way to create one (ADR 088).
    // Its words are put together here, on the server: a visitor's club page carries no Swap Day code (ADR 033).
    swapDays: page.swapDays ? swapDayStripData(page.swapDays) : null,
    canOrganiseSwapDay: page.can.organiseSwapDay,
    // The gear library's pages are routes of their own (ADR 097), linked beside the members' tabs.
    gearLinks: [
      ...(page.can.viewLibrary ? [{ key: "library", label: "Library", to: `/club/${club.slug}/library` }] : []),
      ...(page.can.manageGear ? [{ key: "gear", label: "Gear Library", to: `/club/${club.slug}/manage/library` }] : []),
    ],
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // Who is asking, once, before anything else (a suspended person's POST stops here).
  const viewer = await getUser(request, context);
  return answerMembership(context, await handleMembershipPost(context, viewer, params.slug ?? "", await request.formData()));
}

export type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ClubPage() {
  const data = useLoaderData<typeof loader>();
  const { club, tab } = data;
  const tabs: { key: string; label: string; to?: string }[] = [
    { key: "in-play", label: club.showListingCount ? `In Play (${data.listingCount})` : "In Play" },
    { key: "team-info", label: "Team Info" },
    { key: "roster", label: `Roster (${data.memberCount} ${data.memberCount === 1 ? "member" : "members"})` },
    ...(data.can.readRequests ? [{ key: "radar" as const, label: "On the Radar" }] : []),
    ...(data.can.readMessages ? [{ key: "messages" as const, label: "Messages" }] : []),
    ...data.gearLinks,
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ClubHeader club={club} actions={<ClubActions data={data} />} />
      {data.reportClubId ? (
        <p className="-mt-4 text-right">
          <ReportLink type="club" id={data.reportClubId} label="Report this club" />
        </p>
      ) : null}
      {data.swapDays ? (
        <Suspense>
          <SwapDayStrip slug={club.slug} strip={data.swapDays} canCreate={data.canOrganiseSwapDay} />
        </Suspense>
      ) : null}
      {/* Wraps on a phone rather than scrolling sideways, so every tab stays in sight; 44 px tall targets. */}
      <nav aria-label="Club sections">
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {tabs.map((t) => (
            <li key={t.key}>
              <Link
                to={t.to ?? (t.key === "in-play" ? "." : `?tab=${t.key}`)}
                preventScrollReset
                aria-current={t.key === tab ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold ${
                  t.key === tab ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {t.label}
                {t.key === "messages" && data.messagesBadge ? (
                  <Suspense>
                    <ClubUnreadBadge badge={data.messagesBadge} />
                  </Suspense>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={tabs.find((t) => t.key === tab)?.label}>
        {tab === "in-play" ? <InPlay data={data} /> : null}
        {tab === "roster" ? <Roster data={data} /> : null}
        <Suspense>
          {tab === "team-info" ? <TeamInfo data={data} /> : null}
          {tab === "messages" && data.messages ? <ClubMessagesTab slug={club.slug} data={data.messages} /> : null}
          {tab === "radar" && data.itemRequests ? <ItemRequestsTab slug={club.slug} data={data.itemRequests} /> : null}
        </Suspense>
      </section>
    </div>
  );
}

/** The buttons of 02 §2, by the viewer's state in the club (and testing mode). */
function ClubActions({ data }: { data: Data }) {
  const { club, state, testingMode } = data;
  const hydrated = useHydrated();
  const joiningOpen = useIsPending({ intent: "join" });
  const requesting = useIsPending({ intent: "request" });
  const joining = joiningOpen || requesting;
  const listItem = <ButtonLink to={`/club/${club.slug}/list`}>List an Item</ButtonLink>;
  if (state === "member") {
    const leaveWithoutScript = (
      <ButtonLink reloadDocument to={`/club/${club.slug}/leave`} variant="secondary">
        Leave Group
      </ButtonLink>
    );
    return (
      <>
        {data.can.manage && !testingMode ? (
          <ButtonLink to={`/club/${club.slug}/manage`} variant="secondary">
            Manage Group
          </ButtonLink>
        ) : null}
        {listItem}
        {data.can.leave && !testingMode ? (
          // Before hydration (and while its chunk loads) the trigger is the no-JavaScript link;
          // the boundary is client-rendered, so the page's own re-render cannot disturb it.
          hydrated ? (
            <Suspense fallback={leaveWithoutScript}>
              <ConfirmDialog
                trigger="Leave Group"
                triggerVariant="secondary"
                title="Leave Group"
                description={CLUB_TEXT.leaveConfirm}
                confirmLabel="Leave Group"
                pendingLabel="Leaving..."
                tone="danger"
                fields={{ intent: "leave" }}
                noScriptHref={`/club/${club.slug}/leave`}
              />
            </Suspense>
          ) : (
            leaveWithoutScript
          )
        ) : null}
      </>
    );
  }
  if (state === "pending") {
    return (
      <Button disabled variant="secondary">
        Pending
      </Button>
    );
  }
  if (testingMode) return listItem;
  const offer = data.joinOffer;
  if (!offer) return null;
  const label = JOIN_MODE_ACTION_LABELS[club.joinMode];
  // A code club, signed in, with JavaScript: the dialog; without it, the page of its own.
  if (offer.action === "joinWithCode" && !offer.signInFirst) {
    const withoutScript = offer.enabled ? (
      <ButtonLink reloadDocument to={`/club/${club.slug}/join`}>
        {label}
      </ButtonLink>
    ) : (
      <Button disabled>{label}</Button>
    );
    if (!hydrated) return withoutScript;
    return (
      <Suspense fallback={withoutScript}>
        <InviteCodeDialog action={`/club/${club.slug}/join`} disabled={!offer.enabled} />
      </Suspense>
    );
  }
  // Signed out, the same button posts and the server answers 'Sign in required' → /auth.
  const intent = offer.action === "requestToJoin" ? "request" : offer.action === "join" ? "join" : "join-code";
  return (
    <Form method="post">
      <SubmitButton
        name="intent"
        value={intent}
        pending={joining}
        disabled={!offer.enabled}
        pendingText={intent === "request" ? "Sending..." : "Joining..."}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

function InPlay({ data }: { data: Data }) {
  const { listings, preview, listingCount, club } = data;
  if (listings.length === 0 && data.samples.length > 0) {
    return (
      <section aria-labelledby="samples-heading" className="space-y-3">
        <h2 id="samples-heading" className="text-sm font-semibold text-slate-700">
          Sample listings (testing mode)
        </h2>
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
          {data.samples.map((sample) => (
            <ClubListingCardView
              key={sample.id}
              listing={{
                ...sample,
                id: null,
                city: club.city ?? "Local pickup",
                state: club.state ?? "US",
                createdAt: 0,
                photoUrl: null,
                photoWidth: null,
                photoHeight: null,
                linkable: false,
              }}
            />
          ))}
        </div>
      </section>
    );
  }
  if (listings.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{CLUB_TEXT.noItems}</p>;
  const signIn = `/auth?${new URLSearchParams({ redirectTo: `/club/${club.slug}` })}`;
  return (
    <div className="space-y-4">
      {/* The cards' titles are h3: an h2 between them and the club's h1 keeps the outline in order. */}
      <h2 className="sr-only">Listings in this club</h2>
      {preview ? (
        <div className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
          <p>
            <Link to={signIn} className="font-semibold underline">
              Sign in or create an account
            </Link>{" "}
            to see every listing in this club, their prices and to message sellers.
          </p>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {listings.map((listing, index) => (
          <ClubListingCardView key={listing.id ?? `preview-${index}`} index={index} listing={listing} />
        ))}
      </div>
      {preview ? (
        <div className="flex flex-col items-center gap-2 py-2 text-center">
          <p className="text-slate-700">{CLUB_TEXT.previewShowing(listings.length, listingCount)}</p>
          <ButtonLink to={signIn}>{CLUB_TEXT.signInToViewAll}</ButtonLink>
        </div>
      ) : null}
    </div>
  );
}

const ROLE_BADGE = {
  owner: { label: "Owner", className: "bg-amber-100 text-amber-900" },
  admin: { label: "Admin", className: "bg-blue-100 text-blue-900" },
  member: { label: "Member", className: "bg-slate-100 text-slate-800" },
} as const;

function Roster({ data }: { data: Data }) {
  if (!data.roster) {
    const privateClub = data.rosterHidden === "private";
    return (
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 text-center">
        <p className="font-semibold text-slate-800">{privateClub ? CLUB_TEXT.rosterPrivate : CLUB_TEXT.rosterMembersOnly}</p>
        {!privateClub && data.state === "anonymous" ? (
          <ButtonLink to={`/auth?${new URLSearchParams({ redirectTo: `/club/${data.club.slug}` })}`}>Sign In</ButtonLink>
        ) : null}
        {!privateClub && data.state === "stranger" ? (
          <div className="flex justify-center">
            <ClubActions data={data} />
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {data.roster.map((member) => (
        <li key={member.userId} className="flex items-center justify-between gap-3 px-4 py-3">
          <span className="min-w-0 truncate text-slate-900">{member.name || "Member"}</span>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_BADGE[member.role].className}`}>
            {ROLE_BADGE[member.role].label}
          </span>
        </li>
      ))}
    </ul>
  );
}

export { ClubErrorBoundary as ErrorBoundary } from "~/components/clubs/club-error-boundary";
