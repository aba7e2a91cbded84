// knip: unused files, exports and dependencies (`npm run knip`, a step of `npm test`). An export that
// only a test uses counts as used: the test and spec files are entry points like the routes (the Vitest
// and Playwright plugins add them); their helpers (tests/setup, factories …) are project code.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // The Remix, Vite, Vitest, Playwright and Wrangler plugins add their own entries (app/root.tsx, server.ts …).
  entry: [
    "app/entry.{client,server}.tsx",
    "app/routes/**/*.{ts,tsx}",
    "worker.ts",
    "load-context.ts",
    "party/*.ts",
    // What is run, and nothing else: the rest of scripts/, bench/ and db/ is project code, reported when
    // nothing imports it. package.json's scripts (knip finds db:seed's db/seed/index.ts and Playwright's
    // webServer, scripts/e2e-server.ts, itself):
    "scripts/{dev,start,test,migrate,photos-cleanup}.ts",
    "bench/{first-load-js,lighthouse}.ts",
    // Started by other code: the stack's processes (scripts/stack.ts), the floor room's Worker
    // (bench/floor-room/wrangler.toml, served by bench/realtime-fanout.ts).
    "scripts/workerd-host.ts",
    "db/local-server/main.ts",
    "bench/floor-room/worker.ts",
    // Run by hand as README.md (and ADR 067 for the stack probe) says, `node --import tsx <file>`.
    "bench/{hydration-profile,interactions,seed-bench,search-latency,http-load,signup-timing,admin-search,matching}.ts",
    "bench/{round-trips,realtime-fanout,rows-read}.ts",
    "scripts/stack-probe.ts",
    "db/geodata/load-zips.ts",
    "app/shared/catalog/generate-hero-svgs.ts",
    "*.config.ts",
  ],
  project: ["**/*.{ts,tsx,js,mjs,cjs,css}"],
  vitest: { config: ["vitest.config.ts"], entry: ["**/*.test.{ts,tsx}"] },
  playwright: { config: ["playwright.config.ts"], entry: ["tests/**/*.spec.ts"] },
  // An export its own module also uses is live code; what is reported is code nothing runs.
  ignoreExportsUsedInFile: true,
};

export default config;
