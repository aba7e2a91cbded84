// The site moderation queue's forms (ADR 069) and the warning banner's 'Dismiss' (§4): one
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
  // Lifting a silence (ADR 095), and an appeal's outcome (ADR 099): 'reverse' upholds the appeal.
  z.object({ intent: z.literal("liftSilence"), silenceId: Id }),
  z.object({ intent: z.literal("decideAppeal"), appealId: Id, outcome: z.enum(["reverse", "uphold"], { error: "Choose an outcome" }) }),
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
  actor: filterValue(320),
  action: filterValue(40),
  targetType: filterValue(40),
  targetId: filterValue(320),
});

/**
 * A filter value, trimmed. One longer than any entry holds (e-mails and labels stay under 320) is
 * cut to one past the limit, never dropped: it then matches nothing, where a dropped filter would
 * show every entry.
 */
function filterValue(max: number) {
  return z
    .string()
    .trim()
    .transform((value) => value.slice(0, max + 1))
    .optional()
    .catch(undefined);
}
