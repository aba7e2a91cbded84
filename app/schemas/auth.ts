// The /auth forms (spec 01 §5): one schema each, shared by the form (conform) and the action.
import { z } from "zod";
import { US_STATES } from "~/catalog/us-states";
import { ZIP_PATTERN } from "~/lib/zip";

const STATE_CODES = new Set<string>(US_STATES.map((s) => s.code));

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .email("Invalid email address");

const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(100, "Password must be at most 100 characters");

export const SignInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password,
  redirectTo: z.string().optional(),
});

export const SignUpSchema = z.object({
  intent: z.literal("signup"),
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100, "First name must be at most 100 characters"),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Last name must be at most 100 characters"),
  email,
  password,
  zipCode: z.string({ error: "ZIP code is required" }).trim().regex(ZIP_PATTERN, "ZIP code must be exactly 5 digits"),
  city: z.string({ error: "City/Town is required" }).trim().min(1, "City/Town is required").max(100, "City/Town must be at most 100 characters"),
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
