import type { FieldMetadata } from "@conform-to/react";
import { getSelectProps } from "@conform-to/react";
import { lazy, Suspense } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { ErrorList, type SelectOption } from "./forms";
import { controlClass } from "./input";
import { Label } from "./label";

/**
 * A searchable list (ARIA 1.2 combobox + listbox) that posts the chosen option's value. Before
 * JavaScript it is a native `<select>` with the same name and options, so the form works either
 * way. Type to filter (by label, or an exact value such as a state code), ↑/↓ to move, Enter to
 * pick, Escape to close. The value lives in a hidden input; `onPick` tells the form (conform's
 * `form.update`) so validation and other fields follow. The searchable list is its own chunk,
 * loaded after hydration (ADR 033); the native select stands in until it arrives.
 *
 *   <Combobox label="State" field={fields.state} options={STATE_OPTIONS}
 *     placeholder="Search states..." selectPlaceholder="Select state" emptyText="No state found."
 *     onPick={(value) => form.update({ name: fields.state.name, value })} />
 */
export function Combobox({
  label,
  field,
  options,
  onPick,
  placeholder,
  selectPlaceholder = "Select…",
  emptyText = "No match found.",
  listLabel,
}: {
  label: string;
  field: FieldMetadata<string | undefined | null>;
  options: readonly SelectOption[];
  onPick: (value: string) => void;
  placeholder?: string;
  /** The empty first option of the no-JavaScript select. */
  selectPlaceholder?: string;
  emptyText?: string;
  /** Accessible name of the option list; defaults to the label. */
  listLabel?: string;
}) {
  const hydrated = useHydrated();
  const native = (
    <NativeSelect label={label} field={field} options={options} placeholder={selectPlaceholder} onPick={hydrated ? onPick : undefined} />
  );
  if (!hydrated) return native;
  return (
    <Suspense fallback={native}>
      <SearchableList
        label={label}
        field={field}
        options={options}
        onPick={onPick}
        placeholder={placeholder}
        emptyText={emptyText}
        listLabel={listLabel ?? label}
      />
    </Suspense>
  );
}

const SearchableList = lazy(() => import("./combobox-list"));

function NativeSelect({
  label,
  field,
  options,
  placeholder,
  onPick,
}: {
  label: string;
  field: FieldMetadata<string | undefined | null>;
  options: readonly SelectOption[];
  placeholder: string;
  /** While the searchable list loads, a pick in the stand-in select still reaches the form. */
  onPick?: (value: string) => void;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <select
        key={key}
        {...props}
        onChange={onPick ? (event) => onPick(event.currentTarget.value) : undefined}
        className={controlClass("md", "mt-1 block w-full")}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
