// What a report is about, read now for the moderation queue (ADR 069): the listing, message, deal,
// request, club or person, and for a message the messages around it.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { ReportTargetType } from "#db/schema/enums";

/** How many messages either side of a reported one are shown (its thread, club chat or DM conversation). */
export const AROUND = 3;
export const name = (p: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), nullif(trim(${p}.display_name), ''), 'Member')`,
  );
export const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export type ContextMessage = {
  id: string;
  content: string;
  createdAt: string;
  authorId: string | null;
  authorName: string;
  reported: boolean;
};

/** The reported thing as it is now; `gone` when it was removed since (the report's excerpt stands in). */
export type TargetContext =
  | { kind: "gone" }
  | {
      kind: "listing";
      id: string;
      title: string;
      priceCents: number;
      status: string;
      thumbKey: string | null;
      owner: PersonRef;
    }
  | {
      kind: "messages";
      where: string;
      /** Link to where it lives (a listing, a club), when it still exists. */
      href: string | null;
      messages: ContextMessage[];
    }
  | { kind: "item_request"; id: string; title: string; description: string | null; status: string; club: { name: string; slug: string } }
  | {
      kind: "deal";
      id: string;
      state: string;
      listingTitle: string | null;
      proposer: PersonRef | null;
      owner: PersonRef | null;
    }
  | { kind: "club"; id: string; name: string; slug: string; visibility: string; members: number; owner: PersonRef | null }
  | { kind: "user"; person: PersonRef };

export type PersonRef = { id: string; email: string; name: string };

export const person = (id: string | null, email: string | null, personName: string | null): PersonRef | null =>
  id && email ? { id, email, name: personName ?? "Member" } : null;

/** The reported thing now, in its surroundings. */
export async function contextOf(db: Db, type: ReportTargetType, id: string): Promise<TargetContext> {
  switch (type) {
    case "listing": {
      const [l] = await db.all<{
        id: string;
        title: string;
        priceCents: number;
        status: string;
        thumbKey: string | null;
        ownerId: string;
        email: string;
        ownerName: string;
      }>(sql`select l.id, l.title, l.price_cents as priceCents, l.status, l.user_id as ownerId, u.email, ${name("p")} as ownerName,
          (select coalesce(lp.thumb_key, lp.r2_key) from listing_photos lp where lp.listing_id = l.id order by lp.position limit 1) as thumbKey
        from listings l join users u on u.id = l.user_id left join profiles p on p.user_id = l.user_id where l.id = ${id}`);
      if (!l) return { kind: "gone" };
      return {
        kind: "listing",
        id: l.id,
        title: l.title,
        priceCents: l.priceCents,
        status: l.status,
        thumbKey: l.thumbKey,
        owner: { id: l.ownerId, email: l.email, name: l.ownerName },
      };
    }
    case "listing_message": {
      const [m] = await db.all<{ listingId: string; senderId: string; receiverId: string; title: string }>(
        sql`select m.listing_id as listingId, m.sender_id as senderId, m.receiver_id as receiverId, l.title
          from listing_messages m join listings l on l.id = m.listing_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from listing_messages m left join profiles p on p.user_id = m.sender_id
        where m.listing_id = ${m.listingId} and ((m.sender_id = ${m.senderId} and m.receiver_id = ${m.receiverId})
          or (m.sender_id = ${m.receiverId} and m.receiver_id = ${m.senderId}))`;
      return {
        kind: "messages",
        where: `Questions about “${m.title}”`,
        href: `/listing/${m.listingId}`,
        messages: await around(db, scope, sql`m.sender_id`, id),
      };
    }
    case "club_message": {
      const [m] = await db.all<{ clubId: string; kind: string; clubName: string; slug: string }>(
        sql`select m.club_id as clubId, m.message_type as kind, c.name as clubName, c.slug
          from club_messages m join clubs c on c.id = m.club_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from club_messages m left join profiles p on p.user_id = m.user_id
        where m.club_id = ${m.clubId} and m.message_type = ${m.kind}`;
      return {
        kind: "messages",
        where: `${m.kind === "announcement" ? "Announcements" : "Group chat"} of ${m.clubName}`,
        href: `/club/${m.slug}`,
        messages: await around(db, scope, sql`m.user_id`, id),
      };
    }
    case "direct_message": {
      const [m] = await db.all<{ clubId: string; senderId: string; receiverId: string; clubName: string }>(
        sql`select m.club_id as clubId, m.sender_id as senderId, m.receiver_id as receiverId, c.name as clubName
          from club_direct_messages m join clubs c on c.id = m.club_id where m.id = ${id}`,
      );
      if (!m) return { kind: "gone" };
      const scope = sql`from club_direct_messages m left join profiles p on p.user_id = m.sender_id
        where m.club_id = ${m.clubId} and ((m.sender_id = ${m.senderId} and m.receiver_id = ${m.receiverId})
          or (m.sender_id = ${m.receiverId} and m.receiver_id = ${m.senderId}))`;
      return {
        kind: "messages",
        where: `Direct messages in ${m.clubName}`,
        href: null,
        messages: await around(db, scope, sql`m.sender_id`, id),
      };
    }
    case "item_request": {
      const [r] = await db.all<{ id: string; title: string; description: string | null; status: string; clubName: string; slug: string }>(
        sql`select r.id, r.title, r.description, r.status, c.name as clubName, c.slug
          from club_requests r join clubs c on c.id = r.club_id where r.id = ${id}`,
      );
      if (!r) return { kind: "gone" };
      return {
        kind: "item_request",
        id: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        club: { name: r.clubName, slug: r.slug },
      };
    }
    case "deal": {
      const [d] = await db.all<{
        id: string;
        state: string;
        listingTitle: string | null;
        proposerId: string | null;
        proposerEmail: string | null;
        proposerName: string | null;
        ownerId: string | null;
        ownerEmail: string | null;
        ownerName: string | null;
      }>(sql`select d.id, d.state, l.title as listingTitle,
          d.proposer_id as proposerId, pu.email as proposerEmail, ${name("pp")} as proposerName,
          d.owner_id as ownerId, ou.email as ownerEmail, ${name("op")} as ownerName
        from deals d left join listings l on l.id = d.listing_id
        left join users pu on pu.id = d.proposer_id left join profiles pp on pp.user_id = d.proposer_id
        left join users ou on ou.id = d.owner_id left join profiles op on op.user_id = d.owner_id
        where d.id = ${id}`);
      if (!d) return { kind: "gone" };
      return {
        kind: "deal",
        id: d.id,
        state: d.state,
        listingTitle: d.listingTitle,
        proposer: person(d.proposerId, d.proposerEmail, d.proposerName),
        owner: person(d.ownerId, d.ownerEmail, d.ownerName),
      };
    }
    case "club": {
      const [c] = await db.all<{
        id: string;
        name: string;
        slug: string;
        visibility: string;
        members: number;
        ownerId: string | null;
        ownerEmail: string | null;
        ownerName: string | null;
      }>(sql`select c.id, c.name, c.slug, c.visibility,
          (select count(*) from club_members m where m.club_id = c.id and m.status = 'active') as members,
          o.user_id as ownerId, u.email as ownerEmail, ${name("p")} as ownerName
        from clubs c left join club_members o on o.club_id = c.id and o.role = 'owner'
        left join users u on u.id = o.user_id left join profiles p on p.user_id = o.user_id
        where c.id = ${id}`);
      if (!c) return { kind: "gone" };
      return {
        kind: "club",
        id: c.id,
        name: c.name,
        slug: c.slug,
        visibility: c.visibility,
        members: Number(c.members),
        owner: person(c.ownerId, c.ownerEmail, c.ownerName),
      };
    }
    case "user": {
      const [u] = await db.all<{ id: string; email: string; name: string }>(
        sql`select u.id, u.email, ${name("p")} as name from users u left join profiles p on p.user_id = u.id where u.id = ${id}`,
      );
      return u ? { kind: "user", person: u } : { kind: "gone" };
    }
  }
}

/** The reported message with up to AROUND messages either side, oldest first. `scope` is `from … where …` with alias m (and p for the author's profile). */
async function around(db: Db, scope: SQL, author: SQL, id: string): Promise<ContextMessage[]> {
  const columns = sql`m.id, m.content, m.created_at as createdAt, ${author} as authorId, ${name("p")} as authorName`;
  type Row = { id: string; content: string; createdAt: number; authorId: string | null; authorName: string };
  const at = sql`(select created_at from (select m.created_at, m.id ${scope} and m.id = ${id}))`;
  const [before, self, after] = await db.batch([
    db.all<Row>(sql`select ${columns} ${scope} and (m.created_at < ${at} or (m.created_at = ${at} and m.id < ${id}))
      order by m.created_at desc, m.id desc limit ${AROUND}`),
    db.all<Row>(sql`select ${columns} ${scope} and m.id = ${id}`),
    db.all<Row>(sql`select ${columns} ${scope} and (m.created_at > ${at} or (m.created_at = ${at} and m.id > ${id}))
      order by m.created_at, m.id limit ${AROUND}`),
  ]);
  return [...before.reverse(), ...self, ...after].map((m) => ({ ...m, createdAt: iso(m.createdAt)!, reported: m.id === id }));
}
