// The stolen-photo check of a listing save (ADR 094): each photo the save adds is looked up by its
// perceptual hash among the photos of *other accounts'* listings and the photos a moderator removed;
// a near one (Hamming distance ≤ MATCH_DISTANCE) becomes a `photo_matches` row — the site moderation
// queue's 'Photo matches another member's listing' — written in the save's own batch with its audit
// row. The seller is told nothing: the save answers exactly as without a match.
//
// The lookup: the hash's four 16-bit bands are each indexed. Two hashes within distance 7 have a band
// that differs in at most one bit (pigeonhole: 7 differing bits over 4 bands), so each band is
// probed at its value and its 16 one-bit neighbours (`bandProbes`, 4 × 17 indexed equalities); the
// exact distance is computed in the same statement over the rows the probes find (distanceSql), so
// only matches come back, and again here to order them.
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { bandProbes, bandsOfHex, hammingDistance, MATCH_DISTANCE } from "../photos/perceptual-hash";

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The system's name in the audit log for what the save queued by itself (no person acted). */
export const SYSTEM_ACTOR = { id: "system", email: "system" } as const;

export type PhotoCandidate = {
  source: "listing" | "removed";
  r2Key: string;
  phash: string;
  ownerId: string;
  listingId: string | null;
  title: string;
  removedId: string | null;
};

export type FoundMatch = { photoKey: string; candidate: PhotoCandidate; distance: number };

const bandSql = (column: string, band: number) =>
  sql`${sql.raw(column)} in (${sql.join(
    bandProbes(band).map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * The exact Hamming distance to `hex` in SQL, so only matches leave the database: per band, XOR as
 * (a | b) − (a & b) and its sixteen bits summed.
 */
function distanceSql(alias: string, hex: string) {
  const terms = bandsOfHex(hex).map((band, i) => {
    const x = `((${alias}.phash_b${i} | ${band}) - (${alias}.phash_b${i} & ${band}))`;
    return Array.from({ length: 16 }, (_, bit) => `((${x} >> ${bit}) & 1)`).join(" + ");
  });
  return sql.raw(`(${terms.join(" + ")})`);
}

const anyBand = (alias: string, hex: string) =>
  sql.join(
    bandsOfHex(hex).map((band, i) => sql`(${bandSql(`${alias}.phash_b${i}`, band)})`),
    sql` or `,
  );

/**
 * The photos near `hex` that are not `ownerId`'s own listing photos: every other account's listing
 * photo (any status, any audience — the check is the server's, its answer is shown to moderators
 * only) and every photo a moderator removed, whoever listed it. Nearest first.
 */
export async function nearPhotos(
  db: Db,
  ownerId: string,
  hex: string,
  excludeListingId: string | null = null,
): Promise<FoundMatch["candidate"][]> {
  const [listed, removed] = await db.batch([
    db.all<Omit<PhotoCandidate, "source" | "removedId">>(sql`
      select lp.r2_key as r2Key, lp.phash, l.user_id as ownerId, l.id as listingId, l.title
      from listing_photos lp join listings l on l.id = lp.listing_id
      where (${anyBand("lp", hex)}) and ${distanceSql("lp", hex)} <= ${MATCH_DISTANCE}
        and l.user_id <> ${ownerId} and lp.listing_id <> ${excludeListingId ?? ""}
      limit 20`),
    db.all<Omit<PhotoCandidate, "source">>(sql`
      select rp.r2_key as r2Key, rp.phash, rp.owner_id as ownerId, rp.listing_id as listingId, rp.listing_title as title, rp.id as removedId
      from removed_photos rp
      where (${anyBand("rp", hex)}) and ${distanceSql("rp", hex)} <= ${MATCH_DISTANCE}
      limit 20`),
  ]);
  return [
    ...removed.map((r) => ({ ...r, source: "removed" as const })),
    ...listed.map((r) => ({ ...r, source: "listing" as const, removedId: null })),
  ]
    .map((c) => ({ c, d: hammingDistance(hex, c.phash) }))
    .filter(({ d }) => d <= MATCH_DISTANCE)
    .sort((a, b) => a.d - b.d)
    .map(({ c }) => c);
}

/** The nearest match of each photo, if any. */
export async function findPhotoMatches(
  db: Db,
  ownerId: string,
  listingId: string,
  photos: { r2Key: string; phash?: string | null }[],
): Promise<FoundMatch[]> {
  const hashed = photos.filter((p): p is { r2Key: string; phash: string } => Boolean(p.phash));
  const found = await Promise.all(
    hashed.map(async (p) => {
      const [nearest] = await nearPhotos(db, ownerId, p.phash, listingId);
      return nearest ? { photoKey: p.r2Key, candidate: nearest, distance: hammingDistance(p.phash, nearest.phash) } : null;
    }),
  );
  return found.filter((m): m is FoundMatch => m !== null);
}

/**
 * The statements that queue the matches, for the save's batch (after the listing's own insert or
 * update): one `photo_matches` row per photo — the unique (listing, photo) index makes a retried or
 * re-saved form queue nothing twice — and, only for a row this batch really inserted, its audit row
 * ('queue_photo_match', actor "system").
 */
export function photoMatchStatements(db: Db, listingId: string, matches: FoundMatch[], now: Date): BatchItem[] {
  return matches.flatMap(({ photoKey, candidate, distance }) => {
    const id = crypto.randomUUID();
    return [
      db.run(sql`insert into photo_matches (id, listing_id, photo_key, matched_listing_id, matched_photo_key, matched_removed_id,
          matched_owner_id, matched_title, distance, status, created_at)
        values (${id}, ${listingId}, ${photoKey}, ${candidate.listingId}, ${candidate.r2Key}, ${candidate.removedId},
          ${candidate.ownerId}, ${candidate.title.slice(0, 200)}, ${distance}, 'open', ${now.getTime()})
        on conflict (listing_id, photo_key) do nothing`),
      db.run(sql`insert into admin_audit_log (id, actor_id, actor_email, action, target_type, target_id, target_label, detail, created_at)
        select ${crypto.randomUUID()}, ${SYSTEM_ACTOR.id}, ${SYSTEM_ACTOR.email}, 'queue_photo_match', 'listing', pm.listing_id, l.title,
          ${JSON.stringify({ matchId: id, distance, matched: candidate.source })}, ${now.getTime()}
        from photo_matches pm join listings l on l.id = pm.listing_id where pm.id = ${id}`),
    ];
  });
}

/**
 * The hashes of a listing's photos go to `removed_photos` when a moderator removes it (ADR 094), in
 * the removal's batch and before its photo rows go: the same photo listed again is queued.
 */
export function rememberRemovedPhotos(db: Db, listingId: string, byModerator: boolean, now: Date): BatchItem {
  return db.run(sql`insert into removed_photos (id, owner_id, listing_id, listing_title, r2_key, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
    select lower(hex(randomblob(16))), l.user_id, l.id, l.title, lp.r2_key, lp.phash, lp.phash_b0, lp.phash_b1, lp.phash_b2, lp.phash_b3, ${now.getTime()}
    from listing_photos lp join listings l on l.id = lp.listing_id
    where lp.listing_id = ${listingId} and lp.phash is not null and ${byModerator ? sql`1` : sql`0`} = 1
    on conflict (r2_key) do nothing`);
}
