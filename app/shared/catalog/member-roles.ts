// A club member's role as words (the manage page's members list, the player profile's clubs). A module of its
// own, not options.ts: the club page shares options.ts and shows no role labels (ADR 033).
import type { ClubMemberRole } from "./options";

export const CLUB_MEMBER_ROLE_LABELS: Readonly<Record<ClubMemberRole, string>> = {
  owner: "Owner",
  admin: "Admin",
  equipment_manager: "Equipment manager",
  member: "Member",
};
