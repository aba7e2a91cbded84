// The deal page's read-only parts (ADR 068): the summary (state, whose move, on hold, the sides),
// the handoff card, the terms of every revision, and the reviews as the viewer may see them.
// Names are first names only; the viewer is "You". Times are the loader's `now` relative or UTC,
// so the server's HTML and the browser's render agree.
import { Link } from "@remix-run/react";
import type { DealParty } from "#db/schema/enums";
import type { DealPage, DealPageListing } from "~/web/pages/deal-page.server";
import type { ReviewView } from "~/features/trade/reviews.server";
import { DEAL_STATE_LABELS, DEAL_TEXT as T, ON_HOLD } from "~/shared/copy/deals";
import { formatPrice, formatRelativeTime } from "~/shared/format";
import { ReportLink } from "~/components/safety/report-link";
import { BlockLink } from "~/components/safety/block-link";

const otherOf = (party: DealParty): DealParty => (party === "proposer" ? "owner" : "proposer");

/** "You" for the viewer's side, the first name for the other. */
export function nameFor(page: Pick<DealPage, "party" | "names">, party: DealParty) {
  return page.party === party ? T.you : page.names[party];
}

/** A meeting time as typed (kept wall-clock in UTC): "Sat, Jun 6, 10:00 AM". */
export const meetupTime = (at: Date | string) =>
  new Date(at).toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });

function cashLine(page: DealPage, cashCents: number, cashFrom: DealParty | null) {
  if (!cashCents || !cashFrom) return T.cashNone;
  return T.cashPays(nameFor(page, cashFrom), formatPrice(cashCents));
}

export function DealSummary({ page }: { page: DealPage }) {
  const { deal } = page;
  const current = page.revisions.at(-1);
  const counterpart = page.party ? page.names[otherOf(page.party)] : null;
  const waiting = page.waitingOn === null ? null : page.party === page.waitingOn ? T.yourTurn : T.waitingFor(page.names[page.waitingOn]);
  const closed = deal.closeReason;
  return (
    <section aria-labelledby="deal-heading" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h1 id="deal-heading" className="text-2xl font-bold">
        {T.title(deal.kind)}
        {counterpart ? <span className="font-normal text-slate-600"> with {counterpart}</span> : null}
      </h1>
      {!page.party ? <p className="mt-1 text-sm text-slate-600">{T.adminView}</p> : null}
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium" data-testid="deal-state">
          {DEAL_STATE_LABELS[deal.state]}
        </span>
        {waiting ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800" data-testid="deal-turn">
            {waiting}
          </span>
        ) : null}
        {page.onHold ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900" data-testid="deal-on-hold">
            {ON_HOLD}
          </span>
        ) : null}
      </p>
      {closed ? <p className="mt-2 text-sm text-slate-700">{T.closedBecause(closed)}</p> : null}
      {deal.closedNotice ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deal-closed-notice">
          {deal.closedNotice}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {(["owner", "proposer"] as const).map((side) => (
          <Side key={side} title={T.sideOf(nameFor(page, side))} listings={page.listings[side]} />
        ))}
      </div>
      {current ? (
        <p className="mt-4 text-lg font-semibold" data-testid="deal-terms">
          {cashLine(page, current.cashCents, current.cashFrom)}
        </p>
      ) : null}
      {page.party ? (
        <p className="mt-3 flex flex-wrap justify-end gap-x-3">
          <ReportLink type="deal" id={deal.id} label="Report this deal" />
          {/* The deal page stays open to both parties after a block (it says 'This deal was closed'). */}
          {page.otherId && counterpart ? <BlockLink userId={page.otherId} name={counterpart} redirectTo={`/deals/${deal.id}`} /> : null}
        </p>
      ) : null}
    </section>
  );
}

function Side({ title, listings }: { title: string; listings: DealPageListing[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      {listings.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{T.noListings}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {listings.map((listing, i) => (
            <li key={`${listing.title}-${i}`} className="break-words">
              {listing.href ? (
                <Link to={listing.href} className="font-medium text-brand-700 underline">
                  {listing.title}
                </Link>
              ) : (
                <span className="font-medium">
                  {listing.title} <span className="text-sm font-normal text-slate-600">({T.listingGone})</span>
                </span>
              )}{" "}
              <span className="text-sm text-slate-600">{formatPrice(listing.priceCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The meeting place and who has handed over: shown once the deal was accepted. */
export function DealHandoff({ page }: { page: DealPage }) {
  const { meetup, handedOver } = page;
  return (
    <section aria-labelledby="handoff-heading" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="handoff-heading" className="text-xl font-semibold">
        {T.handoff}
      </h2>
      <h3 className="mt-3 font-semibold">{T.meetingPlace}</h3>
      {meetup ? (
        <div data-testid="deal-meetup">
          <p className="break-words">{meetup.place}</p>
          {meetup.at ? <p className="text-slate-700">{meetupTime(meetup.at)}</p> : null}
          <p className="text-sm text-slate-600">
            {meetup.proposedBy ? T.meetupBy(nameFor(page, meetup.proposedBy)) : null}
            {meetup.confirmedAt ? ` · ${T.meetupConfirmed}` : null}
          </p>
        </div>
      ) : (
        <p className="text-slate-600">{T.noMeetingPlace}</p>
      )}
      <ul className="mt-3 space-y-1 text-sm">
        {(["proposer", "owner"] as const)
          .filter((party) => handedOver[party])
          .map((party) => (
            <li key={party}>{T.handedOverBy(nameFor(page, party))}</li>
          ))}
      </ul>
    </section>
  );
}

/** Every revision of the terms, oldest first: cash either way, message, who and when. */
export function DealHistory({ page, now }: { page: DealPage; now: string }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="history-heading" className="text-xl font-semibold">
        {T.history}
      </h2>
      <ol className="mt-3 space-y-3">
        {page.revisions.map((r) => (
          <li key={r.number} className="rounded-lg border border-slate-200 p-3" data-testid="deal-revision">
            <p className="text-sm text-slate-600">
              {T.revision(r.number)} · {nameFor(page, r.author)} ·{" "}
              <time dateTime={new Date(r.createdAt).toISOString()}>{formatRelativeTime(r.createdAt, now)}</time>
            </p>
            <p className="font-medium">{cashLine(page, r.cashCents, r.cashFrom)}</p>
            {r.message ? <p className="mt-1 whitespace-pre-line break-words">{r.message}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function DealReviews({ page }: { page: DealPage }) {
  const { mine, theirs, theirsWritten } = page.reviews;
  const other = page.party ? page.names[otherOf(page.party)] : null;
  return (
    <section aria-labelledby="reviews-heading" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {T.reviews}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <ReviewCard
          heading={page.party ? T.yourReview : T.theirReview(page.names.proposer)}
          review={mine}
          replyHeading={T.reply(other ?? page.names.owner)}
        />
        <ReviewCard
          heading={T.theirReview(other ?? page.names.owner)}
          review={theirs}
          replyHeading={page.party ? T.yourReply : T.reply(page.names.proposer)}
          hiddenNote={!theirs && theirsWritten ? T.reviewHidden : undefined}
        />
      </div>
    </section>
  );
}

function ReviewCard({
  heading,
  review,
  hiddenNote,
  replyHeading,
}: {
  heading: string;
  review: ReviewView | null;
  hiddenNote?: string;
  replyHeading: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold">{heading}</h3>
      {review ? (
        <>
          <p>
            <span aria-hidden="true" className="text-amber-600">
              {"★".repeat(review.rating)}
              {"☆".repeat(5 - review.rating)}
            </span>
            <span className="sr-only">{T.stars(review.rating)}</span>
          </p>
          {review.comment ? <p className="mt-1 whitespace-pre-line break-words">{review.comment}</p> : null}
          {!review.publishedAt ? <p className="mt-1 text-sm text-slate-600">{T.reviewHidden}</p> : null}
          {review.reply ? (
            <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm">
              <p className="font-medium">{replyHeading}</p>
              <p className="whitespace-pre-line break-words">{review.reply}</p>
            </blockquote>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">{hiddenNote ?? T.noReviewYet}</p>
      )}
    </div>
  );
}
