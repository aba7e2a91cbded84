// Disposable e-mail domains are refused at sign-up (ADR 095): the `disposable-email-domains` list
// (sorted; searched by halves, nothing built at start-up) and its wildcard list (any subdomain of
// those). Server only: /auth's JavaScript carries none of it; the message comes from the action.
import domains from "disposable-email-domains/index.json";
import wildcards from "disposable-email-domains/wildcard.json";

function sortedHas(list: readonly string[], value: string): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === value) return true;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Whether the address's domain (or a parent of it, for the wildcard list) is a throwaway service. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  if (!domain) return false;
  if (sortedHas(domains as string[], domain)) return true;
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) if ((wildcards as string[]).includes(labels.slice(i).join("."))) return true;
  return false;
}
