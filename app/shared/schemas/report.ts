// The report form (ADR 069): one schema for conform in the browser and the action of /report.
// What is reported (type + id) rides along as hidden fields; whether the reporter may see it, and
// everything else only the server can know, is app/features/moderation/reports.server.ts.
import { z } from "zod";
import { REPORT_REASONS, REPORT_TARGET_TYPES } from "#db/schema/enums";
import { REPORT_DETAILS_MAX, SAFETY_TEXT } from "~/shared/copy/safety";
import { optionalText } from "./text";

// Every target id is a row id made by crypto.randomUUID(); anything else is not a target (404).
const TARGET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What /report?type=…&id=… names: also what the page's loader reads from its URL. */
export const ReportTargetSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES),
  id: z.string().regex(TARGET_ID),
});

export const ReportSchema = ReportTargetSchema.extend({
  reason: z.enum(REPORT_REASONS, { error: SAFETY_TEXT.reportReasonRequired }),
  details: optionalText({ max: REPORT_DETAILS_MAX, tooLong: SAFETY_TEXT.reportDetailsTooLong, multiline: true }),
}).superRefine((value, ctx) => {
  // 'Other' says nothing by itself: the details are what a moderator reads (the table's CHECK agrees).
  if (value.reason === "other" && !value.details)
    ctx.addIssue({ code: "custom", path: ["details"], message: SAFETY_TEXT.otherNeedsDetails });
});

export type ReportFormInput = z.infer<typeof ReportSchema>;
