import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // Vite dev only: bindings come from wrangler's platform proxy, the Durable Objects from the
    // separate party worker that scripts/dev.mjs starts (wrangler.dev.toml).
    command === "serve" &&
      cloudflareDevProxyVitePlugin({ getLoadContext, configPath: "wrangler.dev.toml", persist: { path: ".wrangler/state/v3" } }),
    remix({
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  // In Vite dev the app runs in Node, where the database is the embedded file itself.
  resolve: command === "serve" ? { alias: { "@libsql/client": "@libsql/client/node" } } : { mainFields: ["browser", "module", "main"] },
  ssr: command === "serve" ? undefined : { resolve: { conditions: ["workerd", "worker", "browser"] } },
  // Vite dev: room WebSockets go to the party Worker that scripts/dev.ts runs on port 1999.
  server: { proxy: { "/parties": { target: "http://127.0.0.1:1999", ws: true } } },
  build: {
    // `VITE_MINIFY=off`: a production build with readable names, for bench/hydration-profile.ts.
    minify: process.env.VITE_MINIFY !== "off",
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: everyPageChunk } },
  },
}));

/**
 * What every page loads anyway (entry.client, the root route and everything they import statically:
 * React, Remix, the header, the toaster…) goes into one chunk instead of a dozen small ones that
 * Rollup would otherwise split off because some route or lazy part shares them. Each file is gzipped
 * on its own, so every extra file costs its own dictionary and header (ADR 033).
 */
const everyPageModules = new Set<string>();
// Helpers of a few hundred bytes that most pages import (format, the UI kit, condition labels):
// cheaper inside the shared chunk than as files of their own. Measured: the club page 96.00 → 95.56,
// the other visitor pages within ±0.1 KB. The Card (ui/card) too: as a file of its own it cost 266 B
// on every page with a card (/sport/soccer 96.00 → 96.24); here the visitor pages stay where they were.
const TINY_SHARED =
  /[\\/]app[\\/](hooks[\\/]use-hydrated|web[\\/]meta|shared[\\/]format|shared[\\/]catalog[\\/]conditions|components[\\/]ui[\\/](cx|button|card|input|select|label|status-button))\.tsx?$/;
function everyPageChunk(id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta) {
  if (everyPageModules.size === 0) {
    const entries = [...getModuleIds()].filter((moduleId) =>
      /[\\/]app[\\/](root\.tsx\?__remix-build-client-route|entry\.client\.tsx)$/.test(moduleId),
    );
    const visit = (moduleId: string) => {
      if (everyPageModules.has(moduleId)) return;
      everyPageModules.add(moduleId);
      for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
    };
    entries.forEach(visit);
  }
  if (everyPageModules.has(id) || TINY_SHARED.test(id)) return "every-page";
  // The form kit's field parts and conform's prop helpers in one file, as they were while every page that used
  // one used both: a page that imports only ErrorList split them in two, +84 B on /auth (ADR 033).
  if (FIELD_AND_HELPERS.test(id)) return "field";
  return undefined;
}
const FIELD_AND_HELPERS = /([\\/]app[\\/]components[\\/]ui[\\/]field\.tsx|[\\/]@conform-to[\\/]react[\\/]dist[\\/]helpers\.mjs)$/;
