import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests run in Node against real libSQL files (see tests/setup/test-db.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "party/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    // One migrated database per run, copied for each test's own (tests/setup/test-db-template.ts).
    globalSetup: ["tests/setup/test-db-template.ts"],
    pool: "forks",
    // One module graph per worker, not one per file (ADR 085): on two cores Vitest runs one fork, and
    // re-importing drizzle, libSQL and the app for each of ~90 files was half of its CPU. No test file
    // mocks a module, stubs a global or fakes timers; each still owns its database (createTestDb).
    isolate: false,
    testTimeout: 20000,
  },
});
