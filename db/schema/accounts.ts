// Users, sessions and everything that hangs off an account (spec 01 §3, §7 "Auth").
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { col, createdAt, id, isOneOf, isZip, timestamp, updatedAt } from "./columns";
import { SITE_ROLES } from "./enums";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored trimmed and lower-cased (the CHECK enforces it), so the plain unique index makes
    // e-mail unique case-insensitively and `eq(users.email, input.trim().toLowerCase())` uses it.
    email: text("email").notNull(),
    // Null for accounts created through Google only.
    passwordHash: text("password_hash"),
    passwordAlgo: text("password_algo"), // e.g. 'pbkdf2-sha256'
    passwordParams: text("password_params"), // JSON, e.g. {"iterations":600000,"salt":"…"}
    emailVerifiedAt: timestamp("email_verified_at"),
    googleSub: text("google_sub"),
    // A site admin lifted the new-account limits by hand (ADR 095): the third way to earn them, beside
    // a completed deal and a week's club membership — never account age alone.
    vouchedAt: timestamp("vouched_at"),
    // Birth year and month, asked at sign-up (ADR 092): null for accounts made before it (adults).
    // Never shown to anyone but the person and their guardian; minor status is computed from them.
    // Their range CHECKs are column constraints added by hand in the migration (ADD COLUMN … CHECK):
    // declared here as table CHECKs, drizzle-kit would rebuild `users` and every table pointing at it.
    birthYear: integer("birth_year"),
    birthMonth: integer("birth_month"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_email_nocase_idx").on(sql`${t.email} COLLATE NOCASE`),
    index("users_created_at_idx").on(sql`${t.createdAt} DESC`),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    check("users_email_normalized", sql`${col(t.email)} = lower(trim(${col(t.email)})) and length(${col(t.email)}) between 3 and 255`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    // Only a hash of the cookie token is stored; a leaked table does not leak sessions.
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at")
      .notNull()
      .$defaultFn(() => new Date()),
    expiresAt: timestamp("expires_at").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [uniqueIndex("sessions_token_hash_unique").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);

export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_token_hash_unique").on(t.tokenHash),
    index("email_verification_tokens_user_id_idx").on(t.userId),
  ],
);

/** A row with role 'admin' makes the user a site admin (spec 01 §6, spec 02 §6). */
export const userRoles = sqliteTable(
  "user_roles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: SITE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_id_role_unique").on(t.userId, t.role), check("user_roles_role", isOneOf(t.role, SITE_ROLES))],
);

/** Public-facing profile, one per user (spec 01 §3 profiles, spec 02 §3 Profile). */
export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    displayName: text("display_name"),
    // Contact address shown to club admins and site admins (spec 02 §7 profiles); the login
    // address is users.email. Sign-up copies it; keeping them in step is the domain's job.
    email: text("email"),
    phoneNumber: text("phone_number"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin user search (ADR 043): prefix matches on these, index-driven at 100,000 users;
    // user_id rides along so a match never reads the table (covering).
    index("profiles_first_name_nocase_idx").on(sql`${t.firstName} COLLATE NOCASE`, t.userId),
    index("profiles_last_name_nocase_idx").on(sql`${t.lastName} COLLATE NOCASE`, t.userId),
    index("profiles_display_name_nocase_idx").on(sql`${t.displayName} COLLATE NOCASE`, t.userId),
    index("profiles_city_nocase_idx").on(sql`${t.city} COLLATE NOCASE`, t.userId),
    index("profiles_state_idx").on(t.state, t.userId),
    check("profiles_zip_code", isZip(t.zipCode)),
    check("profiles_first_name_length", sql`length(${col(t.firstName)}) <= 100`),
    check("profiles_last_name_length", sql`length(${col(t.lastName)}) <= 100`),
    check("profiles_city_length", sql`length(${col(t.city)}) <= 100`),
  ],
);

/** Fixed-window counters for rate limiting (key = e.g. 'sign-in:ip:1.2.3.4'). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start").notNull(),
});

/** Outgoing e-mail written by the local mail adapter, read by tests and the dev outbox page. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    // JSON object of extra headers the provider would get (List-Unsubscribe …), for tests and /dev/outbox.
    headers: text("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_created_at_idx").on(t.to, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type EmailVerificationToken = typeof emailVerificationTokens.$inferSelect;
export type NewEmailVerificationToken = typeof emailVerificationTokens.$inferInsert;
export type UserRole = typeof userRoles.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;
export type MailOutboxMessage = typeof mailOutbox.$inferSelect;
export type NewMailOutboxMessage = typeof mailOutbox.$inferInsert;
