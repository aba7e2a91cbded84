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
    testTimeout: 20000,
  },
});
