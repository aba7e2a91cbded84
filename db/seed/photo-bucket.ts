// The PHOTOS R2 bucket from Node, stored where `wrangler dev --persist-to <dir>` keeps it, so
// objects the seed writes are the ones the local Worker reads. wrangler's getPlatformProxy runs
// the binding in miniflare; persisting to `<dir>/v3` is the layout `wrangler dev` uses.
//
// A temporary config with only the R2 binding is used: the real wrangler.toml also declares the
// Durable Objects of this Worker, which getPlatformProxy cannot run and warns about at length.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getPlatformProxy } from "wrangler";

export const DEFAULT_PERSIST_TO = ".wrangler/state";

export type LocalBucket = {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ size: number; httpMetadata?: { contentType?: string }; arrayBuffer(): Promise<ArrayBuffer> } | null>;
  list(options?: { cursor?: string; limit?: number }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
  delete(keys: string | string[]): Promise<void>;
};

/** binding and bucket_name of the PHOTOS bucket in wrangler.toml (bucket_name decides the storage folder). */
export function photosBucketName(configPath = "wrangler.toml"): string {
  const toml = readFileSync(configPath, "utf8");
  const block = toml
    .split(/\[\[r2_buckets\]\]/)
    .slice(1)
    .find((part) => /binding\s*=\s*"PHOTOS"/.test(part));
  const name = block?.match(/bucket_name\s*=\s*"([^"]+)"/)?.[1];
  if (!name) throw new Error(`${configPath} has no [[r2_buckets]] binding "PHOTOS"`);
  return name;
}

export async function openPhotoBucket(persistTo = process.env.SEED_PERSIST_TO || DEFAULT_PERSIST_TO) {
  const dir = mkdtempSync(join(tmpdir(), "lockerswap-seed-r2-"));
  const configPath = join(dir, "wrangler.toml");
  writeFileSync(
    configPath,
    [
      'name = "lockerswap-seed"',
      'compatibility_date = "2025-09-01"',
      "[[r2_buckets]]",
      'binding = "PHOTOS"',
      `bucket_name = "${photosBucketName()}"`,
      "",
    ].join("\n"),
  );
  const proxy = await getPlatformProxy<{ PHOTOS: LocalBucket }>({ configPath, persist: { path: join(resolve(persistTo), "v3") } });
  return {
    bucket: proxy.env.PHOTOS,
    persistTo: resolve(persistTo),
    async dispose() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Deletes every object in the bucket (local development only: used by --reset). */
export async function emptyBucket(bucket: LocalBucket): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await bucket.list({ limit: 1000 });
    if (page.objects.length === 0) return deleted;
    await bucket.delete(page.objects.map((o) => o.key));
    deleted += page.objects.length;
  }
}
