import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` diffs db/schema against the snapshots in db/migrations and writes
// the next SQL migration there. Migrations are applied by `npm run db:migrate` (scripts/migrate.ts),
// never at Worker start-up.
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "file:.data/lockerswap.db",
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
  strict: true,
  verbose: true,
});
