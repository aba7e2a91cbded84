import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type KeyboardEvent, type MutableRefObject } from "react";
import { SEARCH_LIMITS, SEARCH_TIMINGS_MS } from "~/shared/catalog/browse-options";

// The list half of SearchSuggest (./search-suggest), loaded the first time a search box gets
// focus. It fetches, debounces, renders the options and hands the input its ARIA state
// (`setAria`) and its focus and key handling (`handlers`).

export type Suggestion = { key: string; label: string; detail?: string; value: string; href?: string };

export type SuggestionKind = "listings" | "locations" | "clubs";

/** What the list part hands back to the input: its ARIA state... */
export type SuggestionAria = { expanded: boolean; activeId?: string };
/** ...and its event handlers. */
export type SuggestionHandlers = {
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/** Each kind's resource route (answering `?q=`) and how its JSON becomes rows. */
const SOURCES: Record<SuggestionKind, { endpoint: string; rows: (body: unknown) => Suggestion[] }> = {
  listings: { endpoint: "/api/suggest/listings", rows: toListingSuggestions },
  locations: { endpoint: "/api/suggest/locations", rows: toLocationSuggestions },
  clubs: { endpoint: "/api/suggest/clubs", rows: toClubSuggestions },
};

type Props = {
  kind: SuggestionKind;
  listId: string;
  label: string;
  value: string;
  /** Whether the value was typed (not a default or a picked row): only typing asks for suggestions. */
  typed: MutableRefObject<boolean>;
  debounceMs: number;
  setAria: (aria: SuggestionAria) => void;
  handlers: MutableRefObject<SuggestionHandlers>;
  pick: (suggestion: Suggestion) => void;
};

/** The component type SearchSuggest holds once this chunk has arrived. */
export type SuggestionList = typeof SuggestionList;

export function SuggestionList({ kind, listId, label, value, typed, debounceMs, setAria, handlers, pick: choose }: Props) {
  const navigate = useNavigate();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [hideTimer] = useState<{ id?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    const query = value.trim();
    if (!typed.current || query.length < SEARCH_LIMITS.suggestionMinChars) {
      setItems([]);
      return;
    }
    const { endpoint, rows } = SOURCES[kind];
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`${endpoint}?${new URLSearchParams({ q: query })}`, { signal: controller.signal });
        // Submitted (Enter) while this was on its way: the visitor is done with suggestions.
        if (!response.ok || !typed.current) return;
        setItems(rows(await response.json()));
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
  }, [value, kind, debounceMs, typed]);

  function pick(item: Suggestion) {
    setOpen(false);
    choose(item);
    if (item.href) navigate(item.href);
  }

  const expanded = open && items.length > 0;
  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;
  useEffect(() => setAria({ expanded, activeId }), [setAria, expanded, activeId]);
  useEffect(() => {
    handlers.current = {
      onFocus: () => {
        clearTimeout(hideTimer.id);
        if (items.length) setOpen(true);
      },
      onBlur: () => {
        hideTimer.id = setTimeout(() => setOpen(false), SEARCH_TIMINGS_MS.suggestionsHideAfterBlur);
      },
      onKeyDown: (event) => {
        // Enter without a highlighted row submits the form: close the list (and forget a pending
        // fetch) so it does not stay open over the results.
        if (event.key === "Enter" && !(expanded && active >= 0)) {
          typed.current = false;
          setOpen(false);
          return;
        }
        if (!expanded) return;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActive((index) => (index + step + items.length) % items.length);
        } else if (event.key === "Enter" && active >= 0) {
          event.preventDefault();
          pick(items[active]);
        } else if (event.key === "Escape") {
          // Handled: a menu holding this box (useDismissMenus) stays open.
          event.preventDefault();
          setOpen(false);
        }
      },
    };
  });

  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={`${label} suggestions`}
      hidden={!expanded}
      // Its own text colour: inside the green hero it inherited white, and the rows were invisible.
      className="absolute left-0 right-0 top-full z-40 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-left text-sm text-slate-900 shadow-lg"
    >
      {items.map((item, index) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys live on the combobox input (aria-activedescendant), as the ARIA combobox pattern says
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
          {item.detail && <span className="block truncate text-xs text-slate-600">{item.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

export function toListingSuggestions(body: unknown): Suggestion[] {
  const rows =
    (body as { suggestions?: { id: string; title: string; priceCents: number | null; city: string; state: string }[] }).suggestions ?? [];
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
