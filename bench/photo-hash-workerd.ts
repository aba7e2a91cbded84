/**
 * CPU per photo hash in workerd (ADR 094): a 12-megapixel JPEG (4000 × 3000, quality 90) and a PNG of
 * about 10 MB (the upload limit), each hashed inside workerd by the upload's own code
 * (bench/photo-hash-worker.ts, bundled by wrangler's dry run and served by Miniflare, as ADR 072).
 * The figure is the workerd process's own CPU time (utime + stime from /proc) across the request,
 * so a loaded host does not inflate it; wall time is printed beside it. Median of 3.
 *
 *   node --import tsx bench/photo-hash-workerd.ts
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { encode as encodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";
import { Miniflare } from "miniflare";

const CACHE = ".cache/bench-photos";
const TICK_MS = 10; // USER_HZ = 100 on Linux

/** A photo-like picture: smooth gradients and shapes with sensor-like noise (what keeps a PNG big). */
function picture(width: number, height: number, channels: 3 | 4, noise: number) {
  const data = new Uint8Array(width * height * channels);
  let seed = 42;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      const disc = dx * dx + dy * dy < 0.06 ? 90 : 0;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % (2 * noise + 1)) - noise;
      data[o] = Math.max(0, Math.min(255, 60 + (x * 150) / width + disc + n));
      data[o + 1] = Math.max(0, Math.min(255, 80 + (y * 120) / height + n));
      data[o + 2] = Math.max(0, Math.min(255, 160 - disc + n));
      if (channels === 4) data[o + 3] = 255;
    }
  return data;
}

function photos() {
  mkdirSync(CACHE, { recursive: true });
  const jpegPath = join(CACHE, "12mp.jpg");
  const pngPath = join(CACHE, "10mb.png");
  if (!existsSync(jpegPath)) writeFileSync(jpegPath, encodeJpeg({ width: 4000, height: 3000, data: picture(4000, 3000, 4, 6) }, 90).data);
  if (!existsSync(pngPath)) writeFileSync(pngPath, encodePng({ width: 2400, height: 1800, data: picture(2400, 1800, 3, 24), channels: 3 }));
  return [
    { name: "JPEG 4000×3000 (12 MP), q90", type: "image/jpeg", bytes: readFileSync(jpegPath) },
    { name: "PNG 2400×1800 RGB", type: "image/png", bytes: readFileSync(pngPath) },
  ];
}

/** CPU ms of a process and its threads so far. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function workerdPid(): number {
  const children = (pid: number): number[] => {
    const out: number[] = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (list) out.push(...list.split(" ").map(Number));
    }
    return out;
  };
  const queue = children(process.pid);
  while (queue.length) {
    const pid = queue.shift()!;
    if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd")) return pid;
    queue.push(...children(pid));
  }
  throw new Error("no workerd process found");
}

const dir = mkdtempSync(join(tmpdir(), "photo-hash-workerd-"));
const config = join(dir, "wrangler.toml");
writeFileSync(config, `name = "photo-hash-bench"\nmain = "${resolve("bench/photo-hash-worker.ts")}"\ncompatibility_date = "2025-04-01"\n`);
const out = join(dir, "out");
const built = spawnSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", out, "-c", config], { encoding: "utf8" });
if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
const script = readdirSync(out).find((f) => f.endsWith(".js"))!;
const images = photos();
const mf = new Miniflare({ modulesRoot: out, modules: [{ type: "ESModule", path: join(out, script) }], compatibilityDate: "2025-04-01" });
try {
  await (await mf.dispatchFetch("http://bench/?type=image/png", { method: "POST", body: new Uint8Array(0) })).text();
  const pid = workerdPid();
  console.log(`photo-hash-workerd ${new Date().toISOString()} · ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  console.log("| photo | bytes | CPU ms in workerd (median of 3) | wall ms | hash |");
  console.log("|---|---|---|---|---|");
  for (const image of images) {
    const cpu: number[] = [];
    const wall: number[] = [];
    let hash = "";
    for (let run = 0; run < 3; run++) {
      const before = cpuMs(pid);
      const started = performance.now();
      hash = (
        (await (await mf.dispatchFetch(`http://bench/?type=${image.type}`, { method: "POST", body: image.bytes })).json()) as {
          hash: string;
        }
      ).hash;
      wall.push(performance.now() - started);
      cpu.push(cpuMs(pid) - before);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    console.log(
      `| ${image.name} | ${(image.bytes.length / 1048576).toFixed(1)} MB | ${median(cpu)} | ${median(wall).toFixed(0)} | ${hash} |`,
    );
  }
} finally {
  await mf.dispose();
}
