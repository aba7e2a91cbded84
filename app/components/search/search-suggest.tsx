import { useEffect, useId, useRef, useState, type FocusEvent, type InputHTMLAttributes } from "react";
// Types only from the list's module (erased from the bundle); the list itself arrives by import() below.
import type { Suggestion, SuggestionAria, SuggestionHandlers, SuggestionKind, SuggestionList } from "./search-suggest-list";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onSelect"> & {
  label: string;
  /** Which suggestions: listings (keyword), locations, or clubs — each has its resource route. */
  kind: SuggestionKind;
  debounceMs: number;
  /** Called with the chosen row (after the input shows its value); a row with href navigates. */
  onPick?: (suggestion: Suggestion) => void;
  /** The label is for screen readers only unless shown: as a form label, or the filters' small one. */
  showLabel?: "label" | "small";
};

/**
 * A text input with a suggestion list (ARIA combobox). Without JavaScript it is a plain input in
 * its GET form. The list's code (fetching, debouncing, keyboard, rendering) is its own chunk,
 * fetched the first time the box gets focus, so the pages that carry these boxes do not ship it
 * up front (ADR 033). Suggestions start after 2 trimmed characters, debounced, and the list
 * hides 200 ms after the input loses focus (spec 01 §9) so a click on a row still lands.
 */
export function SearchSuggest({ label, kind, debounceMs, onPick, showLabel, defaultValue, ...input }: Props) {
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
      <Label htmlFor={id} small={showLabel === "small"} className={showLabel ? undefined : "sr-only"}>
        {label}
      </Label>
      <Input
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
        className={`w-full text-sm ${input.className ?? ""}`}
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
