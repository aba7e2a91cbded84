// The deal mails (ADR 068): offer received, countered, accepted, and the 24-hour reminder — to the
// other party, only after the step committed (callers send them once the batch returned ok; the
// clock sends the reminder for the deals its UPDATE marked). Links use APP_ORIGIN, the origin the
// server trusts, never the request's Host (ADR 013). A failed send is logged, never thrown: the
// step itself already happened. They follow the recipient's 'deals' setting (ADR 073): sent at
// once only for 'e-mail right away'; 'e-mail digest' gets the waiting offers and turns in the daily
// away mail instead (notify/away.server.ts), 'in the app only' no mail.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { dealListings, profiles, users, type Deal, type DealParty } from "#db/schema";
import { sendMail, type MailConfig } from "~/platform/mail.server";
import { DEAL_MAILS, FORMER_MEMBER } from "~/shared/copy/deals";
import { modeOf } from "./settings.server";
import { pushExcerpt, pushNotices, type PushConfig } from "./push.server";
import { formatPrice } from "~/shared/format";
import { DEAL_PUSH } from "~/shared/copy/push";
import { other } from "../trade/deal-machine";

export type DealMailDeps = { db: Db; env: MailConfig & PushConfig & { APP_ORIGIN: string } };
type DealForMail = Pick<Deal, "id" | "proposerId" | "ownerId" | "listingId" | "turn"> & Partial<Pick<Deal, "revision">>;
type Kind = keyof typeof DEAL_MAILS;

/** The absolute link to a deal page. */
export const dealLink = (origin: string, dealId: string) => `${origin.replace(/\/+$/, "")}/deals/${encodeURIComponent(dealId)}`;

const idOf = (deal: DealForMail, party: DealParty) => (party === "proposer" ? deal.proposerId : deal.ownerId);

async function send(deps: DealMailDeps, deal: DealForMail, kind: Kind, to: DealParty) {
  const recipientId = idOf(deal, to);
  if (!recipientId) return; // the account is gone
  const senderId = idOf(deal, other(to));
  try {
    const ids = senderId ? [recipientId, senderId] : [recipientId];
    const [people, titles] = await Promise.all([
      deps.db
        .select({ id: users.id, email: users.email, firstName: profiles.firstName, mode: modeOf(sql`${users.id}`, "deals") })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, ids)),
      deps.db.select({ title: dealListings.title, side: dealListings.side }).from(dealListings).where(eq(dealListings.dealId, deal.id)),
    ]);
    const recipient = people.find((p) => p.id === recipientId);
    if (!recipient) return;
    const from = senderId ? people.find((p) => p.id === senderId)?.firstName?.trim() || "A member" : FORMER_MEMBER;
    // The listing asked for names the deal (the owner's side).
    const title = titles.find((t) => t.side === "owner")?.title ?? titles[0]?.title ?? "your listing";
    // A push to each device of theirs with push on for deals (ADR 087), whatever the e-mail mode:
    // who and what, never the terms (the lock screen may be seen by others). Once per step: the key
    // names the deal, the step and the revision it made.
    await pushDealStep(deps, recipientId, deal, kind, DEAL_PUSH[kind](from, title));
    if (recipient.mode !== "email_now") return;
    const mail = DEAL_MAILS[kind](from, title, dealLink(deps.env.APP_ORIGIN, deal.id));
    await sendMail(deps, { to: recipient.email, ...mail });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "mail_failed", kind: `deal.${kind}`, dealId: deal.id, message: String(error) }));
  }
}

async function pushDealStep(deps: DealMailDeps, recipientId: string, deal: DealForMail, kind: Kind, title: string) {
  // The terms (cash and the message of the revision this step made) only for 'Show message text' (ADR 100).
  const [terms] = await deps.db.all<{ cashCents: number; message: string | null }>(sql`select cash_cents as cashCents, message
    from deal_revisions where deal_id = ${deal.id} order by number desc limit 1`);
  const detail = terms
    ? [terms.cashCents > 0 ? formatPrice(terms.cashCents) : null, terms.message ? pushExcerpt(terms.message) : null]
        .filter(Boolean)
        .join(" · ")
    : null;
  await pushNotices(deps, "deals", [
    {
      userId: recipientId,
      key: `deal:${deal.id}:${kind}:${deal.revision ?? 1}`,
      title,
      detail: detail || null,
      url: `/deals/${encodeURIComponent(deal.id)}`,
      tag: `deal:${deal.id}`,
    },
  ]);
}

/** A new offer (or swap) was proposed: mail the owner of the listing asked for. Call after proposeDeal returned ok. */
export const mailOfferReceived = (deps: DealMailDeps, deal: DealForMail) => send(deps, deal, "offerReceived", "owner");

/** A counter-offer committed: mail the party whose turn it now is. */
export const mailCountered = (deps: DealMailDeps, deal: DealForMail, counteredBy: DealParty) =>
  send(deps, deal, "countered", other(counteredBy));

/** An acceptance committed: mail the other party. */
export const mailAccepted = (deps: DealMailDeps, deal: DealForMail, acceptedBy: DealParty) =>
  send(deps, deal, "accepted", other(acceptedBy));

/** The 24-hour reminder (runDealClock's `reminded`): mail the party whose answer the offer waits for. */
export async function mailReminder(deps: DealMailDeps, deal: DealForMail) {
  if (deal.turn) await send(deps, deal, "reminder", deal.turn);
}
