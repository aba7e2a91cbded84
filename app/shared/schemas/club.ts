// The club form (spec 02 §2 Create club, §5 Club form). One schema for the browser (conform's
// onValidate) and the action; the action adds what only the server knows (slug taken, ZIP → city
// and state). Messages are the spec's, verbatim (app/shared/copy/clubs.ts).
import { z } from "zod";
import { CLUB_TYPES, JOIN_MODES, LIMITS, SELECTABLE_CLUB_VISIBILITIES } from "~/shared/catalog/options";
import { SPORT_KEYS } from "#db/schema/enums";
import { CLUB_TEXT } from "~/shared/copy/clubs";
import { SLUG_MAX, SLUG_PATTERN, slugify } from "~/shared/club-slug";
import { optionalText, text } from "./text";

const INVITE_CODE_LENGTH = `Invite code must be ${LIMITS.inviteCodeMin} to ${LIMITS.inviteCodeMax} characters`;

export const ClubFormSchema = z
  .object({
    name: text({ required: CLUB_TEXT.nameRequired, max: LIMITS.clubNameMax, tooLong: CLUB_TEXT.nameTooLong }),
    // Empty → derived from the name (below), as the form does while the slug is empty. Its
    // pattern (below) admits no control character.
    slug: z.string().trim().optional(),
    type: z.enum(CLUB_TYPES),
    sport: z.enum(SPORT_KEYS).optional(),
    description: optionalText({ max: LIMITS.clubDescriptionMax, multiline: true }),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "ZIP code must be exactly 5 digits")
      .optional(),
    city: optionalText({ max: LIMITS.cityMax }),
    state: optionalText({ max: 50 }),
    visibility: z.enum(SELECTABLE_CLUB_VISIBILITIES),
    joinMode: z.enum(JOIN_MODES),
    inviteCode: optionalText({ max: LIMITS.inviteCodeMax, tooLong: INVITE_CODE_LENGTH }),
  })
  .transform((value, ctx) => {
    const slug = value.slug || slugify(value.name);
    if (!slug) ctx.addIssue({ code: "custom", path: ["slug"], message: CLUB_TEXT.slugRequired });
    else if (slug.length > SLUG_MAX) ctx.addIssue({ code: "custom", path: ["slug"], message: CLUB_TEXT.slugTooLong });
    else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: "custom", path: ["slug"], message: CLUB_TEXT.slugFormat });
    const inviteCode = value.joinMode === "code" ? value.inviteCode : undefined;
    if (value.joinMode === "code" && (!inviteCode || inviteCode.length < LIMITS.inviteCodeMin)) {
      ctx.addIssue({ code: "custom", path: ["inviteCode"], message: CLUB_TEXT.inviteCodeRequiredForMode });
    }
    return { ...value, slug, inviteCode };
  });

/** Settings card of the manage page (02 §2): the three switches; an absent checkbox is off. */
export const ClubSettingsSchema = z.object({
  showPricesInPreview: z.boolean().default(false),
  showListingCount: z.boolean().default(false),
  allowJoinRequests: z.boolean().default(false),
});

export const InviteCodeSchema = z.object({
  inviteCode: text({ required: "Please enter the invite code", max: LIMITS.inviteCodeMax }),
});

export const NewInviteCodeSchema = z.object({
  inviteCode: text({
    required: CLUB_TEXT.inviteCodeRequiredForMode,
    min: LIMITS.inviteCodeMin,
    tooShort: INVITE_CODE_LENGTH,
    max: LIMITS.inviteCodeMax,
    tooLong: INVITE_CODE_LENGTH,
  }),
});
