import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, useSearchParams } from "@remix-run/react";
import { conditionBadge } from "~/shared/catalog/conditions";
import { sportEmoji, sportName } from "~/shared/catalog/sport-names";
import { FavoriteButton } from "~/components/listings/favorite-button";
import { formatPrice } from "~/shared/format";
import { ListingInterestedCard } from "~/components/listings/listing-interested-card";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { ListingSellerCard } from "~/components/listings/listing-seller-card";
import { ReportLink } from "~/components/safety/report-link";
import { BlockLink } from "~/components/safety/block-link";
import { PhotoGallery } from "~/components/listings/photo-gallery";
import { canSeePrices } from "~/features/listings/listing-visibility.server";
import { sendListingMessage } from "~/features/messaging/listing-questions.server";
import { pushListingMessage } from "~/features/notifications/kind-push.server";
import { listingPageFor } from "~/web/pages/listing-page.server";
import { toSellerCardView } from "~/features/trade/ratings.server";
import { deleteListing, setListingStatus } from "~/features/listings/listings.server";
import { ListingRuleError } from "~/features/listings/listing-rule-error";
import { ListingOfferCard } from "~/components/listings/listing-offer-card";
import { announceDealChanges } from "~/web/listing-deal-events.server";
import { offerRefused, proposeFromListing } from "~/web/listing-offer.server";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { photoUrl } from "~/features/photos/urls";
import { userRoomAccess } from "~/features/realtime/rooms.server";
import { getUser, requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { clipDescription, pageMeta } from "~/web/meta";
import { lazy, Suspense } from "react";

// Only the seller and site admins see it: out of every visitor's first load (ADR 033).
const ListingManageCard = lazy(() =>
  import("~/components/listings/listing-manage-card").then((module) => ({ default: module.ListingManageCard })),
);
import { skipRevalidationWhenUnsaved } from "~/shared/unsaved";
import { parseWithZod } from "@conform-to/zod/v4";
import { firstError, knownIntent } from "~/shared/schemas/intent";
import { ListingPageActionSchema } from "~/shared/schemas/listing-actions";
import { SAFETY_TEXT } from "~/shared/copy/safety";
import { TRUST_TEXT } from "~/shared/copy/trust";
import { typicalPrice } from "~/shared/copy/price-guidance";
import { priceGuidance } from "~/features/pricing/guidance.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        `${data.listing.title} — LockerSwap`,
        clipDescription(`${data.listing.title} in ${data.listing.city}, ${data.listing.state}. ${data.listing.description}`),
      )
    : pageMeta(
        "Listing not found — LockerSwap",
        "This listing is gone or was never here. Find used sports equipment near you on LockerSwap.",
      );

const notFound = () => data({ message: "Listing not found" }, { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  // One batch after the session (ADR 051).
  const page = await listingPageFor(context.db, viewer, params.id ?? "", context.publish);
  if (!page) throw notFound();
  const { listing, trust, favorited, threads, offers, hold } = page;
  const isOwner = viewer?.id === listing.userId;
  // Live questions and replies arrive in the viewer's own user room (ADR 039): one socket, however
  // many buyers a seller has.
  // 'Typical price nearby' beside the price, for signed-in viewers only (ADR 086): the listing's own
  // clubs' sales count only for their members (the query checks), beside the room's token.
  const [access, typical] = await Promise.all([
    viewer ? userRoomAccess(context, viewer) : null,
    viewer && canSeePrices(viewer) && listing.equipmentType
      ? priceGuidance(context.db, viewer, {
          sport: listing.sport,
          equipmentType: listing.equipmentType,
          condition: listing.condition,
          brand: listing.brand,
          zipCode: listing.zipCode,
          clubIds: listing.clubs.map((c) => c.id),
        })
      : null,
  ]);
  const seller = listing.seller;
  return {
    viewer: viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null,
    isOwner,
    // 'Hidden pending review' with its appeal link: only the owner's page has it (ADR 099).
    // Shown in the owner's lazily loaded manage card, out of every visitor's first load (ADR 033).
    hold: hold
      ? {
          href: `/appeal?${new URLSearchParams({ subject: "hold", decision: hold.holdId })}`,
          text: TRUST_TEXT.heldNotice,
          link: hold.appealed ? "See your appeal" : "Appeal",
        }
      : null,
    listing: {
      id: listing.id,
      title: listing.title,
      description: listing.description,
      // Viewers who may not see prices never receive them (spec 01 §6, `canSeePrices`).
      priceCents: canSeePrices(viewer) ? listing.priceCents : null,
      typicalPrice: typical ? typicalPrice(typical) : null,
      sport: listing.sport,
      sportSubcategory: listing.sportSubcategory,
      equipmentType: listing.equipmentType,
      brand: listing.brand,
      condition: listing.condition,
      size: listing.size,
      sizeNumeric: listing.sizeNumeric,
      gender: listing.gender,
      city: listing.city,
      state: listing.state,
      pickupInstructions: listing.pickupInstructions,
      status: listing.status,
      createdAt: listing.createdAt.toISOString(),
      clubs: listing.clubs.map((c) => ({ name: c.name, slug: c.slug })),
      photos: listing.photos.map((p) => ({
        url: photoUrl(p.r2Key),
        width: p.width,
        height: p.height,
        thumbUrl: photoUrl(p.thumbKey ?? p.r2Key),
        thumbWidth: p.thumbKey ? p.thumbWidth : p.width,
        thumbHeight: p.thumbKey ? p.thumbHeight : p.height,
      })),
    },
    seller: {
      name: seller?.displayName || [seller?.firstName, seller?.lastName].filter(Boolean).join(" ") || "Seller",
      ...toSellerCardView(trust),
    },
    // For 'Report' on the seller (ADR 069): signed-in viewers other than the seller only.
    sellerId: viewer && !isOwner ? listing.userId : null,
    favorited,
    // Make an offer / Swap / View your offer, or the seller's offers (ADR 068); no hidden price in it.
    offers,
    threads: threads.map((t) => ({
      ...t,
      messages: t.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      // The deal's steps between the messages (ADR 068): words built on the server, sorted by time in the thread.
      steps: t.steps.map((step) => ({ ...step, createdAt: step.createdAt.toISOString() })),
    })),
    access,
  };
}

const MESSAGE_FAILED = { title: "Error", description: "Failed to send message. Please try again.", variant: "destructive" as const };

const STATUS_TOASTS = {
  active: "Listing is now active",
  pending_pickup: "Marked as pending pickup",
  sold: "Marked as sold",
} as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const listingId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: ListingPageActionSchema });
  const here = `/listing/${listingId}`;
  if (submission.status !== "success") {
    const intent = knownIntent(ListingPageActionSchema, submission.payload);
    if (intent === "status") return data({ error: "Failed to update listing status" }, { status: 400 });
    if (intent === "propose") return offerRefused(submission.payload, firstError(submission.error));
    if (intent === "message")
      return data({ ok: false as const, toast: MESSAGE_FAILED, error: firstError(submission.error) }, { status: 400 });
    return data({ error: "Unknown action" }, { status: 400 });
  }
  const form = submission.value;

  if (form.intent === "propose") return proposeFromListing(context, viewer, listingId, form, submission.payload);

  try {
    if (form.intent === "status") {
      // Owner only, in the query: a site admin or anyone else gets 404 (spec 02 §6).
      const changed = await setListingStatus(context.db, viewer, listingId, form.status);
      if (!changed) throw notFound();
      announceDealChanges(context, changed.changedDeals, "listing_sold");
      return redirectWithToast(context, here, { title: STATUS_TOASTS[form.status], variant: "success" });
    }

    if (form.intent === "delete") {
      const removed = await deleteListing(context.db, viewer, listingId);
      if (!removed) throw notFound();
      announceDealChanges(context, removed.changedDeals, "listing_deleted");
      await finishPhotoDeletes(context.db, context.photos, removed.removedKeys);
      return redirectWithToast(context, "/in-play", { title: "Listing removed", variant: "success" });
    }
  } catch (error) {
    // In an accepted deal: 'This listing is in an accepted deal. Cancel the deal first.' (ADR 068).
    if (error instanceof ListingRuleError && error.code === "listing_locked")
      return redirectWithToast(context, here, { title: "Error", description: error.message, variant: "destructive" });
    throw error;
  }

  // With JavaScript the question box is a fetcher (via=fetcher): it gets the outcome as data and
  // shows the toast itself; a plain form POST gets the redirect with a flash toast.
  const viaFetcher = form.via === "fetcher";
  const result = await sendListingMessage(
    context.db,
    viewer,
    { listingId, content: form.content, buyerId: form.buyerId || null },
    new Date(),
    new URL(context.env.APP_ORIGIN).host,
  );
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    const description =
      result.reason === "rate_limited"
        ? "You are sending messages too fast. Please wait a few minutes."
        : result.reason === "control_characters"
          ? "Remove control characters from your message."
          : result.reason === "blocked"
            ? SAFETY_TEXT.blockedRefusal
            : result.reason === "first_message_limit"
              ? TRUST_TEXT.firstMessageLimit
              : result.reason === "no_links"
                ? TRUST_TEXT.noLinks
                : MESSAGE_FAILED.description;
    const toast = { title: "Error", description, variant: "destructive" as const };
    const limited = result.reason === "rate_limited" || result.reason === "first_message_limit";
    if (viaFetcher) return data({ ok: false as const, toast }, { status: limited ? 429 : 400 });
    return redirectWithToast(context, here, toast);
  }
  const { message } = result;
  const sent = { id: message.id, senderId: message.senderId, content: message.content, createdAt: message.createdAt.toISOString() };
  // To both parties' user rooms, after the write; the response does not wait for the rooms.
  const sellerId = message.senderId === result.buyerId ? message.receiverId : message.senderId;
  const event = { type: "listing.message.created", listingId, buyerId: result.buyerId, messageId: message.id, message: sent } as const;
  context.publish.user(result.buyerId, event);
  context.publish.user(sellerId, event);
  // The receiver's inbox and badges (ADR 042): their user room, after the write.
  context.publish.user(message.receiverId, { type: "badges.changed" });
  // And to the receiver's devices, if they chose push for messages (ADR 100).
  context.cloudflare.ctx.waitUntil(pushListingMessage({ db: context.db, env: context.env }, message.id));
  const toSeller = message.senderId === viewer.id && message.senderId === result.buyerId;
  const toast = {
    title: "Message sent!",
    description: toSeller ? "Your message has been sent to the seller." : "Your reply has been sent.",
    variant: "success" as const,
  };
  if (viaFetcher) return data({ ok: true as const, toast, message: sent });
  return redirectWithToast(context, here, toast);
}

/**
 * With JavaScript the question box is a fetcher. When the server fails unexpectedly (the database
 * cannot be reached: a 503 and one log line, ADR 047), it answers like any refused message — the
 * spec's "Failed to send message. Please try again." with the question back in the box — rather
 * than the page giving way to the error boundary. Every other submission, and a 404, goes on as before.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const viaFetcher = (await request.clone().formData()).get("via") === "fetcher";
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (!viaFetcher || isRouteErrorResponse(error)) throw error;
    return {
      ok: false as const,
      unsaved: true as const,
      toast: MESSAGE_FAILED,
    };
  }
}

export const shouldRevalidate = skipRevalidationWhenUnsaved;

export default function ListingDetail() {
  const { listing, seller, sellerId, viewer, isOwner, favorited, threads, access, offers, hold } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const badge = conditionBadge(listing.condition);
  const location = [listing.city, listing.state].filter(Boolean).join(", ");
  const listed = new Date(listing.createdAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <PhotoGallery photos={listing.photos} title={listing.title} open={params.get("photo")} />
        <section className="rounded-xl bg-white p-6 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold">
              <span aria-hidden="true">{sportEmoji(listing.sport)} </span>
              {listing.title}
            </h1>
            <FavoriteButton listingId={listing.id} favorited={favorited} />
          </div>
          <div className="mt-2 flex flex-wrap gap-2 text-sm">
            <span className={`rounded-full px-2 py-0.5 ${badge.className}`}>{badge.label}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5">{sportName(listing.sport)}</span>
            {listing.status !== "active" ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900" data-testid="listing-status">
                {listing.status === "sold" ? "Sold" : "Pending Pickup"}
              </span>
            ) : null}
          </div>
          <p className="mt-4 text-3xl font-bold text-brand-700" data-testid="listing-price">
            {listing.priceCents === null ? (
              <Link to={`/auth?redirectTo=/listing/${listing.id}`} className="text-lg underline">
                Join to see price
              </Link>
            ) : (
              formatPrice(listing.priceCents)
            )}
          </p>
          {listing.typicalPrice ? <p className="text-sm">{listing.typicalPrice}</p> : null}
          <p className="mt-1 text-slate-600">{location}</p>
          {listing.description ? <p className="mt-4 whitespace-pre-line">{listing.description}</p> : null}
          {isOwner ? null : (
            <p className="mt-4 text-right">
              <ReportLink type="listing" id={listing.id} label="Report this listing" />
            </p>
          )}
        </section>
        <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-xl font-semibold">
            Details
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <Detail label="Sport" value={sportName(listing.sport)} />
            <Detail label="Condition" value={badge.label} />
            {listing.equipmentType ? <Detail label="Type" value={listing.equipmentType} /> : null}
            {listing.brand ? <Detail label="Brand" value={listing.brand} /> : null}
            {listing.size || listing.sizeNumeric ? (
              <Detail label="Size" value={[listing.size, listing.sizeNumeric].filter(Boolean).join(" ")} />
            ) : null}
            {listing.gender ? <Detail label="Gender" value={listing.gender} /> : null}
            <Detail label="Location" value={location} />
            <Detail label="Listed" value={listed} />
            {listing.clubs.length ? <Detail label="Clubs" value={listing.clubs.map((c) => c.name).join(", ")} /> : null}
            <div>
              <dt className="text-slate-500">Listed by</dt>
              <dd>
                <ListingSellerCard seller={seller} />
                {sellerId ? (
                  <span className="flex flex-wrap gap-x-3">
                    <ReportLink type="user" id={sellerId} label={`Report ${seller.name}`} />
                    {/* After blocking, this listing is hidden from the blocker (listingVisibleTo): land on the home page. */}
                    <BlockLink userId={sellerId} name={seller.name} redirectTo="/" back={`/listing/${listing.id}`} />
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
          {listing.pickupInstructions ? (
            <div className="mt-4">
              <h3 className="font-semibold">Pickup Instructions</h3>
              <p className="whitespace-pre-line text-sm text-slate-700">{listing.pickupInstructions}</p>
            </div>
          ) : null}
        </section>
      </div>
      <aside className="space-y-6">
        <ListingOfferCard listingId={listing.id} offers={offers} />
        <ListingInterestedCard
          listingId={listing.id}
          viewer={viewer}
          isOwner={isOwner}
          threads={threads}
          access={access}
          sellerId={sellerId}
          sellerName={seller.name}
        />
        {isOwner || viewer?.isAdmin ? (
          <Suspense>
            <ListingManageCard
              listingId={listing.id}
              status={listing.status}
              isOwner={isOwner}
              confirmRemove={params.get("confirm") === "remove"}
              hold={hold}
            />
          </Suspense>
        ) : null}
      </aside>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ListingNotFound />;
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">Failed to load listing</h1>
      <Link to="/" className="mt-6 inline-block underline">
        Back to Home
      </Link>
    </div>
  );
}
