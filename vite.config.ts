import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
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
  build: { minify: true },
}));
