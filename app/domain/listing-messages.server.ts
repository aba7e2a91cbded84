// Questions about a listing (issue 6 §4; spec 02 §2 Interested? card, §5 Messages). A thread is
// one listing + one buyer; the seller sees one thread per buyer and replies into it.
import { and, asc, count, eq, gte, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client";
import { hasControlCharacters } from "~/lib/text";
import { listingMessages, listings, profiles } from "#db/schema";
import { listingReadableBy } from "./listings.server";
import type { Viewer } from "./viewer";

/** Per sender, across all listings: enough for a conversation, too few for a flood. */
export const LISTING_MESSAGE_RATE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };
export const MESSAGE_MAX_LENGTH = 2000;

export type SendResult =
  | { ok: true; message: typeof listingMessages.$inferSelect; buyerId: string }
  | { ok: false; reason: "not_found" | "empty" | "control_characters" | "rate_limited" | "no_thread" };

/**
 * A buyer asks the seller; the seller replies to a buyer who has already written. The listing must
 * be readable by the sender (same rule as the detail page).
 */
export async function sendListingMessage(
  db: Db,
  viewer: Viewer,
  input: { listingId: string; content: string; buyerId?: string | null },
  now = new Date(),
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
    const [started] = await db
      .select({ id: listingMessages.id })
      .from(listingMessages)
      .where(and(eq(listingMessages.listingId, listing.id), eq(listingMessages.senderId, input.buyerId)))
      .limit(1);
    if (!started) return { ok: false, reason: "no_thread" };
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

  const [message] = await db
    .insert(listingMessages)
    .values({
      listingId: listing.id,
      senderId: viewer.id,
      receiverId: isSeller ? buyerId : listing.userId,
      content,
      createdAt: now,
    })
    .returning();
  return { ok: true, message, buyerId };
}

export type ThreadMessage = { id: string; senderId: string; content: string; createdAt: Date };
export type Thread = { buyerId: string; buyerName: string; messages: ThreadMessage[] };

/**
 * The conversations on a listing the viewer may read: the buyer sees their own thread, the seller
 * sees one per buyer. Oldest first. Nobody else sees anything.
 */
export async function listingThreadsFor(db: Db, viewer: Viewer, listing: { id: string; userId: string }): Promise<Thread[]> {
  const isSeller = listing.userId === viewer.id;
  const rows = await db
    .select({
      id: listingMessages.id,
      senderId: listingMessages.senderId,
      receiverId: listingMessages.receiverId,
      content: listingMessages.content,
      createdAt: listingMessages.createdAt,
    })
    .from(listingMessages)
    .where(
      and(
        eq(listingMessages.listingId, listing.id),
        or(eq(listingMessages.senderId, viewer.id), eq(listingMessages.receiverId, viewer.id)),
      ),
    )
    .orderBy(asc(listingMessages.createdAt), asc(listingMessages.id));
  const threads = new Map<string, Thread>();
  for (const row of rows) {
    const buyerId = isSeller ? (row.senderId === viewer.id ? row.receiverId : row.senderId) : viewer.id;
    let thread = threads.get(buyerId);
    if (!thread) {
      thread = { buyerId, buyerName: "", messages: [] };
      threads.set(buyerId, thread);
    }
    thread.messages.push({ id: row.id, senderId: row.senderId, content: row.content, createdAt: row.createdAt });
  }
  const ids = [...threads.keys()];
  if (ids.length) {
    const names = await db
      .select({ userId: profiles.userId, firstName: profiles.firstName, lastName: profiles.lastName, displayName: profiles.displayName })
      .from(profiles)
      .where(inArray(profiles.userId, ids));
    for (const n of names) {
      const thread = threads.get(n.userId)!;
      thread.buyerName = n.displayName || [n.firstName, n.lastName].filter(Boolean).join(" ") || "Buyer";
    }
  }
  return [...threads.values()];
}
