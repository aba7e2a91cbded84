// Scam warnings, not silent filters (ADR 095): the rules a first message to a stranger is read
// against. A match is stored with the message (listing_messages.scam_signal); the receiver sees
// SCAM_WARNING beside it, the message is delivered all the same, and the sender's report weight
// drops (trust-rules.ts). Data, so a rule is one line; the tests hold the rates (demo: 0 warnings,
// 200 generated scam phrasings: ≥ 90 %).

export const SCAM_WARNING = "Never pay before you meet. LockerSwap never asks for codes.";

export type ScamRule = { id: string; pattern: RegExp };

/** Paying before meeting, off-platform money, codes, a go-between; then contact details; look-alike links are scamSignal's. */
export const SCAM_RULES: readonly ScamRule[] = [
  {
    id: "payment_app",
    pattern:
      /\b(zelle|cash\s?app|cashapp|venmo|paypal\s+friends|apple\s?pay\s+cash|western\s+union|moneygram|wire\s+transfer|crypto|bitcoin|usdt)\b/i,
  },
  { id: "gift_card", pattern: /\b(gift\s?cards?|itunes\s+cards?|steam\s+cards?|google\s+play\s+cards?|amazon\s+cards?)\b/i },
  { id: "shipping_agent", pattern: /\b(shipping|courier|delivery|moving)\s+(agent|company|service)\b|\bmy\s+(agent|mover|courier)\b/i },
  {
    id: "verification_code",
    pattern:
      /\b(verification|verify|security|confirmation|one[-\s]?time|6[-\s]?digit|google\s+voice)\s*(code|pin|number)\b|\bsend\s+(me\s+)?(the\s+)?code\b/i,
  },
  {
    id: "pay_first",
    pattern:
      /\b(pay|send|deposit|transfer)\b[^.?!]{0,40}\b(first|upfront|up\s+front|in\s+advance|before\s+(we\s+)?(meet|pickup|pick\s+up))\b|\b(advance|upfront)\s+(payment|deposit)\b/i,
  },
  { id: "phone_number", pattern: /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/ },
  { id: "email_address", pattern: /\b[\w.+-]+\s?(@|\[at\]|\(at\))\s?[\w-]+(\.[\w-]+)+\b/i },
];

/** Hostnames in a text: URLs and bare domains. */
function hostsIn(text: string): string[] {
  const hosts: string[] = [];
  for (const m of text.matchAll(/\b(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]\S*)?/gi)) hosts.push(m[1].toLowerCase());
  return hosts;
}

/** A host folded the way look-alikes fold: digits for letters, 'vv' for 'w', 'rn' for 'm', no dots or dashes. */
const folded = (host: string) =>
  host
    .replace(/0/g, "o")
    .replace(/[1|]/g, "l")
    .replace(/3/g, "e")
    .replace(/5/g, "s")
    .replace(/vv/g, "w")
    .replace(/rn/g, "m")
    .replace(/[.-]/g, "");

/** Our name as a look-alike folds it. */
const BRAND = "lockerswap";

/** A link whose host looks like ours but is not (`ourHost` from server config, never the request). */
export function looksLikeOurDomain(host: string, ourHost: string): boolean {
  const ours = ourHost.toLowerCase().replace(/^www\./, "");
  const h = host.replace(/^www\./, "");
  if (h === ours || h.endsWith(`.${ours}`)) return false;
  return folded(h).includes(BRAND);
}

/** The first rule `text` matches, or null. */
export function scamSignal(text: string, ourHost: string): string | null {
  if (hostsIn(text).some((host) => looksLikeOurDomain(host, ourHost))) return "look_alike_domain";
  return SCAM_RULES.find((rule) => rule.pattern.test(text))?.id ?? null;
}
