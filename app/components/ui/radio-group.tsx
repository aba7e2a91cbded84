import type { ReactNode } from "react";
import { describedBy, ErrorList, FieldDescription } from "./field";
import { Legend } from "./label";

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode };

/**
 * One choice of a few, as native radios in a fieldset: the legend names the group, each option is a
 * label on a 44 px row with an optional one-line hint, and `errors` shows under it (the fieldset
 * points at its description and error). Uncontrolled (`defaultValue`), so it works without JavaScript.
 *
 *   <RadioGroup id="notify-deals" name="deals" legend="Deals" defaultValue="in_app"
 *     options={[{ value: "in_app", label: "In the app only" }, …]} />
 */
export function RadioGroup({
  id,
  name,
  legend,
  description,
  options,
  defaultValue,
  errors,
  className,
}: {
  /** Prefix of the ids inside: `${id}-description`, `${id}-error`, `${id}-${value}`. */
  id: string;
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly RadioOption[];
  defaultValue?: string;
  errors?: string[] | null;
  className?: string;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <fieldset id={id} className={className} aria-describedby={describedBy(id, description, errors)} aria-invalid={invalid || undefined}>
      <Legend className="font-semibold">{legend}</Legend>
      <FieldDescription id={`${id}-description`} className="mt-0">
        {description}
      </FieldDescription>
      <div className="mt-1 flex flex-col">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} htmlFor={optionId} className="ui-radio">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                defaultChecked={option.value === defaultValue}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
              />
              <span>
                {option.label}
                {option.hint ? (
                  // Read as the radio's description (aria-describedby), not as part of its name.
                  <span id={`${optionId}-hint`} aria-hidden="true" className="block text-slate-600">
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <ErrorList id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
