/**
 * The framework floor (ADR 082): a minimal Remix 2.17 + React 18.3 app of one route
 * that server-renders and hydrates a tree of `?n=` elements — what any page of that size costs on
 * this framework before a line of the app's own code. Built with the repository's installed
 * @remix-run/dev and Vite (bench/floor-app/vite.config.ts) into a directory of the caller's, served
 * on loopback by Node through Remix's own request handler, its assets gzipped as the Worker's are.
 * Used by bench/lighthouse.ts and tests/e2e/main-thread.spec.ts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";

const HERE = dirname(fileURLToPath(import.meta.url));

/** Builds the floor app into `dir` (client/ and server/), about 5 s. */
export function buildFloorApp(dir: string) {
  execFileSync(join(HERE, "..", "..", "node_modules", ".bin", "remix"), ["vite:build", HERE], {
    env: { ...process.env, FLOOR_BUILD_DIR: resolve(dir) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };

function toRequest(request: IncomingMessage, origin: string) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(key, value);
  return new Request(new URL(request.url ?? "/", origin), { method: request.method, headers });
}

/** Serves a build of buildFloorApp; `url` is the floor's page (append `?n=<elements>`). */
export async function startFloorApp(dir: string) {
  const build = (await import(pathToFileURL(join(resolve(dir), "server", "index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const client = join(resolve(dir), "client");
  const gzipped = new Map<string, Buffer>();
  let origin = "";
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    const file = join(client, path);
    if (path.startsWith("/assets/") && file.startsWith(client) && existsSync(file)) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file)));
      response.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "content-encoding": "gzip",
        "cache-control": "public, max-age=31536000, immutable",
      });
      response.end(gzipped.get(file));
      return;
    }
    // The one route, and Remix's own manifest endpoint; anything else (robots.txt, a favicon) is no
    // page of the floor's and would only fill the log with Remix's 404s.
    if (path !== "/" && path !== "/__manifest") {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("Not found");
      return;
    }
    void handle(toRequest(request, origin)).then(
      async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, key) => (headers[key] = value));
        // The document gzipped as the Worker's responses are (Lighthouse counts transferred bytes).
        const body = Buffer.from(await answer.arrayBuffer());
        const gzip = /gzip/.test(String(request.headers["accept-encoding"]));
        response.writeHead(answer.status, gzip ? { ...headers, "content-encoding": "gzip" } : headers);
        response.end(gzip ? gzipSync(body) : body);
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { url: origin, stop: () => new Promise<void>((done) => server.close(() => done())) };
}

// `node --import tsx bench/floor-app/floor-app.ts <dir>`: build and serve by hand.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? resolve(".cache", "floor-app");
  buildFloorApp(dir);
  const floor = await startFloorApp(dir);
  console.log(`framework floor at ${floor.url}/?n=745`);
}
