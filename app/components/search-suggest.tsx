import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { LIMITS, TIMINGS_MS } from "~/catalog";

export type Suggestion = { key: string; label: string; detail?: string; value: string; href?: string };

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onSelect"> & {
  label: string;
  /** Resource route answering `?q=`; `toSuggestions` maps its JSON to rows. */
  endpoint: string;
  toSuggestions: (body: unknown) => Suggestion[];
  debounceMs: number;
  /** Called with the chosen row (after the input shows its value); a row with href navigates. */
  onPick?: (suggestion: Suggestion) => void;
  labelClassName?: string;
};

/**
 * A text input with a suggestion list (ARIA combobox). Without JavaScript it is a plain input in
 * its GET form. Suggestions start after 2 trimmed characters, debounced, and the list hides 200 ms
 * after the input loses focus (spec 01 §9) so a click on a row still lands.
 */
export function SearchSuggest({ label, endpoint, toSuggestions, debounceMs, onPick, labelClassName = "sr-only", defaultValue, ...input }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [value, setValue] = useState(String(defaultValue ?? ""));
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => setValue(String(defaultValue ?? "")), [defaultValue]);

  useEffect(() => {
    const query = value.trim();
    if (!typed.current || query.length < LIMITS.suggestionMinChars) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`${endpoint}?${new URLSearchParams({ q: query })}`, { signal: controller.signal });
        if (!response.ok) return;
        setItems(toSuggestions(await response.json()));
        setActive(-1);
        setOpen(true);
      } catch {
        // Suggestions are a nicety: failures are only logged server-side (spec 01 §8).
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, endpoint, debounceMs, toSuggestions]);

  function pick(item: Suggestion) {
    typed.current = false;
    setValue(item.value);
    setOpen(false);
    onPick?.(item);
    if (item.href) navigate(item.href);
  }

  const expanded = open && items.length > 0;
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        onChange={(event) => {
          typed.current = true;
          setValue(event.target.value);
          input.onChange?.(event);
        }}
        onFocus={() => {
          clearTimeout(hideTimer.current);
          if (items.length) setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), TIMINGS_MS.suggestionsHideAfterBlur);
        }}
        onKeyDown={(event) => {
          if (!expanded) return;
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((index) => (index + step + items.length) % items.length);
          } else if (event.key === "Enter" && active >= 0) {
            event.preventDefault();
            pick(items[active]);
          } else if (event.key === "Escape") {
            setOpen(false);
          }
        }}
        className={`w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${input.className ?? ""}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {items.map((item, index) => (
          <li
            key={item.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(item)}
            className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand-50 text-brand-800" : "hover:bg-slate-50"}`}
          >
            <span className="block truncate font-medium">{item.label}</span>
            {item.detail && <span className="block truncate text-xs text-slate-500">{item.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

// The three kinds of suggestions used by the search bars. Module-level so the effect's
// dependencies stay stable.

export function toListingSuggestions(body: unknown): Suggestion[] {
  const rows = (body as { suggestions?: { id: string; title: string; priceCents: number | null; city: string; state: string }[] }).suggestions ?? [];
  return rows.map((row) => ({
    key: row.id,
    label: row.title,
    detail: `${row.priceCents !== null ? `$${(row.priceCents / 100).toFixed(2).replace(/\.00$/, "")} · ` : ""}${row.city}, ${row.state}`,
    value: row.title,
    href: `/listing/${row.id}`,
  }));
}

export function toLocationSuggestions(body: unknown): Suggestion[] {
  const rows = (body as { locations?: { displayName: string; city: string; state: string; zip?: string }[] }).locations ?? [];
  // A ZIP row fills the box with the ZIP (sent as zip); a city row with 'City, ST'.
  return rows.map((row) => ({ key: row.displayName, label: row.displayName, value: row.zip ?? `${row.city}, ${row.state}` }));
}

export function toClubSuggestions(body: unknown): Suggestion[] {
  const rows = (body as { clubs?: { id: string; slug: string; name: string }[] }).clubs ?? [];
  return rows.map((row) => ({ key: row.id, label: row.name, value: row.name, detail: row.slug }));
}
