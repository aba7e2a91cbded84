// An item's cash limits (ADR 080 "Cash"): "I'd add up to $X" and "I need at least $Y back", the same two fields
// when an item is offered (my-items.tsx) and on its want list (want-list.tsx).
import type { ComponentProps } from "react";
import { Field } from "~/components/ui/forms";
import { SWAP_DAY_TEXT } from "~/shared/copy/swap-days";

type FieldOf = ComponentProps<typeof Field>["field"];
const MONEY = { type: "number", min: 0, step: 0.01, inputMode: "decimal" } as const;

export function CashLimitFields({ addUpTo, needBack }: { addUpTo: FieldOf; needBack: FieldOf }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={SWAP_DAY_TEXT.addUpTo} field={addUpTo} description={SWAP_DAY_TEXT.addUpToHint} inputProps={MONEY} />
      <Field label={SWAP_DAY_TEXT.needBack} field={needBack} description={SWAP_DAY_TEXT.needBackHint} inputProps={MONEY} />
    </div>
  );
}
