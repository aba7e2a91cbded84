// The searchable half of the combobox (combobox.tsx): loaded once the page is hydrated, so it is
// not in the page's first load (ADR 033); until it is here the native select stands in.
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useMemo, useState } from "react";
import { ErrorList, type SelectOption } from "./forms";
import { controlClass } from "./input";
import { Label } from "./label";

export default function SearchableList({
  label,
  field,
  options,
  onPick,
  placeholder,
  emptyText,
  listLabel,
}: {
  label: string;
  field: FieldMetadata<string | undefined | null>;
  options: readonly SelectOption[];
  onPick: (value: string) => void;
  placeholder?: string;
  emptyText: string;
  listLabel: string;
}) {
  const listId = useId();
  const value = typeof field.value === "string" ? field.value : "";
  const selected = options.find((o) => o.value === value);
  const [query, setQuery] = useState(selected?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // When the value changes from outside (a ZIP lookup, a reset), the text follows.
  useEffect(() => setQuery(selected?.label ?? ""), [selected?.label]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q || q === selected?.label.toLowerCase()) return options;
    return options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase() === q);
  }, [query, selected?.label, options]);

  function pick(next: string) {
    onPick(next);
    setQuery(options.find((o) => o.value === next)?.label ?? "");
    setOpen(false);
  }

  const optionId = (o: SelectOption) => `${listId}-${o.value.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="relative">
      <Label htmlFor={field.id}>{label}</Label>
      <input type="hidden" name={field.name} value={value} />
      <input
        id={field.id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={placeholder}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        aria-activedescendant={open && matches[active] ? optionId(matches[active]) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, matches.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            if (matches[active]) pick(matches[active].value);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
        className={controlClass("md", "mt-1 block w-full")}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">{emptyText}</li>
          ) : (
            matches.map((o, i) => (
              <li
                key={o.value}
                id={optionId(o)}
                role="option"
                aria-selected={o.value === value}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o.value);
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
              >
                {o.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
