/**
 * `npm run db:seed` (and `npm start` with --if-empty): demo data for local use only.
 * Minimal until the demo-community seed lands: the four demo accounts' users and profiles.
 */
import { sql } from "drizzle-orm";
import { createDb } from "../client";
import { profiles, users } from "../schema";
import { DEMO_ACCOUNTS } from "./demo-accounts";

const url = process.env.DATABASE_URL ?? "file:.data/lockerswap.db";
const db = createDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN });

const [{ count }] = await db.all<{ count: number }>(sql`select count(*) as count from users`);
if (process.argv.includes("--if-empty") && Number(count) > 0) {
  console.log(`  database already has ${count} users; not seeding`);
  process.exit(0);
}

for (const account of DEMO_ACCOUNTS) {
  const [user] = await db
    .insert(users)
    .values({ email: account.email, emailVerifiedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!user) continue;
  await db.insert(profiles).values({ userId: user.id, firstName: account.firstName, lastName: account.lastName, email: account.email });
}
console.log(`  seeded ${DEMO_ACCOUNTS.length} demo accounts`);
