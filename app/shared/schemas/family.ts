// The Family section's forms (ADR 091): one union on `intent` for /family/players/{id}, shared by the
// form and the action (ADR 065). A player is the minimum COPPA allows a guardian to give: a first name
// or initials, a birth year (never a date), sports, and sizes from the catalogue's scales.
import { z } from "zod";
import { SPORT_KEYS } from "../../../db/schema/enums";
/** The same cap as the column's check (PLAYER_NAME_MAX in db/schema/families.ts). */
const PLAYER_NAME_MAX = 20;
import { isSizeOf, PLAYER_SIZE_KINDS, SIZE_SCALES, type PlayerSizeKind } from "~/shared/catalog/sizes";
import { text } from "./text";

/** Letters (any script), spaces, '.', '-' and "'": a first name or initials, nothing else. */
const NAME_PATTERN = /^[\p{L}][\p{L} .'-]*$/u;
/** A player is a child or a teen: born at most this many years ago (and not in the future). */
export const PLAYER_MAX_AGE = 18;

const id = (message: string) => z.string({ error: message }).min(1, message).max(100, message);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const sizeField = (kind: PlayerSizeKind) =>
  z
    .object({
      value: z.string().trim().max(20).optional(),
      measuredOn: z.string().trim().max(10).optional(),
    })
    .optional()
    .superRefine((size, ctx) => {
      if (!size?.value) return;
      if (!isSizeOf(kind, size.value))
        ctx.addIssue({ code: "custom", path: ["value"], message: `Choose a ${SIZE_SCALES[kind].label.toLowerCase()} size from the list` });
      const day = size.measuredOn ?? "";
      const date = ISO_DAY.test(day) ? new Date(`${day}T00:00:00Z`) : null;
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
        ctx.addIssue({ code: "custom", path: ["measuredOn"], message: "Enter the day it was measured" });
      else if (date.getTime() > Date.now() + 24 * 3600 * 1000)
        ctx.addIssue({ code: "custom", path: ["measuredOn"], message: "The day it was measured cannot be in the future" });
    });

export const PlayerFormSchema = z.object({
  intent: z.literal("save"),
  playerId: id("Player not found"),
  firstName: text({
    required: "Enter a first name or initials",
    max: PLAYER_NAME_MAX,
    tooLong: `At most ${PLAYER_NAME_MAX} characters`,
  }).refine((name) => NAME_PATTERN.test(name), "Use letters only: a first name or initials"),
  birthYear: z
    .number({ error: "Enter the year they were born" })
    .int("Enter the year they were born")
    .refine((year) => year <= new Date().getUTCFullYear(), "The birth year cannot be in the future")
    .refine((year) => year >= new Date().getUTCFullYear() - PLAYER_MAX_AGE, `A player is at most ${PLAYER_MAX_AGE} years old`),
  sports: z
    .array(z.enum(SPORT_KEYS, { error: "Choose sports from the list" }))
    .max(6, "Choose at most 6 sports")
    .default([]),
  sizes: z
    .object(
      Object.fromEntries(PLAYER_SIZE_KINDS.map((kind) => [kind, sizeField(kind)])) as Record<PlayerSizeKind, ReturnType<typeof sizeField>>,
    )
    .optional(),
});
export type PlayerForm = z.infer<typeof PlayerFormSchema>;

export const InviteGuardianSchema = z.object({
  intent: z.literal("invite"),
  email: text({ required: "Enter the other guardian's e-mail", max: 255 }).pipe(z.email("Enter a valid e-mail address")),
});

export const RosterSchema = z.object({ intent: z.enum(["addToRoster", "removeFromRoster"]), clubId: id("Choose one of your clubs") });

export const PlayerActionSchema = z.discriminatedUnion("intent", [
  PlayerFormSchema,
  InviteGuardianSchema,
  z.object({ intent: z.literal("remove") }),
  RosterSchema.extend({ intent: z.literal("addToRoster") }),
  RosterSchema.extend({ intent: z.literal("removeFromRoster") }),
]);

export const AcceptInviteSchema = z.object({ intent: z.literal("accept"), token: z.string().min(10).max(200) });
