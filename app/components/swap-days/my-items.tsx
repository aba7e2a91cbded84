// A member's own items in a Swap Day and the form that offers another (ADR 088). Real forms: they post without
// JavaScript; the server's refusal comes back into the form with what was chosen.
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { ErrorList, SelectField } from "~/components/ui/forms";
import { CashLimitFields } from "./cash-limit-fields";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { SWAP_DAY_TEXT } from "~/shared/copy/swap-days";
import { formatPrice } from "~/shared/format";
import type { OfferItemActionData } from "~/shared/schemas/swap-day-actions";

type Item = {
  id: string;
  code: string;
  title: string;
  priceCents: number;
  addUpToCents: number | null;
  needBackCents: number | null;
  status: string;
  removedReason: string | null;
};

export function MyItems({
  items,
  offerable,
  takingItems,
  lastResult,
}: {
  items: Item[];
  offerable: { id: string; title: string; priceCents: number }[];
  takingItems: boolean;
  lastResult: OfferItemActionData | undefined;
}) {
  const offering = useIsPending({ intent: "offer" });
  const [form, fields] = useForm<{ listingId: string; addUpTo: string; needBack: string }>({
    id: "offer-item",
    lastResult: lastResult?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <Card padding="md" as="section" aria-labelledby="your-items" className="space-y-3">
      <h2 id="your-items" className="text-lg font-semibold">
        {SWAP_DAY_TEXT.yourItems}
      </h2>
      {items.length === 0 ? <p className="text-sm text-slate-600">{SWAP_DAY_TEXT.noItems}</p> : null}
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{item.title}</span> · {formatPrice(item.priceCents)}
              <span className="ml-2 rounded bg-slate-100 px-1.5 font-mono text-sm">{SWAP_DAY_TEXT.code(item.code)}</span>
              {item.status === "removed" && item.removedReason ? (
                <span className="block text-sm text-amber-800">{SWAP_DAY_TEXT.removed[item.removedReason]}</span>
              ) : null}
              {item.status === "offered" && !takingItems ? (
                <span className="block text-sm text-slate-600">{SWAP_DAY_TEXT.held}</span>
              ) : null}
            </span>
            {takingItems && item.status === "offered" ? (
              <Form method="post">
                <input type="hidden" name="itemId" value={item.id} />
                <SubmitButton
                  name="intent"
                  value="withdraw"
                  tone="secondary"
                  size="sm"
                  pendingText={SWAP_DAY_TEXT.withdraw}
                  aria-label={`${SWAP_DAY_TEXT.withdraw} ${item.title}`}
                >
                  {SWAP_DAY_TEXT.withdraw}
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {takingItems ? (
        offerable.length === 0 ? (
          <p className="text-sm text-slate-600">{SWAP_DAY_TEXT.noListings}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-3 border-t border-slate-200 pt-3">
            <h3 className="font-semibold">{SWAP_DAY_TEXT.offerHeading}</h3>
            <input type="hidden" name="intent" value="offer" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SelectField
              label={SWAP_DAY_TEXT.listing}
              field={fields.listingId}
              description={SWAP_DAY_TEXT.offerHint}
              placeholder={SWAP_DAY_TEXT.chooseListing}
              options={offerable.map((l) => ({ value: l.id, label: `${l.title} · ${formatPrice(l.priceCents)}` }))}
              selectProps={{ required: true }}
            />
            <CashLimitFields addUpTo={fields.addUpTo} needBack={fields.needBack} />
            <div className="flex justify-end">
              <SubmitButton pending={offering} pendingText={SWAP_DAY_TEXT.offering}>
                {SWAP_DAY_TEXT.offer}
              </SubmitButton>
            </div>
          </Form>
        )
      ) : null}
    </Card>
  );
}
