// The Manage Group page's forms (spec 02 §2): one discriminated union on `intent` for
// the action of /club/{slug}/manage. Which member, and whether a new invite code is long enough,
// are the domain's to judge (membership.server.ts, club-manage.server.ts): it answers with the spec's
// toasts, after the permission check, so those fields are plain strings here.
import { z } from "zod";
import { ClubSettingsSchema } from "./club";

const MemberId = z.string().default("");
const ReportId = z.string().max(100).default("");

export const ClubManageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), memberId: MemberId }),
  z.object({ intent: z.literal("reject"), memberId: MemberId }),
  z.object({ intent: z.literal("promote"), memberId: MemberId }),
  z.object({ intent: z.literal("demote"), memberId: MemberId }),
  // Member → equipment manager (ADR 093); 'promote' makes an admin, 'demote' makes either a member again.
  z.object({ intent: z.literal("make-equipment-manager"), memberId: MemberId }),
  z.object({ intent: z.literal("remove"), memberId: MemberId }),
  z.object({ intent: z.literal("settings"), ...ClubSettingsSchema.shape }),
  z.object({ intent: z.literal("invite-code"), code: z.string().default("") }),
  // Multipart (works without JavaScript); the bytes are checked like listing photos (ADR 037).
  z.object({ intent: z.literal("logo"), logo: z.file({ error: "Choose a logo to upload" }).optional() }),
  // The 'Reports' section (ADR 069): which report, and whether it is this club's and still open,
  // is the domain's to judge (safety/club-moderation.server.ts) — a plain string here.
  z.object({ intent: z.literal("report-dismiss"), reportId: ReportId }),
  z.object({ intent: z.literal("report-remove"), reportId: ReportId }),
  z.object({ intent: z.literal("report-remove-member"), reportId: ReportId }),
]);
export type ClubManageAction = z.output<typeof ClubManageSchema>;
export type ClubManageIntent = ClubManageAction["intent"];
