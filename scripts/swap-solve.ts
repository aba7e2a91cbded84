/**
 * Solve a TradeMaximizer official-wants file (ADR 080):
 *
 *   npm run swap:solve -- FILE [--meetup]
 *
 * Prints TradeMaximizer's result lines, ending with "Num trades = N of M items (P%)". A file that cannot be read
 * prints its line-numbered error and exits 1. Same file, same bytes out.
 */
import { readFileSync } from "node:fs";
import { solveSwapDay } from "../app/features/swap-days/solver/index";
import { formatResults } from "../app/features/swap-days/solver/official-results";
import { parseOfficialWants, WantsFormatError } from "../app/features/swap-days/solver/official-wants";
import { SwapInputError } from "../app/features/swap-days/solver/types";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  process.stderr.write("usage: npm run swap:solve -- FILE [--meetup]\n");
  process.exit(1);
}
try {
  const parsed = parseOfficialWants(readFileSync(file, "utf8"));
  const input = { ...parsed.input, mode: args.includes("--meetup") ? ("meetup" as const) : ("table" as const) };
  process.stdout.write(formatResults(parsed, solveSwapDay(input)));
} catch (error) {
  if (error instanceof WantsFormatError) process.stderr.write(`${file}: error: ${error.message}\n`);
  else if (error instanceof SwapInputError) process.stderr.write(`${file}: error: ${error.message}\n`);
  else if (error instanceof Error && "code" in error)
    process.stderr.write(`${file}: error: cannot read the file (${String(error.code)})\n`);
  else throw error;
  process.exit(1);
}
