// conform's getZodConstraint reads lengths, bounds and patterns from zod's internal `_zod.bag`,
// which zod 4.6 no longer fills: only `required` came through, so no input got its maxLength,
// min/max or pattern. This reads them from the schema's checks instead (conform's answer wins
// where it has one). Form pages only — they load zod and conform anyway.
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

export type FieldConstraint = ReturnType<typeof getZodConstraint>[string];

type Def = {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
};
type Schema = { _zod: { def: Def } };

function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if ((def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "prefault") && def.innerType)
      current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else return current;
  }
}

/** `/^\d{5}$/` → `\d{5}` (the browser anchors `pattern`); null when flags would change its meaning. */
function htmlPattern(pattern: unknown): string | null {
  if (typeof pattern !== "object" || pattern === null || !("source" in pattern) || !("flags" in pattern)) return null;
  const { source, flags } = pattern as { source: string; flags: string };
  if (flags.replace(/[gu]/g, "") !== "") return null;
  return source.replace(/^\^/, "").replace(/(?<!\\)\$$/, "");
}

function fromChecks(schema: Schema): FieldConstraint {
  const def = unwrap(schema)._zod.def;
  const found: FieldConstraint = {};
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (def.type === "string") {
      if (c.check === "min_length") found.minLength = c.minimum as number;
      else if (c.check === "max_length") found.maxLength = c.maximum as number;
      else if (c.check === "length_equals") found.minLength = found.maxLength = c.length as number;
      else if (c.check === "string_format" && c.format === "regex") {
        const pattern = htmlPattern(c.pattern);
        if (pattern) found.pattern = pattern;
      }
    } else if (def.type === "number") {
      if (c.check === "greater_than" && c.inclusive) found.min = c.value as number;
      else if (c.check === "less_than" && c.inclusive) found.max = c.value as number;
    }
  }
  return found;
}

/**
 * The HTML constraints of an object schema's fields, for `useForm({ constraint })`:
 *
 *   const [form, fields] = useForm({ constraint: getFormConstraint(SignUpSchema), … });
 *   // fields.zipCode → required, pattern "\d{5}"; fields.firstName → required, maxLength 100
 */
export function getFormConstraint(schema: z.ZodType): Record<string, FieldConstraint> {
  // A fresh object: conform may hand back a cached one (and vitest's CJS build did not take writes).
  const result: Record<string, FieldConstraint> = { ...getZodConstraint(schema) };
  const root = unwrap(schema as unknown as Schema)._zod.def;
  for (const [name, field] of Object.entries(root.shape ?? {})) {
    const known = Object.fromEntries(Object.entries(result[name] ?? {}).filter(([, value]) => value !== undefined));
    result[name] = { ...fromChecks(field), ...known };
  }
  return result;
}
