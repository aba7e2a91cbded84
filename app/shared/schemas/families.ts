// Teens and guardians (ADR 092): the sign-up age step, a teen's guardian request, a guardian's
// confirm and the unlink — one schema per form, shared by the form (conform) and the action.
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/shared/text";

/** Birth years the age step offers and accepts: nobody older than 120, nobody born after this year. */
export const BIRTH_YEAR_MIN = 1906;

const birthYear = z.coerce
  .number({ error: "Choose the year you were born" })
  .int("Choose the year you were born")
  .min(BIRTH_YEAR_MIN, "Choose the year you were born")
  .refine((year) => year <= new Date().getUTCFullYear(), "Choose the year you were born");

const birthMonth = z.coerce
  .number({ error: "Choose the month you were born" })
  .int("Choose the month you were born")
  .min(1, "Choose the month you were born")
  .max(12, "Choose the month you were born");

/** /auth/age: the year and month, and where the sign-up goes on (the e-mail form or Google). */
export const AgeStepSchema = z
  .object({
    birthYear,
    birthMonth,
    next: z.enum(["signup", "google"]).default("signup"),
  })
  .refine((v) => v.birthYear * 12 + v.birthMonth <= new Date().getUTCFullYear() * 12 + new Date().getUTCMonth() + 1, {
    message: "Choose the month you were born",
    path: ["birthMonth"],
  });

const email = z
  .string({ error: "Enter your parent or guardian's email address" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE)
  .email("Enter your parent or guardian's email address");

/** /guardian: a teen asks an adult to be their guardian; a teen or guardian ends a link. */
export const GuardianActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email }),
  z.object({ intent: z.literal("unlink"), linkId: z.string().trim().min(1).max(64) }),
]);

/** /guardian/confirm: the mailed link's button (the token is the feature's to judge). */
export const GuardianConfirmSchema = z.object({ token: z.string().max(200).default("") });
