// Who may act on a deal (ADR 068), held as data: its two parties act on it, a site admin
// may only look. *When* a party may (the state, whose turn it is) is the deal machine's
// (app/features/trade/deal-machine.ts). Anyone else gets a 404, never a hint that the deal exists.
import { grants, type PermissionTable } from "./table";

export const DEAL_ACTIONS = [
  "view",
  "counter",
  "accept",
  "decline",
  "withdraw",
  "proposeMeetup",
  "confirmMeetup",
  "handOver",
  "cancel",
  "review",
  "reply",
] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

/** proposer: who made the first offer; owner: who owns the listing asked for. */
export const DEAL_ROLES = ["anonymous", "signedIn", "proposer", "owner", "siteAdmin"] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

const PARTY: readonly DealAction[] = [
  "view",
  "counter",
  "accept",
  "decline",
  "proposeMeetup",
  "confirmMeetup",
  "handOver",
  "cancel",
  "review",
  "reply",
];

export const DEAL_PERMISSIONS: PermissionTable<DealRole, DealAction> = {
  anonymous: [],
  signedIn: [],
  proposer: [...PARTY, "withdraw"],
  owner: PARTY,
  siteAdmin: ["view"],
};

export function dealRolesOf(
  actor: { id: string; isAdmin: boolean } | null,
  deal: { proposerId: string | null; ownerId: string | null },
): DealRole[] {
  if (!actor) return ["anonymous"];
  const roles: DealRole[] = ["signedIn"];
  if (actor.id === deal.proposerId) roles.push("proposer");
  if (actor.id === deal.ownerId) roles.push("owner");
  if (actor.isAdmin) roles.push("siteAdmin");
  return roles;
}

/** Whether `actor` may take `action` on this deal: the deal table, asked directly (ADR 081). */
export function dealCan(
  actor: { id: string; isAdmin: boolean } | null,
  action: DealAction,
  deal: { proposerId: string | null; ownerId: string | null },
): boolean {
  return grants(DEAL_PERMISSIONS, dealRolesOf(actor, deal), action);
}
