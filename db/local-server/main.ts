// CLI: node --import tsx db/local-server/main.ts --file .data/lockerswap.db --port 8080 [--host 127.0.0.1] [--stop-with-stdin]
import { parseArgs } from "node:util";
import { startLocalDbServer } from "./server";

const { values } = parseArgs({
  options: {
    file: { type: "string", default: ".data/lockerswap.db" },
    port: { type: "string", default: "8080" },
    host: { type: "string", default: "127.0.0.1" },
    // Stop when stdin closes: the process that started us holds its other end, and the system closes
    // it when that process ends — even by SIGKILL, which runs none of its exit handlers.
    "stop-with-stdin": { type: "boolean", default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${JSON.stringify(values.port)}`);
  process.exit(1);
}

const server = await startLocalDbServer({ file: values.file!, port, host: values.host });
console.log(`libsql local server listening on ${server.url}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Rolls back open transactions and closes the SQLite connections so the WAL is checkpointed.
  await server.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
if (values["stop-with-stdin"]) process.stdin.on("end", stop).on("close", stop).resume();
