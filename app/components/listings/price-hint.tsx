import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Button } from "../ui/button";
import { CHOOSE_FOR_GUIDANCE } from "~/shared/copy/price-guidance";

/** The form fields the guidance is asked about (app/shared/schemas/price-guidance.ts). */
const ASKED = ["sport", "equipmentType", "condition", "brand", "brandCustom", "zipCode", "clubIds"] as const;

/**
 * The price hint under the listing form's price (ADR 086): what similar items sold for. Without
 * JavaScript, 'Suggest a price' posts the form to its own action, which renders it again with the
 * hint (as after any refused save); with JavaScript, the hint follows the fields as they change,
 * from /api/price-guidance — the same question through the same schema — and the button goes.
 *
 *   <PriceHint formId="listing-form" hint={state.guidance} />
 */
export function PriceHint({ formId, hint }: { formId: string; hint: string | null | undefined }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ hint: string | null }>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = "";
    const ask = () => {
      const data = new FormData(form);
      const query = new URLSearchParams();
      for (const name of ASKED) for (const value of data.getAll(name)) if (typeof value === "string" && value) query.append(name, value);
      // 'Other' is the typed brand (askOfForm on the server does the same).
      if (query.get("brand") === "Other") query.set("brand", query.get("brandCustom") ?? "");
      query.delete("brandCustom");
      const next = query.toString();
      if (next === last) return;
      last = next;
      load.current(`/api/price-guidance?${next}`);
    };
    const onChange = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name || !(ASKED as readonly string[]).includes(name)) return;
      clearTimeout(timer);
      timer = setTimeout(ask, 300);
    };
    form.addEventListener("change", onChange);
    form.addEventListener("input", onChange);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("change", onChange);
      form.removeEventListener("input", onChange);
    };
  }, [formId]);
  const shown = fetcher.data ? fetcher.data.hint : hint;
  return (
    <div className="-mt-3 flex flex-wrap items-center gap-2" data-testid="price-hint">
      <p aria-live="polite" className="text-sm text-slate-700">
        {shown ?? (hydrated ? CHOOSE_FOR_GUIDANCE : null)}
      </p>
      {hydrated ? null : (
        <Button type="submit" name="intent" value="suggest-price" formNoValidate variant="secondary" size="sm" className="font-normal">
          Suggest a price
        </Button>
      )}
    </div>
  );
}
