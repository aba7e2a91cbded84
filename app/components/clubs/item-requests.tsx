import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { Button, ButtonLink } from "~/components/ui/button";
import { REQUEST_TEXT } from "~/shared/copy/item-requests";
import type { ItemRequest } from "~/web/item-requests.server";
import { PostRequestForm } from "./item-request-form";
import type { FieldConstraint } from "~/shared/form-constraint";
import { formatRelativeTime } from "~/shared/format";
import type { ItemRequestEvent } from "~/features/realtime/room-events";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRoom, type RoomAccess, type RoomEvent } from "~/hooks/use-room";
import { useStableRoomAccess } from "~/hooks/use-user-room";
import type { PostRequestActionData } from "~/shared/schemas/item-request";
import { Modal } from "~/components/ui/modal";
import { ReportLink } from "../safety/report-link";
import type { PossibleMatch } from "~/features/matching/matches.server";
import { formatPrice } from "~/shared/format";

/** With JavaScript: 'New Request' opens a native <dialog>; without, it is a link to the form's own page. */
function NewRequest({ slug, constraint }: { slug: string; constraint: Record<string, FieldConstraint> }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const fetcher = useFetcher<PostRequestActionData>();
  // A fresh client-made id per request: a double submit or a retry reuses it, so one row is stored.
  const [requestId, setRequestId] = useState(() => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : ""));
  // The fetcher's data when this submission started: React Router keeps a fetcher's last data
  // through a later redirect, so "posted" is "no new data", not "no data" (an earlier refusal by
  // the server — sent before the lazy validator loaded — would otherwise keep the dialog open).
  const submitted = useRef<{ data: PostRequestActionData | undefined } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      submitted.current ??= { data: fetcher.data };
    } else if (submitted.current) {
      const before = submitted.current.data;
      submitted.current = null;
      // A redirect (posted) brings no new data: close and start a new request next time.
      if (fetcher.data === before) {
        dialog.current?.close();
        setRequestId(crypto.randomUUID());
      }
    }
  }, [fetcher.state, fetcher.data]);
  if (!hydrated || !requestId) {
    return (
      <ButtonLink reloadDocument to={`/club/${slug}/requests/new`}>
        {REQUEST_TEXT.newRequest}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button ref={trigger} aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {REQUEST_TEXT.newRequest}
      </Button>
      <Modal
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        className="w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
          {REQUEST_TEXT.dialogTitle}
        </h2>
        <PostRequestForm
          key={requestId}
          action={`/club/${slug}/requests`}
          requestId={requestId}
          lastResult={fetcher.data}
          pending={fetcher.state !== "idle"}
          FormComponent={fetcher.Form as unknown as typeof Form}
          onCancel={() => dialog.current?.close()}
          constraint={constraint}
        />
      </Modal>
    </>
  );
}

function fromEvent(request: ItemRequestEvent): ItemRequest {
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    status: request.status,
    authorId: request.authorId,
    authorName: request.author?.name ?? null,
    createdAt: request.createdAt,
  };
}

const newestFirst = (a: ItemRequest, b: ItemRequest) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** Applies one club-room event to the list (nothing twice: by id). */
export function applyRequestEvent(list: ItemRequest[], event: RoomEvent<"club">, clubId: string): ItemRequest[] {
  if (event.type === "club.request.created" || event.type === "club.request.updated") {
    if (event.request.clubId !== clubId) return list;
    const next = fromEvent(event.request);
    return [...list.filter((r) => r.id !== next.id), next].sort(newestFirst);
  }
  if (event.type === "club.request.deleted" && event.clubId === clubId) return list.filter((r) => r.id !== event.id);
  return list;
}

type ItemRequestsTabData = {
  clubId: string;
  viewerId: string;
  canPost: boolean;
  postConstraint: Record<string, FieldConstraint>;
  now: string;
  room: RoomAccess<"club">;
  requests: ItemRequest[];
  /** 'Possible match' (ADR 071): listings matched to the viewer's own requests, by request id. */
  possibleMatches: Record<string, PossibleMatch[]>;
};

/**
 * 'Possible match' under the author's own open request: each listing the matcher found, and
 * 'Contact seller', which opens a direct message to the seller in this club (ADR 071).
 */
function PossibleMatches({ request, listings, slug }: { request: ItemRequest; listings: PossibleMatch[]; slug: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3">
      <h5 id={headingId} className="text-sm font-semibold text-emerald-900">
        {REQUEST_TEXT.possibleMatch}
        <span className="sr-only"> for {request.title}</span>
      </h5>
      <ul className="mt-2 space-y-2">
        {listings.map((listing) => (
          <li key={listing.id} data-testid="possible-match" className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/listing/${listing.id}`} className="min-w-0 break-words font-medium text-brand-700 underline">
              {listing.title}
            </Link>
            <span className="flex items-center gap-2">
              {listing.priceCents === null ? null : <span className="text-sm text-slate-700">{formatPrice(listing.priceCents)}</span>}
              <ButtonLink
                to={`/club/${slug}?${new URLSearchParams({ tab: "messages", sub: "dm", with: listing.sellerId })}`}
                variant="secondary"
                size="sm"
              >
                {REQUEST_TEXT.contactSeller}
                <span className="sr-only"> about {listing.title}</span>
              </ButtonLink>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The "On the Radar" tab (02 §2): open and fulfilled requests, live on insert, update and delete. */
export function ItemRequestsTab({ slug, data }: { slug: string; data: ItemRequestsTabData }) {
  const [requests, setRequests] = useState(data.requests);
  // The loader is the truth: a revalidation (after our own post, or a reconnect) replaces the list.
  useEffect(() => setRequests(data.requests), [data.requests]);
  const status = useRoom(useStableRoomAccess(data.room), (event) => setRequests((list) => applyRequestEvent(list, event, data.clubId)));
  const open = requests.filter((r) => r.status === "open");
  const fulfilled = requests.filter((r) => r.status === "fulfilled");
  return (
    <div className="space-y-6" data-live={status}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{REQUEST_TEXT.heading}</h2>
        {data.canPost ? <NewRequest slug={slug} constraint={data.postConstraint} /> : null}
      </div>
      {requests.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{REQUEST_TEXT.empty}</p>
      ) : (
        <>
          <RequestSection title={REQUEST_TEXT.open} requests={open} slug={slug} data={data} />
          <RequestSection title={REQUEST_TEXT.fulfilled} requests={fulfilled} slug={slug} data={data} />
        </>
      )}
    </div>
  );
}

function RequestSection({
  title,
  requests,
  slug,
  data,
}: {
  title: string;
  requests: ItemRequest[];
  slug: string;
  data: ItemRequestsTabData;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold text-slate-800">
        {title} ({requests.length})
      </h3>
      {requests.length ? (
        <ul className="space-y-3">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} slug={slug} data={data} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RequestItem({ request, slug, data }: { request: ItemRequest; slug: string; data: ItemRequestsTabData }) {
  const mine = request.authorId === data.viewerId;
  const matches = data.possibleMatches[request.id];
  const action = `/club/${slug}/requests`;
  const fulfilling = useIsPending({ formAction: action, intent: "fulfil" });
  const hydrated = useHydrated();
  return (
    <li
      data-testid="radar-request"
      data-status={request.status}
      // Fulfilled requests are dimmed (02 §2): a greyed card, text kept at a readable contrast.
      className={`rounded-lg border p-4 ${request.status === "fulfilled" ? "border-slate-200 bg-slate-100 text-slate-600" : "border-slate-200 bg-white"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="break-words font-semibold text-slate-900">{request.title}</h4>
          <p className="text-sm text-slate-600">
            {REQUEST_TEXT.postedBy(request.authorName ?? REQUEST_TEXT.anonymous)}
            {" · "}
            <time dateTime={request.createdAt}>{formatRelativeTime(request.createdAt, hydrated ? Date.now() : data.now)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!mine ? (
            <ButtonLink
              to={`/club/${slug}?tab=messages&sub=dm&with=${encodeURIComponent(request.authorId)}`}
              variant="secondary"
              className="text-sm"
            >
              {REQUEST_TEXT.contact}
              <span className="sr-only"> about {request.title}</span>
            </ButtonLink>
          ) : null}
          {!mine ? <ReportLink type="item_request" id={request.id} label={`Report request: ${request.title}`} /> : null}
          {mine && request.status === "open" ? (
            <>
              <Form method="post" action={action}>
                <input type="hidden" name="id" value={request.id} />
                <SubmitButton
                  name="intent"
                  value="fulfil"
                  tone="secondary"
                  className="text-sm"
                  pending={fulfilling}
                  pendingText="Saving..."
                >
                  {REQUEST_TEXT.markFulfilled}
                </SubmitButton>
              </Form>
              <Form method="post" action={action}>
                <input type="hidden" name="id" value={request.id} />
                <Button type="submit" name="intent" value="delete" variant="danger" className="text-sm">
                  {REQUEST_TEXT.delete}
                  <span className="sr-only"> {request.title}</span>
                </Button>
              </Form>
            </>
          ) : null}
        </div>
      </div>
      {request.description ? <p className="mt-2 whitespace-pre-line break-words text-slate-700">{request.description}</p> : null}
      {mine && request.status === "open" && matches?.length ? <PossibleMatches request={request} listings={matches} slug={slug} /> : null}
    </li>
  );
}
