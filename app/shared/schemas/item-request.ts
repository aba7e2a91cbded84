// The 'Post a Request' form (spec 02 §5 Request): one schema for conform in the browser and the
// action of /club/{slug}/requests. The id is made by the browser (or the no-JS page's loader) and
// becomes the row id, so a double submit or a retry stores one request (ADR 042 §Idempotency).
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { REQUEST_LIMITS, REQUEST_TEXT } from "~/shared/copy/item-requests";
import { optionalText, text } from "./text";

export const RequestIdSchema = z.uuid();

export const PostRequestSchema = z.object({
  intent: z.literal("post"),
  id: RequestIdSchema,
  title: text({ required: REQUEST_TEXT.titleRequired, max: REQUEST_LIMITS.titleMax, tooLong: REQUEST_TEXT.titleTooLong }),
  description: optionalText({ max: REQUEST_LIMITS.descriptionMax, tooLong: REQUEST_TEXT.descriptionTooLong, multiline: true }),
});

export const RequestChangeSchema = z.object({
  intent: z.enum(["fulfil", "delete"]),
  id: RequestIdSchema,
});

/** The action of /club/{slug}/requests: post, or change one request. */
export const ItemRequestActionSchema = z.discriminatedUnion("intent", [PostRequestSchema, RequestChangeSchema]);

/** What the post action answers when it refuses (conform's reply, and a toast when not a field's fault). */
export type PostRequestActionData = { result: SubmissionResult<string[]>; toast?: { title: string; description?: string } };
