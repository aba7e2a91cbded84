// A bench's command line (process.argv): `--name value` options and `--flag` switches, read with
// `option` and `args.includes`.
export const args = process.argv.slice(2);

/** The value after `name` on the command line, or `fallback` when it is absent or has no value. */
export function option(name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}
