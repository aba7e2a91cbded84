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
    // nothing imports it. package.json's scripts (`node --import tsx scripts/test.ts` …) and Playwright's
    // webServer knip finds itself. Started by other code: the stack's processes (scripts/stack.ts), the
    // floor room's Worker (bench/floor-room/wrangler.toml, served by bench/realtime-fanout.ts), the swap
    // bench's Worker (bench/swap-solve-workerd.ts writes its config).
    "scripts/workerd-host.ts",
    "db/local-server/main.ts",
    "bench/floor-room/worker.ts",
    "bench/swap-solve-worker.ts",
    // Run by hand, `node --import tsx <file>`, as README.md says (ADR 067 for the stack probe, ADR 080
    // for the swap bench).
    "bench/{hydration-profile,interactions,seed-bench,search-latency,http-load,signup-timing,admin-search,matching}.ts",
    "bench/{round-trips,realtime-fanout,rows-read,swap-solve,main-thread-ab,price-guidance}.ts",
    // The photo benches (ADR 094); photo-hash-worker.ts is the Worker photo-hash-workerd.ts bundles.
    "bench/{photo-hash-recall,photo-hash-workerd,photo-hash-worker,photo-match}.ts",
    "scripts/stack-probe.ts",
    "db/geodata/load-zips.ts",
    // The framework floor's own Remix app (bench/floor-app, ADR 082): its entries and route, built by its own Vite config.
    "bench/floor-app/app/**/*.tsx",
    "bench/floor-app/vite.config.ts",
    "app/shared/catalog/generate-hero-svgs.ts",
    // The service worker (ADR 087): served as a static file and registered by the root's inline script.
    "public/sw.js",
    "*.config.ts",
  ],
  project: ["**/*.{ts,tsx,js,mjs,cjs,css}"],
  vitest: { config: ["vitest.config.ts"], entry: ["**/*.test.{ts,tsx}"] },
  playwright: { config: ["playwright.config.ts"], entry: ["tests/**/*.spec.ts"] },
  // An export its own module also uses is live code; what is reported is code nothing runs.
  ignoreExportsUsedInFile: true,
};

export default config;
