// The 'Notifications' form's schema (ADR 073), parsed the way the action parses it (conform's
// parseWithZod over FormData): every kind required, only the modes a kind offers, nothing else kept.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { NOTIFICATION_KINDS, NOTIFICATION_MODES } from "#db/schema/enums";
import { CHOICES_MISSING, choiceMissing, choiceNotOffered } from "~/shared/copy/notification-settings";
import { notificationSettingsSchema, type KindModes } from "./notification-settings";

const ALL: KindModes = {
  messages: NOTIFICATION_MODES,
  deals: NOTIFICATION_MODES,
  clubs: NOTIFICATION_MODES,
  matches: NOTIFICATION_MODES,
  announcements: NOTIFICATION_MODES,
  price_drops: NOTIFICATION_MODES,
  outgrown: NOTIFICATION_MODES,
};
const VALID = {
  messages: "email_now",
  deals: "in_app",
  clubs: "email_digest",
  matches: "email_digest",
  announcements: "in_app",
  price_drops: "email_now",
  outgrown: "in_app",
};

type Fields = Record<string, string | string[]>;
function form(modes: Fields, extra: Fields = {}) {
  const data = new FormData();
  const fields: Fields = {
    intent: "notifications",
    ...Object.fromEntries(Object.entries(modes).map(([k, v]) => [`modes.${k}`, v])),
    ...extra,
  };
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  return data;
}
const parse = (modes: Fields, kindModes = ALL, extra: Fields = {}) =>
  parseWithZod(form(modes, extra), { schema: notificationSettingsSchema(kindModes) });
const errorOf = (submission: ReturnType<typeof parse>) => (submission.status === "success" ? null : submission.error);

describe("notification settings schema", () => {
  test("one mode per kind parses; a posted userId is dropped", () => {
    const submission = parse(VALID, ALL, { userId: "someone-else", "modes.userId": "someone-else" });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "notifications", modes: VALID });
  });

  test("a missing kind is asked for by name, and the entered values come back; none at all: each kind", () => {
    const { deals: _deals, ...rest } = VALID;
    const submission = parse(rest);
    expect(errorOf(submission)).toEqual({ "modes.deals": [choiceMissing("deals")] });
    expect(submission.reply().initialValue).toMatchObject({ modes: { messages: "email_now", clubs: "email_digest" } });
    expect(Object.keys(errorOf(parse({})) ?? {})).toHaveLength(NOTIFICATION_KINDS.length);
    // A plain `modes` field where the kinds belong (only by hand).
    expect(errorOf(parse({}, ALL, { modes: "email_now" }))).toEqual({ modes: [CHOICES_MISSING] });
  });

  test("an unknown mode, control characters, a padded value and a repeated field are refused", () => {
    for (const messages of ["email_weekly", "in_app\u0000", " email_now", ["in_app", "email_now"]]) {
      expect(errorOf(parse({ ...VALID, messages })), JSON.stringify(messages)).toEqual({
        "modes.messages": [choiceNotOffered("messages")],
      });
    }
  });

  test("a mode the kind does not offer is refused, the same mode for another kind is not", () => {
    const kindModes: KindModes = { ...ALL, announcements: ["in_app"] };
    expect(errorOf(parse({ ...VALID, announcements: "email_now" }, kindModes))).toEqual({
      "modes.announcements": [choiceNotOffered("announcements")],
    });
    expect(parse({ ...VALID, messages: "email_now" }, kindModes).status).toBe("success");
  });
});
