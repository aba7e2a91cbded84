/**
 * The SportSwap peer for bench/lighthouse.ts (ADR 075): a production build of s1dolab/SportSwap
 * (a React 19 + React Router 7 SPA on Supabase), served from `dist/` on loopback with no backend — its
 * Supabase URL points at a closed local port, so it renders its pages without listings, as it was
 * first measured. The source comes from a local copy of the repository (the `fetch` tool's mirror, a git
 * directory, or a checkout); it is built once into .cache/sportswap and reused.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const DEFAULT_SOURCE = "/work/.mirror/s1dolab+SportSwap/repo";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".json": "application/json",
};

/** Build (once) and serve the peer; its pages beside ours: home, a sport's browse, a listing, sign-in. */
export async function startPeer(source = DEFAULT_SOURCE) {
  const dir = resolve(".cache", "sportswap");
  const dist = join(dir, "dist");
  if (!existsSync(join(dist, "index.html"))) {
    if (!existsSync(source))
      throw new Error(`No SportSwap source at ${source}: fetch github:s1dolab/SportSwap first, or pass --peer <dir>`);
    mkdirSync(dir, { recursive: true });
    // A git directory (the mirror has no work tree): export HEAD. A checkout: copy it.
    if (existsSync(join(source, "HEAD")) && !existsSync(join(source, "package.json"))) {
      execFileSync("sh", ["-c", `git --git-dir='${source}' archive HEAD | tar -x -C '${dir}'`], { stdio: "inherit" });
    } else {
      execFileSync("cp", ["-r", `${source}/.`, dir], { stdio: "inherit" });
    }
    // No backend: a Supabase URL nobody answers, so its client is created and its queries fail fast.
    writeFileSync(join(dir, ".env.production.local"), "VITE_SUPABASE_URL=http://127.0.0.1:9\nVITE_SUPABASE_ANON_KEY=none\n");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
    execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: dir, stdio: "inherit" });
  }
  // A static host as the SPA would have one: its fallback to index.html, gzip as our Worker's
  // responses have it (Lighthouse's simulated network counts the bytes transferred).
  const gzipped = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, "index.html");
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    if (/gzip/.test(String(request.headers["accept-encoding"])) && /text|javascript|json|svg/.test(type)) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file)));
      response.writeHead(200, { "content-type": type, "content-encoding": "gzip", "cache-control": "no-cache" });
      response.end(gzipped.get(file));
      return;
    }
    response.writeHead(200, { "content-type": type, "cache-control": "no-cache" });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { url, stop: () => new Promise<void>((done) => server.close(() => done())) };
}
