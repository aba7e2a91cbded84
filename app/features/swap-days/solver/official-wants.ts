// TradeMaximizer's official-wants format (ADR 080 "Interoperable"), as BoardGameGeek math trades publish it:
//   #! OPTION …                      options, before anything else
//   !BEGIN-OFFICIAL-NAMES … !END-OFFICIAL-NAMES   one item per line, the rest of the line a description
//   (user) ITEM : WANT1 WANT2 ; WANT3         a want list; ';' raises the rank of what follows by BIG-STEP
//   (user) %DUMMY : ITEM ITEM               an "any one of these" group, private to its user
// A line that cannot be read is a WantsFormatError with its line number; a want that names an unknown item, a
// repeat and the like are warnings (TradeMaximizer's ERRORS list) and the want is left out.
import { buildWantGraph } from "./graph";
import type { AnyOfGroup, SwapInput, SwapItem, SwapWant } from "./types";

export class WantsFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

export interface WantsOptions {
  allowDummies: boolean;
  requireColons: boolean;
  requireUsernames: boolean;
  caseSensitive: boolean;
  priorities: "none" | "linear" | "triangle" | "square";
  smallStep: number;
  bigStep: number;
  seed: number;
  iterations: number;
  metricUsersTrading: boolean;
  hideLoops: boolean;
  hideSummary: boolean;
  hideNonTrades: boolean;
  hideErrors: boolean;
  hideRepeats: boolean;
  sortByItem: boolean;
}

export interface ParsedWants {
  /** Table mode; the seed is the SEED option's (1 without it). */
  input: SwapInput;
  options: WantsOptions;
  /** Options as written, for the results' header. */
  declared: string[];
  /** How an item is shown in results: "(USER) ITEM", or the item alone without a username. */
  display: Map<string, string>;
  warnings: string[];
}

const OPTION_NUMBER = /^(SMALL-STEP|BIG-STEP|SEED|ITERATIONS|SHRINK|NONTRADE-COST)=(\d+)$/;
const IGNORED = new Set(["SHOW-MISSING", "SHOW-ELAPSED-TIME", "SHRINK-VERBOSE"]);

function applyOption(o: WantsOptions, raw: string, line: number, warnings: string[]): void {
  const flags: Record<string, () => void> = {
    "ALLOW-DUMMIES": () => (o.allowDummies = true),
    "REQUIRE-COLONS": () => (o.requireColons = true),
    "REQUIRE-USERNAMES": () => (o.requireUsernames = true),
    "CASE-SENSITIVE": () => (o.caseSensitive = true),
    "LINEAR-PRIORITIES": () => (o.priorities = "linear"),
    "TRIANGLE-PRIORITIES": () => (o.priorities = "triangle"),
    "SQUARE-PRIORITIES": () => (o.priorities = "square"),
    "METRIC=USERS-TRADING": () => (o.metricUsersTrading = true),
    "HIDE-LOOPS": () => (o.hideLoops = true),
    "HIDE-SUMMARY": () => (o.hideSummary = true),
    "HIDE-NONTRADES": () => (o.hideNonTrades = true),
    "HIDE-ERRORS": () => (o.hideErrors = true),
    "HIDE-REPEATS": () => (o.hideRepeats = true),
    "HIDE-STATS": () => undefined,
    "SORT-BY-ITEM": () => (o.sortByItem = true),
  };
  const flag = flags[raw];
  if (flag) return void flag();
  if (IGNORED.has(raw)) return;
  const m = OPTION_NUMBER.exec(raw);
  if (m) {
    const value = Number(m[2]);
    if (m[1] === "SMALL-STEP") o.smallStep = value;
    else if (m[1] === "BIG-STEP") o.bigStep = value;
    else if (m[1] === "SHRINK")
      return; // our pruning is always on (ADR 080 "Pruning")
    else if (value < 1 || !Number.isSafeInteger(value)) throw new WantsFormatError(line, `${m[1]} must be a positive integer`);
    else if (m[1] === "SEED") o.seed = value;
    else if (m[1] === "ITERATIONS") o.iterations = Math.min(value, 100);
    else if (m[1] === "NONTRADE-COST") warnings.push(`NONTRADE-COST is ignored: every solve trades the most items`);
    return;
  }
  if (/^(SMALL-STEP|BIG-STEP|SEED|ITERATIONS|SHRINK|NONTRADE-COST)=/.test(raw))
    throw new WantsFormatError(line, `${raw.split("=")[0]} must be a non-negative integer`);
  warnings.push(`Unknown option "${raw}" ignored (line ${line})`);
}

const rankCost = (o: WantsOptions, rank: number): number =>
  o.priorities === "none" ? 1 : o.priorities === "linear" ? rank : o.priorities === "triangle" ? (rank * (rank + 1)) / 2 : rank * rank;

export function parseOfficialWants(text: string): ParsedWants {
  const options: WantsOptions = {
    allowDummies: false,
    requireColons: false,
    requireUsernames: false,
    caseSensitive: false,
    priorities: "none",
    smallStep: 1,
    bigStep: 9,
    seed: 1,
    iterations: 1,
    metricUsersTrading: false,
    hideLoops: false,
    hideSummary: false,
    hideNonTrades: false,
    hideErrors: false,
    hideRepeats: false,
    sortByItem: false,
  };
  const declared: string[] = [];
  const warnings: string[] = [];
  let official: Set<string> | undefined;
  let readingNames = false;
  const lists: Array<{ line: number; user: string | undefined; tokens: string[] }> = [];
  const lines = text.split(/\r?\n/);
  for (let n = 1; n <= lines.length; n++) {
    let line = lines[n - 1].trim();
    if (line.length === 0) continue;
    if (line.startsWith("#!")) {
      if (lists.length > 0) throw new WantsFormatError(n, "options (#!…) must come before the first want list");
      if (official) throw new WantsFormatError(n, "options (#!…) must come before the official names");
      for (const raw of line.slice(2).trim().toUpperCase().split(/\s+/).filter(Boolean)) {
        applyOption(options, raw, n, warnings);
        declared.push(raw);
      }
      continue;
    }
    if (line.startsWith("#")) continue;
    const upper = line.toUpperCase();
    if (upper === "!BEGIN-OFFICIAL-NAMES") {
      if (official) throw new WantsFormatError(n, "official names can begin only once");
      if (lists.length > 0) throw new WantsFormatError(n, "official names must come before the first want list");
      official = new Set();
      readingNames = true;
      continue;
    }
    if (upper === "!END-OFFICIAL-NAMES") {
      if (!readingNames) throw new WantsFormatError(n, "!END-OFFICIAL-NAMES without !BEGIN-OFFICIAL-NAMES");
      readingNames = false;
      continue;
    }
    if (readingNames) {
      if (line.startsWith(":")) throw new WantsFormatError(n, "an official name cannot begin with a colon");
      if (line.startsWith("%")) throw new WantsFormatError(n, "official names cannot be given for dummy items");
      let name = line.split(/[:\s]/)[0];
      if (name.includes("#")) throw new WantsFormatError(n, "# cannot be used in an item name");
      if (!options.caseSensitive) name = name.toUpperCase();
      if (official!.has(name)) throw new WantsFormatError(n, `official name ${name} is already defined`);
      official!.add(name);
      continue;
    }
    if (line.includes("#")) throw new WantsFormatError(n, "comments (#…) must start their line");
    let user: string | undefined;
    if (line.startsWith("(")) {
      const close = line.indexOf(")");
      if (line.lastIndexOf("(") > 0) throw new WantsFormatError(n, "only one '(' per line");
      if (close === -1) throw new WantsFormatError(n, "missing ')' after the username");
      if (line.lastIndexOf(")") > close) throw new WantsFormatError(n, "only one ')' per line");
      if (close === 1) throw new WantsFormatError(n, "empty parentheses");
      if (close === line.length - 1) throw new WantsFormatError(n, "a username cannot stand on a line by itself");
      user = line.slice(0, close + 1);
      line = line.slice(close + 1).trim();
    } else if (line.includes("(")) throw new WantsFormatError(n, "a username can only be at the front of a want list");
    else if (line.includes(")")) throw new WantsFormatError(n, "')' on a line without '('");
    if (!user && options.requireUsernames) throw new WantsFormatError(n, "missing username (REQUIRE-USERNAMES)");
    const colon = line.indexOf(":");
    if (colon !== -1) {
      if (line.lastIndexOf(":") !== colon) throw new WantsFormatError(n, "more than one colon");
      if (!/^[^\s;]+$/.test(line.slice(0, colon).trim())) throw new WantsFormatError(n, "exactly one item must come before the colon");
      line = `${line.slice(0, colon)} ${line.slice(colon + 1)}`;
    } else if (options.requireColons) throw new WantsFormatError(n, "missing colon (REQUIRE-COLONS)");
    const tokens = line.replaceAll(";", " ; ").trim().split(/\s+/);
    if (tokens[0] === ";") throw new WantsFormatError(n, "a semicolon cannot come before the item");
    if (!options.caseSensitive) {
      for (let t = 0; t < tokens.length; t++) tokens[t] = tokens[t].toUpperCase();
      user = user?.toUpperCase();
    }
    lists.push({ line: n, user, tokens });
  }
  if (readingNames) throw new WantsFormatError(lines.length, "official names are not closed by !END-OFFICIAL-NAMES");
  return build(lists, options, declared, warnings, official);
}

function build(
  lists: Array<{ line: number; user: string | undefined; tokens: string[] }>,
  options: WantsOptions,
  declared: string[],
  warnings: string[],
  official: Set<string> | undefined,
): ParsedWants {
  const items: SwapItem[] = [];
  const groups: AnyOfGroup[] = [];
  const owners = new Map<string, string | undefined>();
  const display = new Map<string, string>();
  const heads: Array<{ id: string; dummy: boolean; list: (typeof lists)[number] }> = [];
  const dummyId = (name: string, user: string) => `${name} for user ${user}`;
  for (const list of lists) {
    const name = list.tokens[0];
    let id = name;
    const dummy = name.startsWith("%");
    if (dummy) {
      if (!list.user) {
        warnings.push(`Dummy item ${name} declared without a username (line ${list.line})`);
        continue;
      }
      if (!options.allowDummies) {
        warnings.push(`Dummy items not allowed (${name}, line ${list.line})`);
        continue;
      }
      id = dummyId(name, list.user);
    } else if (official && !official.has(name)) {
      warnings.push(`Cannot define want list for ${name} because it is not an official name (line ${list.line})`);
      continue;
    }
    if (owners.has(id)) {
      warnings.push(`Item ${name} has multiple want lists; all but the first are ignored (line ${list.line})`);
      continue;
    }
    owners.set(id, list.user);
    heads.push({ id, dummy, list });
    if (!dummy) {
      items.push({ id, owner: list.user ?? `(item ${id})` });
      display.set(id, list.user ? (options.sortByItem ? `${id} ${list.user}` : `${list.user} ${id}`) : id);
    }
  }
  const wants: SwapWant[] = [];
  const unknown = new Map<string, number>();
  for (const { id, dummy, list } of heads) {
    const seen = new Set<string>();
    const members: string[] = [];
    let rank = 1;
    for (const token of list.tokens.slice(1)) {
      if (token === ";") {
        rank += options.bigStep;
        continue;
      }
      let target = token;
      if (token.startsWith("%")) {
        if (!list.user) {
          warnings.push(`Dummy item ${token} used in the want list for ${id}, which has no username`);
          continue;
        }
        target = dummyId(token, list.user);
      }
      if (!owners.has(target)) {
        if (official?.has(target)) rank += options.smallStep;
        else unknown.set(target, (unknown.get(target) ?? 0) + 1);
        continue;
      }
      if (target === id) warnings.push(`Item ${token} appears in its own want list`);
      else if (seen.has(target)) {
        if (!options.hideRepeats) warnings.push(`Item ${token} is repeated in the want list for ${id}`);
      } else if (!target.startsWith("%") && list.user !== undefined && owners.get(target) === list.user)
        warnings.push(`Item ${id} contains item ${token} from the same user (${list.user})`);
      else {
        seen.add(target);
        if (dummy) members.push(target);
        else wants.push({ item: id, wants: target, rank: rankCost(options, rank) });
        rank += options.smallStep;
      }
    }
    if (dummy) groups.push({ id, owner: list.user!, members });
  }
  for (const [name, count] of unknown) warnings.push(`Unknown item ${name} (${count} occurrence${count === 1 ? "" : "s"})`);
  const input: SwapInput = { items, groups, wants, mode: "table", seed: options.seed, iterations: options.iterations };
  return { input, options, declared, display, warnings };
}

/**
 * The frozen want lists of an event as an official-wants file anyone can re-run (ADR 080 "Verifiable"): owners
 * under the pseudonyms given, each want list as the solver sees it (cash limits already applied: only exchanges
 * that fit are written), ranks exact through LINEAR-PRIORITIES with SMALL-STEP=0 and BIG-STEP=1 (one ';' per
 * rank step). Item and group ids must be TradeMaximizer names (letters, digits, dashes; a group starts with %).
 */
export function writeOfficialWants(input: SwapInput, pseudonym: (owner: string) => string): string {
  const g = buildWantGraph(input);
  // A group is a dummy item: its name starts with % in the file whatever its id.
  const name = g.ids.map((id, x) => (x >= g.items && !id.startsWith("%") ? `%${id}` : id));
  for (const id of name)
    if (!/^%?[A-Za-z0-9][A-Za-z0-9-]*$/.test(id)) throw new WantsFormatError(0, `"${id}" is not a TradeMaximizer item name`);
  const out = [
    `#! ALLOW-DUMMIES REQUIRE-COLONS REQUIRE-USERNAMES CASE-SENSITIVE LINEAR-PRIORITIES SMALL-STEP=0 BIG-STEP=1 SEED=${input.seed}`,
  ];
  if (input.mode === "table" && (input.iterations ?? 1) > 1) out.push(`#! ITERATIONS=${input.iterations}`);
  out.push("", "!BEGIN-OFFICIAL-NAMES", ...g.ids.slice(0, g.items), "!END-OFFICIAL-NAMES", "");
  const user = (x: number) => `(${pseudonym(g.owners[g.owner[x]]).replace(/[()#:;]/g, "")})`;
  let e = 0;
  for (let x = 0; x < g.nodes; x++) {
    const edges: Array<{ to: string; rank: number }> = [];
    for (; e < g.from.length && g.from[e] === x; e++) edges.push({ to: name[g.to[e]], rank: g.rank[e] });
    edges.sort((a, b) => a.rank - b.rank);
    let rank = 1;
    const parts: string[] = [];
    for (const edge of edges) {
      for (; x < g.items && rank < edge.rank; rank++) parts.push(";");
      parts.push(edge.to);
    }
    out.push(`${user(x)} ${name[x]} : ${parts.join(" ")}`.trimEnd());
  }
  return `${out.join("\n")}\n`;
}
