// knip: unused files, exports and dependencies (`npm run knip`, a step of `npm test`). An export that
// only a test uses counts as used: tests are entry points like the routes.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // The Remix, Vite, Vitest, Playwright and Wrangler plugins add their own entries (app/root.tsx, server.ts …).
  entry: [
    "app/entry.{client,server}.tsx",
    "app/routes/**/*.{ts,tsx}",
    "worker.ts",
    "load-context.ts",
    "party/*.ts",
    "scripts/**/*.ts",
    "bench/**/*.ts",
    // The framework floor's own Remix app (bench/floor-app, ADR 082): its entries and route, built by its own Vite config.
    "bench/floor-app/app/**/*.tsx",
    "db/migrate.ts",
    "db/seed/**/*.ts",
    "db/local-server/**/*.ts",
    "tests/**/*.{ts,tsx}",
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
