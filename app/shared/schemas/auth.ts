// The /auth forms (spec 01 §5): one branch each, shared by the form (conform), and one union on
// `intent` for the action.
import { z } from "zod";
import { US_STATES } from "~/shared/catalog/us-states";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/shared/text";
import { ZIP_PATTERN } from "~/shared/zip";
import { optionalText, text } from "./text";

const STATE_CODES = new Set<string>(US_STATES.map((s) => s.code));

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE)
  .email("Invalid email address");

const password = text({
  required: "Password must be at least 6 characters",
  min: 6,
  max: 100,
  tooLong: "Password must be at most 100 characters",
  trim: false,
});

export const SignInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password,
  redirectTo: optionalText({ max: 2000 }),
});

export const SignUpSchema = z.object({
  intent: z.literal("signup"),
  firstName: text({ required: "First name is required", max: 100, tooLong: "First name must be at most 100 characters" }),
  lastName: text({ required: "Last name is required", max: 100, tooLong: "Last name must be at most 100 characters" }),
  email,
  password,
  zipCode: z.string({ error: "ZIP code is required" }).trim().regex(ZIP_PATTERN, "ZIP code must be exactly 5 digits"),
  city: text({ required: "City/Town is required", max: 100, tooLong: "City/Town must be at most 100 characters" }),
  state: z.string({ error: "State is required" }).refine((code) => STATE_CODES.has(code), "State is required"),
});

export const ResendSchema = z.object({
  intent: z.literal("resend"),
  email,
});

/**
 * The show/hide password toggle without JavaScript: a submit button that asks the server to render
 * the same form again with the password shown or hidden. Nothing is validated or counted.
 */
export const PasswordToggleSchema = z.looseObject({
  togglePassword: z.enum(["show", "hide"]),
});

/** /auth's toggle: on the sign-in or the sign-up form only. */
export const AuthPasswordToggleSchema = PasswordToggleSchema.extend({ intent: z.enum(["signin", "signup"]) });

/** The /auth action's body (the toggle aside: it re-renders the form, nothing is submitted). */
export const AuthActionSchema = z.discriminatedUnion("intent", [SignInSchema, SignUpSchema, ResendSchema]);
export type AuthIntent = z.output<typeof AuthActionSchema>["intent"];

/** The /verify-email action's body: confirm, or ask for a new link. */
export const VerifyEmailActionSchema = z.discriminatedUnion("intent", [
  // The e-mail link's confirm button; the token is the domain's to judge (its 'problem' page).
  z.object({ intent: z.literal("verify"), token: z.string().default("") }),
  ResendSchema,
]);
