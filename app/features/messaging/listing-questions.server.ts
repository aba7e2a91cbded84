// Questions about a listing (spec 02 §2 Interested? card, §5 Messages). A thread is
// one listing + one buyer; the seller sees one thread per buyer and replies into it.
import { and, asc, count, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { hasControlCharacters } from "~/shared/text";
import { MESSAGE_MAX_LENGTH } from "~/shared/schemas/limits";
import { listingMessages, listings, profiles } from "#db/schema";
import { listingReadableBy } from "../listings/listing-visibility.server";
import { blockBetween, isBlockedBetween } from "../safety/blocks.server";
import { hasLink, isEstablished, mayWriteFirstMessage, talkedBefore } from "../safety/earned-limits.server";
import { SCAM_WARNING, scamSignal } from "../safety/scam-signals";
import { notHeld } from "../safety/held-content.server";
import { TRUST_TEXT } from "~/shared/copy/trust";
import type { Viewer } from "../permissions/viewer";
import { guardianLine, overseenNameSql } from "../families/oversight.server";

/** Per sender, across all listings: enough for a conversation, too few for a flood. */
export const LISTING_MESSAGE_RATE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

export type SendResult =
  | { ok: true; message: typeof listingMessages.$inferSelect; buyerId: string }
  | {
      ok: false;
      reason: "not_found" | "empty" | "control_characters" | "rate_limited" | "no_thread" | "blocked" | "first_message_limit" | "no_links";
    };

/**
 * A buyer asks the seller; the seller replies to a buyer who has already written. The listing must
 * be readable by the sender (same rule as the detail page).
 */
export async function sendListingMessage(
  db: Db,
  viewer: Viewer,
  input: { listingId: string; content: string; buyerId?: string | null },
  now = new Date(),
  /** Our own host (server config: APP_ORIGIN), for the look-alike link rule (ADR 095). */
  ourHost = "lockerswap.com",
): Promise<SendResult> {
  const content = input.content.trim().slice(0, MESSAGE_MAX_LENGTH);
  if (!content) return { ok: false, reason: "empty" };
  // A NUL would be stored and cut the text short in SQL; the database CHECK would 500 on others.
  if (hasControlCharacters(content, { multiline: true })) return { ok: false, reason: "control_characters" };
  const [listing] = await db
    .select({ id: listings.id, userId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, input.listingId), listingReadableBy(viewer)))
    .limit(1);
  if (!listing) return { ok: false, reason: "not_found" };

  const isSeller = listing.userId === viewer.id;
  let buyerId: string;
  if (isSeller) {
    if (!input.buyerId || input.buyerId === viewer.id) return { ok: false, reason: "no_thread" };
    // A thread exists once the buyer has written, or made an offer on the listing (ADR 068: the
    // seller sees the deal's steps in that thread and may answer there).
    const [started] = await db.all<{ yes: number }>(sql`select (
      exists (select 1 from ${listingMessages} lm where lm.listing_id = ${listing.id} and lm.sender_id = ${input.buyerId})
      or exists (select 1 from deals d where d.listing_id = ${listing.id} and d.proposer_id = ${input.buyerId} and d.owner_id = ${viewer.id})
    ) as yes`);
    if (!started?.yes) return { ok: false, reason: "no_thread" };
    buyerId = input.buyerId;
  } else {
    buyerId = viewer.id;
  }

  const since = new Date(now.getTime() - LISTING_MESSAGE_RATE_LIMIT.windowMs);
  const [{ sent }] = await db
    .select({ sent: count() })
    .from(listingMessages)
    .where(and(eq(listingMessages.senderId, viewer.id), gte(listingMessages.createdAt, since)));
  if (sent >= LISTING_MESSAGE_RATE_LIMIT.limit) return { ok: false, reason: "rate_limited" };

  // Stored only where neither has blocked the other (ADR 069): the insert's own condition, so a
  // block that lands between the reads above and this write still refuses it.
  const receiverId = isSeller ? buyerId : listing.userId;
  // New accounts earn their limits (ADR 095): first messages to new people a day, and no links —
  // conditions of the insert itself. A first message to a stranger is read for scam signs: it is
  // delivered with its signal, and the receiver is warned beside it.
  const link = hasLink(content);
  const signal = scamSignal(content, ourHost);
  const [message] = await db
    .insert(listingMessages)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          listingId: sql<string>`${listing.id}`.as("listing_id"),
          senderId: sql<string>`${viewer.id}`.as("sender_id"),
          receiverId: sql<string>`${receiverId}`.as("receiver_id"),
          content: sql<string>`${content}`.as("content"),
          scamSignal: sql<string | null>`case when ${talkedBefore(viewer.id, receiverId)} then null else ${signal} end`.as("scam_signal"),
          readAt: sql<null>`null`.as("read_at"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
        })
        .from(sql`(select 1)`)
        .where(
          sql`not ${blockBetween(viewer.id, receiverId)} and ${mayWriteFirstMessage(viewer.id, receiverId, now)}
            and ${link ? isEstablished(viewer.id, now) : sql`1 = 1`}`,
        ),
    )
    .returning();
  if (!message) {
    if (await isBlockedBetween(db, viewer.id, receiverId)) return { ok: false, reason: "blocked" };
    return { ok: false, reason: link && !(await established(db, viewer.id, now)) ? "no_links" : "first_message_limit" };
  }
  return { ok: true, message, buyerId };
}

async function established(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await db.all<{ yes: number }>(sql`select ${isEstablished(userId, now)} as yes`);
  return Boolean(row?.yes);
}

/** `warning`: the scam warning the receiver sees beside a first message that raised one (ADR 095); null otherwise. */
/**
 * `held`: the sender's own notice on their message hidden pending review (ADR 104, as the listing's
 * owner has theirs, ADR 099): the words and the appeal link; null for everyone else and once released.
 */
export type ThreadMessage = {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
  warning?: string | null;
  held?: { text: string; href: string; link: string } | null;
};
/** A deal's step between the messages (app/features/trade/deal-timeline.server.ts): words built on the server. */
export type ThreadStep = { id: string; dealId: string; text: string; createdAt: Date };
/**
 * `closed`: nobody to reply to (the buyer's account is gone; only their deal's steps remain).
 * `guardianLine`: "Sam's guardian can read this conversation" when a side is an overseen teen (ADR 096).
 */
export type Thread = {
  buyerId: string;
  buyerName: string;
  messages: ThreadMessage[];
  steps: ThreadStep[];
  closed?: boolean;
  guardianLine?: string | null;
};

/**
 * The conversations on a listing the viewer may read: the buyer sees their own thread, the seller
 * sees one per buyer. Oldest first. Nobody else sees anything, and nothing of a listing the viewer
 * may not open. One query (the buyer's name rides on each message), so the listing page can send it
 * in its batch (`threadsQuery` + `toThreads`, ADR 034).
 */
export function threadsQuery(db: Db, viewer: Viewer, listingId: string, now = new Date()) {
  const buyerId = sql<string>`case when ${listings.userId} = ${viewer.id}
    then (case when ${listingMessages.senderId} = ${viewer.id} then ${listingMessages.receiverId} else ${listingMessages.senderId} end)
    else ${viewer.id} end`;
  return db
    .select({
      id: listingMessages.id,
      senderId: listingMessages.senderId,
      content: listingMessages.content,
      createdAt: listingMessages.createdAt,
      // Only the receiver is warned; the sender is never told their message raised a signal.
      warned: sql<number>`(${listingMessages.scamSignal} is not null and ${listingMessages.receiverId} = ${viewer.id})`,
      // The open hold on the viewer's own message (only its sender learns of it), and whether they appealed it.
      holdId: sql<
        string | null
      >`(select h.id from held_content h where h.target_type = 'listing_message' and h.target_id = ${listingMessages.id}
        and h.released_at is null and ${listingMessages.senderId} = ${viewer.id})`,
      holdAppealed: sql<number>`exists (select 1 from held_content h join appeals a on a.subject = 'hold' and a.decision_id = h.id
        where h.target_type = 'listing_message' and h.target_id = ${listingMessages.id} and h.released_at is null)`,
      buyerId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      displayName: profiles.displayName,
      overseenName: overseenNameSql(sql`${listings.userId}`, buyerId, now),
    })
    .from(listingMessages)
    .innerJoin(listings, eq(listings.id, listingMessages.listingId))
    .leftJoin(profiles, eq(profiles.userId, buyerId))
    .where(
      and(
        eq(listingMessages.listingId, listingId),
        or(eq(listingMessages.senderId, viewer.id), eq(listingMessages.receiverId, viewer.id)),
        listingReadableBy(viewer),
        // Hidden pending review (ADR 095): its sender still sees it.
        notHeld("listing_message", sql`${listingMessages.id}`, viewer, sql`${listingMessages.senderId}`),
      ),
    )
    .orderBy(asc(listingMessages.createdAt), asc(listingMessages.id));
}

export function toThreads(rows: Awaited<ReturnType<typeof threadsQuery>>): Thread[] {
  const threads = new Map<string, Thread>();
  for (const row of rows) {
    let thread = threads.get(row.buyerId);
    if (!thread) {
      const buyerName = row.displayName || [row.firstName, row.lastName].filter(Boolean).join(" ") || "Buyer";
      thread = { buyerId: row.buyerId, buyerName, messages: [], steps: [], guardianLine: guardianLine(row.overseenName) };
      threads.set(row.buyerId, thread);
    }
    thread.messages.push({
      id: row.id,
      senderId: row.senderId,
      content: row.content,
      createdAt: row.createdAt,
      warning: row.warned ? SCAM_WARNING : null,
      held: row.holdId
        ? {
            text: TRUST_TEXT.heldNotice,
            href: `/appeal?${new URLSearchParams({ subject: "hold", decision: row.holdId })}`,
            link: row.holdAppealed ? "See your appeal" : "Appeal",
          }
        : null,
    });
  }
  return [...threads.values()];
}

export async function listingThreadsFor(db: Db, viewer: Viewer, listing: { id: string }): Promise<Thread[]> {
  return toThreads(await threadsQuery(db, viewer, listing.id));
}
