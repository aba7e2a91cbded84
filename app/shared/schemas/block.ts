// The block / unblock form (ADR 069): one schema for the confirmation page's form, the
// 'Blocked people' list's Unblock buttons and the action of /block/{userId}. Who is blocked is the
// URL's `userId`; `redirectTo` is where to go afterwards, checked again on the server (safeRedirect).
import { z } from "zod";

/** Every user id is a crypto.randomUUID(); anything else is nobody (404). */
export const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const BlockSchema = z.object({
  intent: z.enum(["block", "unblock"]),
  // Longer than any path we make (MAX_RETURN_PATH is 2,000): cut off, not refused — it only says where to go back to.
  redirectTo: z
    .string()
    .optional()
    .transform((value) => (value && value.length <= 2000 ? value : undefined)),
});
