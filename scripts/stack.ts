/**
 * Runs LockerSwap locally the way production runs it: the built Worker under `wrangler dev`
 * (workerd, local R2 and Durable Objects) talking HTTP to a local libSQL server over an embedded
 * database file. Used by `npm start` and by the end-to-end tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { startLocalDbServer, type LocalDbServer } from "../db/local-server/server";

export const LOOPBACK_ENV = {
  // No traffic but loopback: wrangler's metrics and its cf-object fetch are off.
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
};

export function run(command: string, args: string[], opts: { env?: Record<string, string>; quiet?: boolean } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...LOOPBACK_ENV, ...opts.env },
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output}`))));
  });
}

/**
 * Local secrets, generated once and kept in .dev.vars (git-ignored); Vite dev reads the same file.
 * A key added to the app later is appended to an existing file, so old checkouts keep starting.
 */
/** A P-256 key pair as VAPID wants it (RFC 8292 §3.2): base64url public point and private scalar. */
function newVapidKeys() {
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d! };
}

export function ensureDevVars(file = ".dev.vars") {
  const secret = () => randomBytes(32).toString("hex");
  // A VAPID pair for Web Push (ADR 087), made once: both halves come from one key.
  let vapid: { publicKey: string; privateKey: string } | undefined;
  const vapidPair = () => (vapid ??= newVapidKeys());
  const defaults: Record<string, () => string> = {
    APP_ENV: () => "development",
    DATABASE_URL: () => "file:.data/lockerswap.db",
    SESSION_SECRET: secret,
    REALTIME_SECRET: secret,
    PASSWORD_PEPPER: secret,
    TESTING_MODE: () => "on",
    DEV_ROUTES: () => "on",
    // Locally the runtime's request.cf is a fixed placeholder: visitors are taken to be here (ADR 035).
    DEFAULT_VISITOR_ZIP: () => "02139",
    VAPID_PUBLIC_KEY: () => vapidPair().publicKey,
    VAPID_PRIVATE_KEY: () => vapidPair().privateKey,
    VAPID_SUBJECT: () => "mailto:push@lockerswap.test",
  };
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const vars = Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("=") && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  ) as Record<string, string>;
  const missing = Object.keys(defaults).filter((key) => !(key in vars));
  if (missing.length > 0) {
    for (const key of missing) vars[key] = defaults[key]();
    const added = missing.map((key) => `${key}=${vars[key]}`).join("\n");
    writeFileSync(file, `${text}${text && !text.endsWith("\n") ? "\n" : ""}${added}\n`);
  }
  return vars;
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Worker runtime exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`LockerSwap did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * The Worker's variables as a dotenv file only its owner can read (0600). Secrets on the command
 * line would show in `ps` to every local user; a file given with --env-file does not.
 */
export function writeWorkerEnvFile(file: string, vars: Record<string, string>) {
  const line = ([key, value]: [string, string]) => {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(key) || /[\r\n']/.test(value)) throw new Error(`Cannot write ${key} to an env file`);
    // Single quotes: dotenv reads the value literally (no # comments, no $ expansion).
    return `${key}='${value}'`;
  };
  writeFileSync(file, `${Object.entries(vars).map(line).join("\n")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // writeFileSync's mode only applies when it creates the file
  return file;
}

/**
 * `wrangler dev`'s arguments: the variables come from `envFile`, never from the command line. `script` is
 * the Worker bundled once by bundleWorker; `--no-bundle` runs it as it is, so wrangler has no source
 * tree to watch and no file change can restart the Worker under a request (ADR 067).
 */
export function wranglerDevArgs(opts: { port: number; persistTo: string; envFile: string; script: string; config?: string }) {
  return [
    "dev",
    opts.script,
    "--no-bundle",
    "--ip",
    "127.0.0.1",
    "--port",
    String(opts.port),
    "--persist-to",
    opts.persistTo,
    "--show-interactive-dev-session=false",
    ...(opts.config ? ["--config", opts.config] : []),
    "--env-file",
    resolve(opts.envFile),
  ];
}

/** scripts/workerd-host.ts's arguments: the same bundle, config, storage and env file as wranglerDevArgs. */
export function workerdHostArgs(opts: { port: number; persistTo: string; envFile: string; script: string; config: string }) {
  return [
    "--script",
    opts.script,
    "--config",
    opts.config,
    "--port",
    String(opts.port),
    "--persist-to",
    opts.persistTo,
    "--env-file",
    resolve(opts.envFile),
  ];
}

/**
 * The Worker of `config` bundled once, by wrangler itself (`wrangler deploy --dry-run --outdir`: the
 * bundling deploys get), into `dir`, for `wrangler dev --no-bundle` (ADR 067). wrangler dev's own
 * bundle is esbuild in watch mode over our sources, node_modules and every parent folder up to `/`;
 * a change anywhere there restarted the Worker and lost the POST in flight.
 *
 * The entry is a small wrapper around the config's `main` that adds what wrangler dev's bundle added
 * around it and a dry run leaves out: unread request bodies are drained (without it, the request
 * after one the Worker refused unread fails with "Network connection lost"; workers-sdk#5106), and
 * with `testScheduled`, GET /__scheduled runs the cron handler (what `--test-scheduled` did).
 * NODE_ENV is "development", as in wrangler dev's bundle. Returns the bundled entry's path; `dir`
 * holds nothing else wrangler would watch.
 */
export async function bundleWorker(opts: { config: string; dir: string; testScheduled?: boolean }) {
  const config = resolve(opts.config);
  const main = /^main\s*=\s*"([^"]+)"/m.exec(readFileSync(config, "utf8"))?.[1];
  if (!main) throw new Error(`${opts.config} names no main`);
  const entry = JSON.stringify(resolve(dirname(config), main));
  rmSync(opts.dir, { recursive: true, force: true });
  mkdirSync(join(opts.dir, "src"), { recursive: true });
  writeFileSync(
    join(opts.dir, "src", "worker.js"),
    [
      "// Generated by scripts/stack.ts (bundleWorker): the Worker with what wrangler dev's own bundle added (ADR 067).",
      `import worker from ${entry};`,
      `export * from ${entry};`,
      `const testScheduled = ${Boolean(opts.testScheduled)};`,
      "async function drain(request) {",
      "  try {",
      "    if (request.body !== null && !request.bodyUsed) {",
      "      const reader = request.body.getReader();",
      "      while (!(await reader.read()).done) {}",
      "    }",
      "  } catch (error) {",
      '    console.error("Failed to drain the unused request body.", error);',
      "  }",
      "}",
      "export default {",
      "  ...worker,",
      "  async fetch(request, env, ctx) {",
      "    try {",
      "      const url = new URL(request.url);",
      '      if (testScheduled && url.pathname === "/__scheduled") {',
      '        const cron = url.searchParams.get("cron") ?? "";',
      "        await worker.scheduled({ cron, scheduledTime: Date.now(), noRetry() {} }, env, ctx);",
      '        return new Response("Ran scheduled event");',
      "      }",
      "      return await worker.fetch(request, env, ctx);",
      "    } finally {",
      "      await drain(request);",
      "    }",
      "  },",
      "};",
      "",
    ].join("\n"),
  );
  const out = join(opts.dir, "out");
  await run(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "deploy",
      "--dry-run",
      join(opts.dir, "src", "worker.js"),
      "--config",
      config,
      "--outdir",
      out,
    ],
    {
      env: { NODE_ENV: process.env.NODE_ENV ?? "development" },
      quiet: true,
    },
  );
  return join(out, "worker.js");
}

/** Bundles buildSnapshot began, by config path: startStack takes one up instead of bundling again. */
const snapshotBundles = new Map<string, Promise<string>>();

export async function startStack(opts: {
  dbFile: string;
  port: number;
  vars: Record<string, string>;
  persistTo: string;
  quiet?: boolean;
  /** A wrangler config other than ./wrangler.toml (the e2e stack's build snapshot). */
  config?: string;
  testScheduled?: boolean;
  /** wrangler's log level for this stack (default LOOPBACK_ENV's, "warn"): "log" keeps the Worker's console.log lines. */
  logLevel?: "log" | "info" | "warn" | "error";
  /**
   * What serves the bundle: "workerd" (default) is the runtime through Miniflare's API with nothing in
   * front of it (scripts/workerd-host.ts, ADR 072) — the tests and benches; "wrangler" is `wrangler dev`
   * (its proxy, DevTools and request log) — `npm start`, for people.
   */
  runtime?: "workerd" | "wrangler";
  /**
   * The libSQL server in a process of its own, as Turso is to a Worker, instead of in this one.
   * Benches that also hold hundreds of sockets use it: otherwise the database's answers wait
   * behind the bench's own event loop and the figures measure the bench, not the app.
   */
  dbInOwnProcess?: boolean;
}) {
  const openDatabase = (port: number) =>
    opts.dbInOwnProcess ? startDbProcess(opts.dbFile, port) : startLocalDbServer({ file: opts.dbFile, port });
  let database = await openDatabase(0);
  mkdirSync(opts.persistTo, { recursive: true });
  const config = resolve(opts.config ?? "wrangler.toml");
  // The snapshot's own bundle when it has one (its /__scheduled is off); otherwise one of this stack's,
  // beside the state folder and not in it: wrangler watches the bundle's folder, and workerd writes the state.
  const snapshotBundle = opts.testScheduled ? undefined : snapshotBundles.get(config);
  const bundleDir = snapshotBundle ? null : join(dirname(resolve(opts.persistTo)), `worker-${opts.port}`);
  let script: string;
  try {
    script = await (snapshotBundle ?? bundleWorker({ config, dir: bundleDir!, testScheduled: opts.testScheduled }));
  } catch (error) {
    await database.close();
    throw error;
  }
  const envFile = writeWorkerEnvFile(join(opts.persistTo, `worker-${opts.port}.env`), { ...opts.vars, DATABASE_URL: database.url });
  // The config always named: wrangler would otherwise look for one from the bundle's folder up.
  const runtime = opts.runtime ?? "workerd";
  const args =
    runtime === "wrangler"
      ? [
          "node_modules/wrangler/bin/wrangler.js",
          ...wranglerDevArgs({ port: opts.port, persistTo: opts.persistTo, envFile, script, config }),
        ]
      : [
          "--import",
          "tsx",
          "scripts/workerd-host.ts",
          ...workerdHostArgs({ port: opts.port, persistTo: opts.persistTo, envFile, script, config }),
        ];
  // Not npx: a direct child, so stopping it (or the whole process group) stops it and workerd.
  const wrangler = spawn(process.execPath, args, {
    stdio: ["ignore", opts.quiet ? "pipe" : "inherit", opts.quiet ? "pipe" : "inherit"],
    env: { ...process.env, ...LOOPBACK_ENV, ...(opts.logLevel ? { WRANGLER_LOG: opts.logLevel } : {}) },
  });
  const forgetWrangler = stopsWithThisProcess(wrangler);
  let log = "";
  wrangler.stdout?.on("data", (d) => (log += d));
  wrangler.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${opts.port}`;
  let stopping = false;
  // A stack that dies under a test run must say so (and why), not leave only "connection refused".
  wrangler.once("exit", (code, signal) => {
    if (!stopping) console.error(`${runtime} exited unexpectedly (code ${code}, signal ${signal})\n${log.slice(-4000)}`);
  });
  const stop = async () => {
    stopping = true;
    forgetWrangler();
    if (wrangler.exitCode === null) {
      wrangler.kill("SIGTERM");
      await new Promise((r) => wrangler.once("exit", r));
    }
    rmSync(envFile, { force: true });
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    await database.close();
  };
  try {
    await waitForHealthy(url, wrangler);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  let databaseUp = true;
  return {
    url,
    databaseUrl: database.url,
    stop,
    log: () => log,
    /** Stops the libSQL server (a database outage: the Worker's requests to it are refused; ADR 047). */
    async stopDatabase() {
      databaseUp = false;
      await database.close();
    },
    /** Starts it again on the same port over the same file; the Worker is not restarted. */
    async startDatabase() {
      if (databaseUp) return;
      database = await openDatabase(database.port);
      databaseUp = true;
    },
  };
}

/**
 * A bench or script that crashes (or returns) before stopping its stack must not leave wrangler,
 * workerd or the libSQL server running: `child` gets SIGTERM when this process exits ('exit' also
 * fires on an uncaught exception; SIGKILL of this process is not covered — the libSQL server also
 * stops when its stdin pipe from us closes). Returns the undo, for a normal stop.
 */
function stopsWithThisProcess(child: ChildProcess) {
  const kill = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.once("exit", kill);
  return () => void process.off("exit", kill);
}

/** db/local-server/main.ts as a child process; resolves once it prints the address it listens on. */
async function startDbProcess(file: string, port: number): Promise<LocalDbServer> {
  // Its stdin is a pipe from us: if we are killed outright (SIGKILL runs no 'exit' handler), the
  // system closes the pipe and the server stops itself (`--stop-with-stdin`).
  const args = ["--import", "tsx", "db/local-server/main.ts", "--file", file, "--port", String(port), "--stop-with-stdin"];
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  const forgetChild = stopsWithThisProcess(child);
  let output = "";
  const url = await new Promise<string>((ok, fail) => {
    child.stdout!.on("data", (d) => {
      output += d;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) ok(found[1]!);
    });
    child.stderr!.on("data", (d) => (output += d));
    child.once("exit", (code) => fail(new Error(`the libSQL server exited with ${code}\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    async close() {
      forgetChild();
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/**
 * Builds the app into a private snapshot folder (inside the project, so its bundle resolves our
 * node_modules) with a Worker entry and a copy of wrangler.toml whose relative paths point into
 * it (ADR 008). Returns the snapshot's wrangler config path for startStack({ config }).
 */
export async function buildSnapshot(dir: string, by: string) {
  const root = relative(dir, process.cwd()) || ".";
  // `npm test` has just built build/ and nothing rebuilds it during the run: it hands that build over
  // (SNAPSHOT_FROM_BUILD) instead of paying for a second identical vite build.
  const from = process.env.SNAPSHOT_FROM_BUILD;
  if (from && existsSync(join(from, "server", "index.js"))) cpSync(from, join(dir, "build"), { recursive: true });
  else await run("npx", ["remix", "vite:build"], { env: { BUILD_DIR: join(dir, "build") }, quiet: true });
  writeFileSync(
    join(dir, "server.ts"),
    [
      `// Generated by ${by}: the Worker entry over this snapshot's build.`,
      "// @ts-nocheck",
      `import * as build from "./build/server/index.js";`,
      `import { createWorker } from "${root}/worker";`,
      `export { LobbyRoom, ClubRoom, UserRoom } from "${root}/party";`,
      "export default createWorker(build);",
      "",
    ].join("\n"),
  );
  // A plain copy. The Worker is bundled from it once, now, while the caller migrates and seeds; startStack
  // runs that bundle unwatched (ADR 067).
  const config = join(dir, "wrangler.toml");
  copyFileSync("wrangler.toml", config);
  const bundle = bundleWorker({ config, dir: join(dir, "worker") });
  bundle.catch(() => {}); // startStack awaits it and reports a failure
  snapshotBundles.set(resolve(config), bundle);
  return config;
}
