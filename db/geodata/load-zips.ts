// Fills the zip_codes table from the `zipcodes` npm package (BSD; coordinates from GeoNames,
// CC BY 4.0). The data goes into the database, never into the Worker bundle, which is why the
// package is a devDependency and only this loader imports it.
//
//   node --import tsx db/geodata/load-zips.ts      (DATABASE_URL, default file:.data/lockerswap.db)
//
// Plain multi-row upserts through drizzle, so the same code fills a local file and Turso.
import { pathToFileURL } from "node:url";
import { count, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { codes } from "zipcodes";
import { createDb, type Db } from "#db/client";
import { zipCodes, type NewZipCode } from "#db/schema";

const ROWS_PER_INSERT = 500; // 5 columns × 500 rows = 2,500 bound values per statement
const INSERTS_PER_BATCH = 10; // one round trip (and one transaction) per 5,000 rows

/**
 * The US ZIPs of the package that have a place on the map. The package also carries Canadian
 * postal codes (dropped: not 5 digits, not US) and about 300 military APO/FPO ZIPs (states
 * AA, AE, AP) whose coordinates are 0,0 — distances from them would be nonsense, so they are
 * left out and look up as not found.
 */
export function usZipRows(): NewZipCode[] {
  const rows: NewZipCode[] = [];
  for (const code of Object.values(codes)) {
    const { zip, city, state, latitude, longitude, country } = code;
    if (country !== "US" || !/^\d{5}$/.test(zip) || !/^[A-Z]{2}$/.test(state) || !city) continue;
    const lat = Number(latitude);
    const lon = Number(longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) continue;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    rows.push({ zip, city: city.trim(), state, latitude: lat, longitude: lon });
  }
  return rows.sort((a, b) => a.zip.localeCompare(b.zip));
}

/**
 * Upserts every row. Skips the work when the table already holds exactly as many rows as the
 * dataset (pass `force` to rewrite anyway), so running it on every seed costs one COUNT.
 */
export async function loadZipCodes(
  db: Db,
  { rows = usZipRows(), force = false }: { rows?: NewZipCode[]; force?: boolean } = {},
): Promise<{ rows: number; skipped: boolean }> {
  if (!force) {
    const [{ existing }] = await db.select({ existing: count() }).from(zipCodes);
    if (existing === rows.length) return { rows: existing, skipped: true };
  }

  const inserts: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(zipCodes)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoUpdate({
          target: zipCodes.zip,
          set: {
            city: sql`excluded.city`,
            state: sql`excluded.state`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
          },
        }),
    );
  }
  for (let start = 0; start < inserts.length; start += INSERTS_PER_BATCH) {
    const [first, ...rest] = inserts.slice(start, start + INSERTS_PER_BATCH);
    await db.batch([first, ...rest]);
  }
  return { rows: rows.length, skipped: false };
}

async function main() {
  const url = process.env.DATABASE_URL || "file:.data/lockerswap.db";
  const db = createDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
  const started = performance.now();
  const result = await loadZipCodes(db, { force: process.argv.includes("--force") }).finally(() => db.$client.close());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result.skipped
      ? `zip_codes already holds ${result.rows} rows; nothing to do (${seconds} s). Use --force to rewrite.`
      : `Loaded ${result.rows} ZIP codes into ${redact(url)} in ${seconds} s.`,
  );
}

function redact(url: string): string {
  return url.replace(/([?&]authToken=)[^&]+/, "$1***").replace(/\/\/[^/@]*@/, "//***@");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    if (/no such table/.test(`${error} ${(error as { cause?: unknown })?.cause}`)) {
      console.error("The zip_codes table does not exist: run `npm run db:migrate` first.");
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  });
}
