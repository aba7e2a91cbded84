// Every free-text field of every schema goes through text() / optionalText(): trimmed,
// length-capped and free of control characters (app/shared/text.ts, ADR 016). Built from
// .min/.max so conform still derives required / maxLength for the no-JavaScript form.
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/shared/text";

type TextOptions = {
  max: number;
  /** Message when longer than `max`. */
  tooLong?: string;
  /** Line breaks and tabs allowed (textareas). */
  multiline?: boolean;
  /** Passwords keep their spaces. */
  trim?: boolean;
};

function base(opts: TextOptions, error?: string) {
  const s = z.string(error ? { error } : undefined);
  return opts.trim === false ? s : s.trim();
}

const clean = (opts: TextOptions) => (v: string) => !hasControlCharacters(v, { multiline: opts.multiline });

/** A required text field: `required` is the message when it is missing or blank. */
export function text(opts: TextOptions & { required: string; min?: number; tooShort?: string }) {
  return base(opts, opts.required)
    .min(opts.min ?? 1, opts.tooShort ?? opts.required)
    .max(opts.max, opts.tooLong ?? `Must be at most ${opts.max} characters`)
    .refine(clean(opts), CONTROL_CHARACTERS_MESSAGE);
}

/** An optional text field (conform leaves an empty input out). */
export function optionalText(opts: TextOptions) {
  return base(opts)
    .max(opts.max, opts.tooLong ?? `Must be at most ${opts.max} characters`)
    .refine(clean(opts), CONTROL_CHARACTERS_MESSAGE)
    .optional();
}
