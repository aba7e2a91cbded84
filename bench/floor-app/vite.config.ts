// The framework floor's build (bench/floor-app/floor-app.ts): the repository's own @remix-run/dev and
// Vite, with the app's Remix future flags, nothing else — no Tailwind, no manual chunks, no aliases.
// Not part of the app's build (vite.config.ts at the root builds app/ only).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: process.env.FLOOR_BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // The caller's build directory is outside this root: empty it as a build inside would be.
  build: { emptyOutDir: true },
  resolve: { mainFields: ["browser", "module", "main"] },
  // React DOM's server is bundled with the Worker conditions, as the app's Worker gets it (Node's own build
  // of react-dom/server has no Web-streams render).
  ssr: { noExternal: ["react-dom"], resolve: { conditions: ["workerd", "worker", "browser"] } },
});
