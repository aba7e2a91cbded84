// The sign-up age step (ADR 092), shared by /auth/age's form (conform) and its action: the birth
// year and month, and where the sign-up goes on (the e-mail form or Google).
import { z } from "zod";

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
