import { Form, Link, useActionData } from "@remix-run/react";
import { ButtonLink, ButtonSummary } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label, Legend } from "~/components/ui/label";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { formatPrice } from "~/shared/format";

// The offer card's signed-in part (listing-offer-card.tsx loads it on demand). Plain forms posting
// intent=propose to the listing route: no client validation library — the HTML constraints below
// and the server's ProposeDealSchema, whose refusals come back in words with the values entered.
// Texts are kept here rather than imported from ~/shared/copy/deals, which loads zod with the deal schemas.

// Same limits as ~/shared/schemas/deal (CASH_MAX_DOLLARS, DEAL_MESSAGE_MAX): repeated so zod stays out of this chunk.
const CASH_MAX = 100_000;
const MESSAGE_MAX = 500;
const SWAP_MAX = 5;

type Party = "proposer" | "owner";
export type OfferSummaryView = {
  dealId: string;
  proposerName: string;
  kind: "sale" | "swap";
  state: string;
  turn: Party | null;
  onHold: boolean;
  revision: number;
  cashCents: number;
  cashFrom: Party | null;
  offeredTitles: string[];
};
export type ListingOffersView =
  | { kind: "signIn" }
  | { kind: "none" }
  | { kind: "yours"; dealId: string }
  | { kind: "make"; defaultCash: string | null; swapListings: { id: string; title: string; priceCents: number }[] | null }
  | { kind: "seller"; offers: OfferSummaryView[] };

type Refusal = {
  offer?: { form: "offer" | "swap"; error: string; values: { cash: string; cashFrom: string; message: string; offered: string[] } };
};

const STATE_WORDS: Record<string, string> = {
  proposed: "Open",
  accepted: "Accepted",
  meetup_agreed: "Meeting place agreed",
  handed_over: "Handed over by one side",
};

const card = "rounded-xl bg-white p-6 shadow-sm";
/** Checkboxes and radios: a 20 px box in the brand colour, on a 44 px tall label (touch target). */
const tick = "h-5 w-5 shrink-0 accent-brand-600";

export default function OfferPanel({ offers }: { listingId: string; offers: ListingOffersView }) {
  if (offers.kind === "seller") return <SellerOffers offers={offers.offers} />;
  if (offers.kind === "yours")
    return (
      <section className={card} aria-labelledby="offer-heading">
        <h2 id="offer-heading" className="text-xl font-semibold">
          Your offer
        </h2>
        <p className="mt-2 text-sm text-slate-600">You have an open offer on this listing.</p>
        <ButtonLink to={`/deals/${offers.dealId}`} className="mt-3 w-full">
          View your offer
        </ButtonLink>
      </section>
    );
  if (offers.kind !== "make") return null;
  return <MakeOffer defaultCash={offers.defaultCash} swapListings={offers.swapListings} />;
}

function MakeOffer({ defaultCash, swapListings }: Pick<Extract<ListingOffersView, { kind: "make" }>, "defaultCash" | "swapListings">) {
  const refusal = (useActionData() as Refusal | undefined)?.offer;
  const pending = useIsPending({ intent: "propose" });
  const offerRefusal = refusal?.form === "offer" ? refusal : null;
  const swapRefusal = refusal?.form === "swap" ? refusal : null;
  return (
    <section className={card} aria-labelledby="offer-heading">
      <h2 id="offer-heading" className="text-xl font-semibold">
        Make an offer
      </h2>
      <div className="mt-3 space-y-3">
        <details open={Boolean(offerRefusal)} className="group">
          <ButtonSummary variant="primary" className="w-full text-center">
            Make an offer
          </ButtonSummary>
          <Form method="post" className="mt-3 space-y-3" aria-label="Make an offer">
            <input type="hidden" name="intent" value="propose" />
            <input type="hidden" name="form" value="offer" />
            <input type="hidden" name="cashFrom" value="proposer" />
            <CashInput id="offer-cash" label="Your offer ($)" defaultValue={offerRefusal?.values.cash ?? defaultCash ?? ""} required />
            <MessageInput id="offer-message" defaultValue={offerRefusal?.values.message} />
            <RefusalText id="offer-error" error={offerRefusal?.error} />
            <SubmitButton pending={pending} pendingText="Sending..." className="w-full">
              Send offer
            </SubmitButton>
          </Form>
        </details>
        {swapListings ? (
          <details open={Boolean(swapRefusal)}>
            <ButtonSummary className="w-full text-center">Swap</ButtonSummary>
            <SwapForm listings={swapListings} refusal={swapRefusal} pending={pending} />
          </details>
        ) : null}
      </div>
    </section>
  );
}

function SwapForm({
  listings,
  refusal,
  pending,
}: {
  listings: { id: string; title: string; priceCents: number }[];
  refusal: Refusal["offer"] | null;
  pending: boolean;
}) {
  if (listings.length === 0)
    return (
      <p className="mt-3 text-sm text-slate-600">
        You have no active listings to swap.{" "}
        <Link to="/list-item" className="underline">
          List an item
        </Link>
      </p>
    );
  const ticked = new Set(refusal?.values.offered ?? []);
  const payer = refusal?.values.cashFrom === "owner" ? "owner" : "proposer";
  return (
    <Form method="post" className="mt-3 space-y-3" aria-label="Propose a swap">
      <input type="hidden" name="intent" value="propose" />
      <input type="hidden" name="form" value="swap" />
      <fieldset>
        <Legend>Your listings to swap (up to {SWAP_MAX})</Legend>
        {listings.map((l) => (
          <label key={l.id} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="offered" value={l.id} defaultChecked={ticked.has(l.id)} className={tick} />
            <span>
              {l.title} <span className="text-slate-500">({formatPrice(l.priceCents)})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <CashInput id="swap-cash" label="Cash on top ($, optional)" defaultValue={refusal?.values.cash || "0"} />
      <fieldset>
        <Legend>Who adds the cash</Legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="cashFrom" value="proposer" defaultChecked={payer === "proposer"} className={tick} />I add cash
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="cashFrom" value="owner" defaultChecked={payer === "owner"} className={tick} />
          The seller adds cash
        </label>
      </fieldset>
      <MessageInput id="swap-message" defaultValue={refusal?.values.message} />
      <RefusalText id="swap-error" error={refusal?.error} />
      <SubmitButton pending={pending} pendingText="Sending..." className="w-full">
        Propose swap
      </SubmitButton>
    </Form>
  );
}

function CashInput({ id, label, defaultValue, required }: { id: string; label: string; defaultValue: string; required?: boolean }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="mt-1 block w-full"
        name="cash"
        type="number"
        inputMode="decimal"
        min={0}
        max={CASH_MAX}
        step="0.01"
        defaultValue={defaultValue}
        required={required}
      />
    </div>
  );
}

function MessageInput({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <div>
      <Label htmlFor={id}>Message (optional)</Label>
      <Textarea id={id} name="message" className="mt-1 block w-full" rows={2} maxLength={MESSAGE_MAX} defaultValue={defaultValue} />
    </div>
  );
}

function RefusalText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

function terms(offer: OfferSummaryView) {
  const cash = offer.cashCents > 0 ? formatPrice(offer.cashCents) : null;
  if (offer.kind === "sale") return cash ?? "No cash";
  const items = offer.offeredTitles.join(", ") || "Their listings";
  if (!cash) return items;
  return `${items} ${offer.cashFrom === "owner" ? `and you add ${cash}` : `plus ${cash}`}`;
}

function SellerOffers({ offers }: { offers: OfferSummaryView[] }) {
  return (
    <section className={card} aria-labelledby="offer-heading">
      <h2 id="offer-heading" className="text-xl font-semibold">
        Offers
      </h2>
      {offers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No offers yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Offers on this listing">
          {offers.map((offer) => (
            <li key={offer.dealId} className="py-3 text-sm" data-testid="listing-offer">
              <p className="font-semibold">
                {offer.proposerName} · {offer.kind === "swap" ? "Swap" : "Offer"}
              </p>
              <p>{terms(offer)}</p>
              <p className="text-slate-600">
                {STATE_WORDS[offer.state] ?? offer.state}
                {offer.state === "proposed"
                  ? offer.turn === "owner"
                    ? " · Your turn to answer"
                    : ` · Waiting for ${offer.proposerName}`
                  : null}
              </p>
              {offer.onHold ? <p className="text-amber-800">On hold — another offer was accepted</p> : null}
              <Link to={`/deals/${offer.dealId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                View {offer.kind === "swap" ? "swap" : "offer"} from {offer.proposerName}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
