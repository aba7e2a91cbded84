import { useEffect, useId, useRef, useState, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent } from "react";
import type { SuggestionList } from "./search-suggest-list";

export type { Suggestion, SuggestionKind } from "./search-suggest-list";
import type { Suggestion, SuggestionKind } from "./search-suggest-list";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onSelect"> & {
  label: string;
  /** Which suggestions: listings (keyword), locations, or clubs — each has its resource route. */
  kind: SuggestionKind;
  debounceMs: number;
  /** Called with the chosen row (after the input shows its value); a row with href navigates. */
  onPick?: (suggestion: Suggestion) => void;
  labelClassName?: string;
};

/** What the list part hands back to the input: its ARIA state... */
export type SuggestionAria = { expanded: boolean; activeId?: string };
/** ...and its event handlers. */
export type SuggestionHandlers = {
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * A text input with a suggestion list (ARIA combobox). Without JavaScript it is a plain input in
 * its GET form. The list's code (fetching, debouncing, keyboard, rendering) is its own chunk,
 * fetched the first time the box gets focus, so the pages that carry these boxes do not ship it
 * up front (issue 5 §6). Suggestions start after 2 trimmed characters, debounced, and the list
 * hides 200 ms after the input loses focus (spec 01 §9) so a click on a row still lands.
 */
export function SearchSuggest({ label, kind, debounceMs, onPick, labelClassName = "sr-only", defaultValue, ...input }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(String(defaultValue ?? ""));
  const [List, setList] = useState<SuggestionList | null>(null);
  const [aria, setAria] = useState<SuggestionAria>({ expanded: false });
  const handlers = useRef<SuggestionHandlers>({});
  const typed = useRef(false);

  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);

  // A new URL (navigation) resets the box; but on the first run keep whatever the visitor typed
  // before the page hydrated — the server-rendered input was already usable.
  useEffect(() => {
    const typedBeforeHydration = !mounted.current && inputRef.current && inputRef.current.value !== String(defaultValue ?? "");
    mounted.current = true;
    if (typedBeforeHydration) {
      typed.current = true;
      setValue(inputRef.current!.value);
    } else setValue(String(defaultValue ?? ""));
  }, [defaultValue]);

  function load() {
    if (!List) void import("./search-suggest-list").then((module) => setList(() => module.SuggestionList));
  }

  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        value={value}
        role="combobox"
        aria-expanded={aria.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={aria.activeId}
        autoComplete="off"
        onChange={(event) => {
          typed.current = true;
          setValue(event.target.value);
          input.onChange?.(event);
          load();
        }}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          load();
          handlers.current.onFocus?.();
          input.onFocus?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          handlers.current.onBlur?.();
          input.onBlur?.(event);
        }}
        onKeyDown={(event) => handlers.current.onKeyDown?.(event)}
        className={`min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${input.className ?? ""}`}
      />
      {List ? (
        <List
          kind={kind}
          listId={listId}
          label={label}
          value={value}
          typed={typed}
          debounceMs={debounceMs}
          setAria={setAria}
          handlers={handlers}
          pick={(item) => {
            typed.current = false;
            setValue(item.value);
            onPick?.(item);
          }}
        />
      ) : (
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} hidden />
      )}
    </div>
  );
}
