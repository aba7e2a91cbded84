// The /player-profile forms (spec 02 §5 Profile ZIP): one branch each, shared by the
// form (conform), and one union on `intent` for the action.
import { z } from "zod";
import { ZIP_PATTERN } from "~/shared/zip";
import { optionalText, text } from "./text";

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  firstName: optionalText({ max: 100, tooLong: "First name must be at most 100 characters" }),
  lastName: optionalText({ max: 100, tooLong: "Last name must be at most 100 characters" }),
  zipCode: z.string({ error: "ZIP code is required" }).trim().regex(ZIP_PATTERN, "ZIP code must be exactly 5 digits"),
});

const newPassword = text({
  required: "Password must be at least 6 characters",
  min: 6,
  max: 100,
  tooLong: "Password must be at most 100 characters",
  trim: false,
});

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: text({ required: "Current password is required", max: 100, trim: false }),
    newPassword,
    confirmPassword: z.string({ error: "Please repeat the new password" }),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

/** The /player-profile action's body (the password toggle aside: it only re-renders the form). */
export const ProfileActionSchema = z.discriminatedUnion("intent", [
  ProfileSchema,
  ChangePasswordSchema,
  z.object({ intent: z.literal("signOutOthers") }),
  z.object({ intent: z.literal("deleteAccount") }),
]);
