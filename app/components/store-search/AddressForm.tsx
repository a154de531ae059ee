import { useEffect, useId, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { UNABLE_TO_FIND_LOCATION, type AddressSuggestion } from "~/models/address";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { cx, FieldError, HiddenFields, usePendingIntent, type FormTarget } from "./FormParts";
import {
  chooseFields,
  lookupTermFor,
  moveActive,
  readSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  suggestionUrl,
} from "./suggestions";
import * as s from "./StoreSearch.css";

export interface AddressFormProps extends FormTarget {
  /** JSON GET endpoint: `?term=` → `{ suggestions }`. */
  suggestUrl: string;
  placeholder: string;
  /** The text last searched, kept in the field beside its results. */
  defaultQuery: string;
  /** The inline message for the field, in the spec's words. */
  error: string | null;
}

/**
 * Address search. Without script it is a text search whose matches the route lists to choose from; with script
 * the field becomes a combobox (ARIA 1.2 pattern) offering suggestions as the shopper types.
 */
export function AddressForm({
  action,
  csrf,
  redirectTo,
  suggestUrl,
  placeholder,
  defaultQuery,
  error,
}: AddressFormProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const pending = usePendingIntent("address-search");
  const inputId = useId();
  const errorId = useId();
  const listId = useId();
  const statusId = useId();

  const [query, setQuery] = useState(defaultQuery);
  const [lookupTerm, setLookupTerm] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [serverErrorShown, setServerErrorShown] = useState(Boolean(error));
  const [errorFromProps, setErrorFromProps] = useState(error);
  if (errorFromProps !== error) {
    setErrorFromProps(error);
    setServerErrorShown(Boolean(error));
  }

  useEffect(() => {
    if (lookupTerm === null) return;
    const controller = new AbortController();
    const lookUp = async () => {
      try {
        const response = await fetch(suggestionUrl(suggestUrl, lookupTerm, window.location.href), {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        const found = response.ok ? readSuggestions(await response.json()) : [];
        if (controller.signal.aborted) return;
        setSuggestions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setLookupError(found.length ? null : UNABLE_TO_FIND_LOCATION);
      } catch {
        if (controller.signal.aborted) return;
        setSuggestions([]);
        setOpen(false);
        setLookupError(UNABLE_TO_FIND_LOCATION);
      }
    };
    const timer = window.setTimeout(() => void lookUp(), SUGGESTION_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [lookupTerm, suggestUrl]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.currentTarget.value;
    setQuery(value);
    setServerErrorShown(false);
    const term = lookupTermFor(value);
    if (!term) {
      // Clearing the box empties the suggestions at once (spec 1 §4).
      setLookupTerm(null);
      setLookupError(null);
      setSuggestions([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    // Only a new term is looked up again; a space added at the end keeps the answer already shown.
    if (term === lookupTerm) return;
    setLookupError(null);
    setLookupTerm(term);
  }

  function choose(suggestion: AddressSuggestion) {
    setQuery(suggestion.description);
    setLookupTerm(null);
    setOpen(false);
    setActive(-1);
    void submit(
      { csrf, intent: "address-choose", redirectTo, ...chooseFields(suggestion) },
      { method: "post", action },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(open ? current : -1, suggestions.length, event.key as "ArrowDown" | "ArrowUp"));
    } else if (event.key === "Enter") {
      const chosen = open ? suggestions[active] : undefined;
      // With no option active, Enter submits the text search as it would without script.
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const message = lookupError ?? (serverErrorShown ? error : null);
  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  const combobox = hydrated
    ? {
        role: "combobox" as const,
        "aria-autocomplete": "list" as const,
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": activeId,
      }
    : {};

  return (
    <Form method="post" action={action} className={s.inlineForm}>
      <HiddenFields csrf={csrf} redirectTo={redirectTo} intent="address-search" />
      <div className={cx(s.group, message && f.formGroupError)}>
        <label htmlFor={inputId} className={f.label}>
          Address
        </label>
        {message ? <FieldError id={errorId} message={message} /> : null}
        <div className={s.row}>
          <div className={s.combobox}>
            <input
              id={inputId}
              name="addressQuery"
              type="text"
              className={cx(f.input, message && f.fieldError)}
              // The browser's own autofill list would cover the suggestions once they exist.
              autoComplete={hydrated ? "off" : "street-address"}
              spellCheck={false}
              enterKeyHint="search"
              placeholder={placeholder}
              value={query}
              onChange={onChange}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              {...combobox}
            />
            {hydrated ? (
              <ul id={listId} role="listbox" aria-label="Address suggestions" className={s.listbox} hidden={!open}>
                {suggestions.map((suggestion, index) => (
                  <li
                    key={suggestion.placeId}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className={s.option}
                    // Chosen as the button goes down, keeping focus in the field, so the blur that closes the list
                    // does not beat the choice. Keys choose on the field itself (aria-activedescendant).
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(suggestion);
                    }}
                  >
                    {suggestion.description}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <button type="submit" className={cx(f.button.primary, s.submit)} aria-busy={pending || undefined}>
            {pending ? "Searching…" : "Search"}
          </button>
        </div>
        {hydrated ? (
          <p id={statusId} role="status" className={visuallyHidden}>
            {open
              ? `${suggestions.length} ${suggestions.length === 1 ? "address" : "addresses"} found, use the up and down arrows to choose`
              : (lookupError ?? "")}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
