// A listing conversation opened from /messages (spec 02 §2: "listing conversations open a message
// dialog for that listing and other user"). Loaded on demand by the inbox, so its first load does
// not carry it (ADR 033). Without JavaScript the inbox links to the listing page's thread instead.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { Button } from "../ui/button";
import { ThreadView, type Thread } from "./listing-thread";
import { Modal } from "~/components/ui/modal";

/** What the listing page's loader (app/routes/listing.$id.tsx) answers that the dialog reads. */
type ListingThreads = { viewer: { id: string } | null; isOwner: boolean; threads: Thread[] };

/**
 * A modal `<dialog>`: focus moves in on open, the page behind is inert, Escape / Close / a click on
 * the backdrop close it and `onClose` gives focus back. The thread comes from the listing page's
 * own loader (which also marks it read) and the reply posts to the listing page's action, so both
 * pages share one thread and one rule; the inbox's revalidations refresh it.
 *
 *   <ListingThreadDialog listingId={id} otherId={buyerId} otherName="Bea" title="Cleats" onClose={…} />
 */
export default function ListingThreadDialog({
  listingId,
  otherId,
  otherName,
  title,
  onClose,
}: {
  listingId: string;
  /** The other person of the conversation: the buyer when the viewer sells, else the seller. */
  otherId: string;
  otherName: string;
  title: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fetcher = useFetcher<ListingThreads>();
  const href = `/listing/${listingId}`;
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  useEffect(() => {
    dialog.current?.showModal();
    load.current(href);
  }, [href]);

  const data = fetcher.data;
  const viewerId = data?.viewer?.id;
  // The seller has a thread per buyer (the one with this buyer); a buyer has only their own.
  const thread =
    data && viewerId
      ? data.isOwner
        ? data.threads.find((t) => t.buyerId === otherId)
        : (data.threads[0] ?? { buyerId: viewerId, buyerName: "", messages: [] })
      : null;

  return (
    // Escape closes a modal <dialog> natively; the click handler is only the backdrop's.
    <Modal
      ref={dialog}
      aria-labelledby={titleId}
      // Escape fires `cancel` then `close`; every way out ends here.
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
            {otherName}
          </h2>
          <Link to={href} className="block truncate text-sm text-brand-700 underline">
            {title}
          </Link>
        </div>
        <Button variant="close" aria-label="Close conversation" onClick={() => dialog.current?.close()}>
          ✕
        </Button>
      </div>
      <div className="mt-3">
        {thread && viewerId ? (
          <ThreadView viewerId={viewerId} thread={thread} live={[]} reply={data?.isOwner} action={href} />
        ) : fetcher.state !== "idle" || !data ? (
          <p className="text-sm text-slate-600" aria-busy="true">
            Loading messages…
          </p>
        ) : (
          <p role="alert" className="text-sm text-red-700">
            Failed to load messages.
          </p>
        )}
      </div>
    </Modal>
  );
}
