// A listing's deals changed by something other than a deal step (ADR 068): an offer made from the
// listing page, or a listing edit, sale or removal that voided or cancelled its deals. Both parties'
// user rooms hear `deal.changed` and refetch their badges, after the write (the response does not wait).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { DealState } from "#db/schema";

type ChangedDeal = { dealId: string; proposerId: string | null; ownerId: string | null; listingId: string | null; state: DealState };

export function announceDealChanges(context: AppLoadContext, changed: readonly ChangedDeal[], step: string) {
  for (const deal of changed) {
    const event = { type: "deal.changed", dealId: deal.dealId, listingId: deal.listingId, state: deal.state, step } as const;
    for (const userId of [deal.proposerId, deal.ownerId]) {
      if (!userId) continue;
      context.publish.user(userId, event);
      context.publish.user(userId, { type: "badges.changed" });
    }
  }
}
