// The site moderation queue's forms (issue 21 §3) and the warning banner's 'Dismiss' (§4): one
// discriminated union on `intent`, shared by the forms and the action. Which person a warning or a
// suspension is for is never posted: the server takes it from the reports (the target's owner).
import { z } from "zod";
import { REPORT_REASONS, REPORT_TARGET_TYPES } from "#db/schema/enums";
import { SUSPENSION_LENGTHS } from "~/shared/copy/safety";

const Id = z.string().trim().min(1, "Missing id").max(100);
const Target = { targetType: z.enum(REPORT_TARGET_TYPES, { error: "Unknown target" }), targetId: Id };
const Reason = z.enum(REPORT_REASONS, { error: "Choose a reason" });

export const ModerationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), ...Target }),
  z.object({ intent: z.literal("remove"), ...Target }),
  z.object({ intent: z.literal("warn"), ...Target, reason: Reason }),
  z.object({
    intent: z.literal("suspend"),
    ...Target,
    reason: Reason,
    length: z.enum(SUSPENSION_LENGTHS, { error: "Choose how long" }),
  }),
  z.object({ intent: z.literal("deleteAccount"), ...Target }),
  z.object({ intent: z.literal("lift"), suspensionId: Id }),
]);
export type ModerationAction = z.output<typeof ModerationActionSchema>;

/** The warning banner's 'Dismiss' (POST /notifications/acknowledge). */
export const DismissWarningSchema = z.object({
  intent: z.literal("dismissWarning"),
  warningId: Id,
  /** The page to go back to (a same-site path; checked by safeRedirect). */
  redirectTo: z.string().max(500).default("/"),
});

/** The audit log view's filters (GET /admin?tab=audit): each optional, any combination. */
export const AuditFilterSchema = z.object({
  actor: z.string().trim().max(200).optional().catch(undefined),
  action: z.string().trim().max(40).optional().catch(undefined),
  targetType: z.string().trim().max(40).optional().catch(undefined),
  targetId: z.string().trim().max(100).optional().catch(undefined),
});
