// 'Make an offer' and 'Swap' posted from the listing page (ADR 068): the listing route parses the
// body with ProposeDealSchema, this turns proposeDeal's typed result into the response — the deal
// page with 'Offer sent', the open deal with a toast when there already is one, a 404 for a listing
// the viewer may not offer on, or the card again with the refusal in words and the values entered.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Viewer } from "~/features/permissions/viewer";
import { mailOfferReceived } from "~/features/notifications/deal-mail.server";
import { proposeDeal } from "~/features/trade/deals.server";
import { PROPOSE_REFUSALS } from "~/features/trade/listing-deals.server";
import { toCents, type ProposeDealSchema } from "~/shared/schemas/deal";
import { announceDealChanges } from "./listing-deal-events.server";
import { redirectWithToast } from "./toast.server";

type ProposeForm = z.output<typeof ProposeDealSchema>;

/** What the offer card shows again after a refusal: which form, the message, the values as entered. */
export type OfferRefusal = {
  offer: {
    form: "offer" | "swap";
    error: string;
    values: { cash: string; cashFrom: string; message: string; offered: string[] };
  };
};

const SWAP_NEEDS_LISTING = "Choose at least one of your listings to swap.";
const OPEN_DEAL_EXISTS = "You already have an open offer on this listing";

/** The entered values, read from the raw payload (a refused body may not have parsed). */
function enteredValues(payload: Record<string, unknown>): OfferRefusal["offer"]["values"] {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 1000) : "");
  const offered = payload.offered;
  return {
    cash: text(payload.cash),
    cashFrom: text(payload.cashFrom),
    message: text(payload.message),
    offered: (Array.isArray(offered) ? offered : [offered]).filter((v): v is string => typeof v === "string").slice(0, 50),
  };
}

/** The card again with a refusal (400; 409 when the listing's state refused it). */
export function offerRefused(payload: Record<string, unknown>, error: string, status = 400) {
  const form = payload.form === "swap" ? "swap" : "offer";
  return data<OfferRefusal>({ offer: { form, error, values: enteredValues(payload) } }, { status });
}

export async function proposeFromListing(
  context: AppLoadContext,
  viewer: Viewer,
  listingId: string,
  form: ProposeForm,
  payload: Record<string, unknown>,
) {
  // The swap form with nothing ticked would otherwise become a sale in which the seller pays.
  if (form.offered.length === 0 && form.cashFrom === "owner") return offerRefused(payload, SWAP_NEEDS_LISTING);
  const result = await proposeDeal(context.db, viewer, {
    listingId,
    offeredListingIds: form.offered,
    cashCents: toCents(form.cash),
    cashFrom: form.cashFrom,
    message: form.message,
  });
  if (!result.ok) {
    // Not theirs to offer on (a clubs-only listing of a club they are not in, or gone): not found.
    if (result.error === "notFound") throw data({ message: "Listing not found" }, { status: 404 });
    if (result.error === "openDealExists")
      return redirectWithToast(context, `/deals/${result.dealId}`, { title: OPEN_DEAL_EXISTS, variant: "default" });
    return offerRefused(payload, PROPOSE_REFUSALS[result.error], result.error === "notActive" ? 409 : 400);
  }
  const { deal } = result;
  announceDealChanges(context, [{ ...deal, dealId: deal.id }], "propose");
  // Only after the deal is stored; the response does not wait for the mail.
  context.cloudflare.ctx.waitUntil(mailOfferReceived({ db: context.db, env: context.env }, deal));
  return redirectWithToast(context, `/deals/${deal.id}`, { title: "Offer sent", variant: "success" });
}
