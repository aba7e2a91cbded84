// Test helper: another process holds a file's write lock for a while, the way the e2e tests'
// own connection does while the local server serves the Worker (or a seed script while a
// test runs). Resolves once the lock is held; `released` settles when the process committed.
import { spawn } from "node:child_process";

export async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const script = `
    const Database = require("libsql");
    const db = new Database(${JSON.stringify(file)});
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("held\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, ${ms});
  `;
  const child = spawn(process.execPath, ["-e", script], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
  const released = new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited with ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("held") && resolve());
    released.catch(reject);
  });
  return { released };
}
