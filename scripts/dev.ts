/**
 * `npm run dev`: Vite HMR on the same embedded defaults as `npm start` (the libSQL file, local R2
 * under .wrangler/state, local rooms). The rooms run in a second wrangler dev (party/worker.ts).
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { ensureDevVars, LOOPBACK_ENV, run } from "./stack";

mkdirSync(".data", { recursive: true });
ensureDevVars();
const env = { DATABASE_URL: "file:.data/lockerswap.db" };
await run("node", ["--import", "tsx", "scripts/migrate.ts"], { env });
await run("node", ["--import", "tsx", "db/seed/index.ts", "--if-empty"], { env });

const children = [
  spawn(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "dev",
      "--config",
      "wrangler.party.toml",
      "--ip",
      "127.0.0.1",
      "--port",
      "1999",
      "--persist-to",
      ".wrangler/state",
      "--show-interactive-dev-session=false",
    ],
    {
      stdio: "inherit",
      env: { ...process.env, ...LOOPBACK_ENV },
    },
  ),
  spawn("npx", ["remix", "vite:dev", "--host", "127.0.0.1", ...(process.env.PORT ? ["--port", process.env.PORT] : [])], {
    stdio: "inherit",
    env: { ...process.env, ...LOOPBACK_ENV },
  }),
];
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(0);
  });
}
for (const child of children) child.on("exit", (code) => code && process.exit(code));
