// Teens (13–17) and their guardians (ADR 092): the invitation a teen sends and the link a guardian
// confirms. A teen with no live link is 'pending a guardian' (app/features/permissions/site.ts).
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { col, createdAt, id, timestamp } from "./columns";

/** A teen's request that an adult be their guardian: a mailed, single-use token (only its hash is kept). */
export const guardianInvites = sqliteTable(
  "guardian_invites",
  {
    id: id(),
    teenId: text("teen_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Stored trimmed and lower-cased; the confirming account's e-mail must be this one.
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    // Set once, by the confirm that made the link (or a refusal that spent it): a replay is refused.
    usedAt: timestamp("used_at"),
  },
  (t) => [
    uniqueIndex("guardian_invites_token_hash_unique").on(t.tokenHash),
    index("guardian_invites_teen_idx").on(t.teenId, t.createdAt),
    check(
      "guardian_invites_email_normalized",
      sql`${col(t.email)} = lower(trim(${col(t.email)})) and length(${col(t.email)}) between 3 and 255`,
    ),
  ],
);

/** A confirmed guardian of a teen. Unlinking keeps the row (unlinked_at) so its invite cannot make it again. */
export const guardianLinks = sqliteTable(
  "guardian_links",
  {
    id: id(),
    teenId: text("teen_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    guardianId: text("guardian_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // One link per invite, ever: two confirms at once make one link; a confirm after an unlink none.
    inviteId: text("invite_id")
      .notNull()
      .references(() => guardianInvites.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    unlinkedAt: timestamp("unlinked_at"),
  },
  (t) => [
    uniqueIndex("guardian_links_invite_unique").on(t.inviteId),
    uniqueIndex("guardian_links_one_live_per_pair")
      .on(t.teenId, t.guardianId)
      .where(sql`${col(t.unlinkedAt)} is null`),
    index("guardian_links_guardian_idx").on(t.guardianId, t.unlinkedAt),
    check("guardian_links_not_self", sql`${col(t.teenId)} <> ${col(t.guardianId)}`),
  ],
);
