import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { DEVICE_LOCATION_FAILED, UNABLE_TO_FIND_LOCATION, type AddressSuggestion } from "~/models/address";
import {
  cleanPostcodeInput,
  EMPTY_POSTCODE_MESSAGE,
  isRepeatOfFailedSearch,
  POSTCODE_MAX_LENGTH,
  postcodeErrorAfterInput,
  postcodeSearchState,
  type PostcodeSearchState,
} from "~/models/postcode";
import {
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  serialiseRecentSearches,
  type RecentSearch,
} from "~/models/recent-searches";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import {
  chooseFields,
  GEOLOCATION_OPTIONS,
  lookupTermFor,
  moveActive,
  readSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  suggestionUrl,
} from "./suggestions";
import * as s from "./StoreSearch.css";

export type { AddressSuggestion as Suggestion } from "~/models/address";

export interface StoreSearchProps {
  /** White-label storeSearchMode. */
  mode: "postcode" | "address";
  /** The route handling every post of the widget. */
  action: string;
  /** Where the shopper is, for the route to come back to. */
  redirectTo: string;
  csrf: string;
  postcodePlaceholder?: string;
  addressPlaceholder?: string;
  /** The last postcode searched; when `error` is set, the value that caused it. */
  defaultPostcode?: string;
  /** The text last searched in address mode, kept in the field beside its results. */
  defaultAddressQuery?: string;
  /** The inline message for the field, in the spec's words. */
  error?: string | null;
  recent: RecentSearch[];
  /** Addresses to choose from after a search without JavaScript (or a device look-up); [] when none matched. */
  addressResults?: AddressSuggestion[] | null;
  /** JSON GET endpoint: `?term=` → `{ suggestions }`. */
  suggestUrl: string;
  /** White-label deviceLocationLookup, sent with the device position. */
  deviceLocation: "postcode" | "addresses";
  /** The business's postcode rules; with them the browser rejects a bad postcode without a round trip. */
  postcodeRules?: readonly string[];
  /** The postcode search's button; "Find stores" unless a page names it otherwise. */
  submitLabel?: string;
}

function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

function HiddenFields({ csrf, redirectTo, intent }: { csrf: string; redirectTo: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={f.errorMessage}>
      <span className={visuallyHidden}>Error: </span>
      {message}
    </p>
  );
}

/** Whether the router is busy with a post of this intent (so its button can say what is happening). */
function usePendingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function LocationIcon() {
  return (
    <svg
      className={s.locateIcon}
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden
      focusable={false}
    >
      <circle cx={12} cy={12} r={7} />
      <circle cx={12} cy={12} r={2} fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}

function UseMyLocation({
  action,
  csrf,
  redirectTo,
  deviceLocation,
}: Pick<StoreSearchProps, "action" | "csrf" | "redirectTo" | "deviceLocation">) {
  // Only script can use the device position, and only where the browser offers it.
  const supported = useHydrated() && "geolocation" in navigator;
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = useSubmit();
  const pending = usePendingIntent("device");
  const errorId = useId();

  if (!supported) return null;

  const busy = locating || pending;

  function locate() {
    if (busy) return;
    setFailed(false);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void submit(
          {
            csrf,
            intent: "device",
            redirectTo,
            latitude: String(position.coords.latitude),
            longitude: String(position.coords.longitude),
            lookup: deviceLocation,
          },
          { method: "post", action },
        );
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      GEOLOCATION_OPTIONS,
    );
  }

  return (
    <>
      <button
        type="button"
        className={cx(f.button.secondary, s.locate)}
        onClick={locate}
        aria-busy={busy || undefined}
        aria-describedby={failed ? errorId : undefined}
      >
        <LocationIcon />
        {busy ? "Locating…" : "Use my location"}
      </button>
      {failed ? (
        <p id={errorId} role="alert" className={cx(f.errorMessage, s.locateError)}>
          {DEVICE_LOCATION_FAILED}
        </p>
      ) : null}
    </>
  );
}

interface PostcodeFormProps extends Pick<
  StoreSearchProps,
  "action" | "csrf" | "redirectTo" | "postcodeRules" | "deviceLocation" | "submitLabel"
> {
  placeholder: string;
  defaultPostcode: string;
  error: string | null;
}

function PostcodeForm({
  action,
  csrf,
  redirectTo,
  placeholder,
  defaultPostcode,
  error,
  postcodeRules,
  deviceLocation,
  submitLabel,
}: PostcodeFormProps) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = usePendingIntent("postcode");

  // The last failed search (kept to reject a repeat) and whether its error is on show; both follow new props.
  const [failed, setFailed] = useState<PostcodeSearchState>({ value: defaultPostcode, error });
  const [shown, setShown] = useState(Boolean(error));
  const [fromProps, setFromProps] = useState({ defaultPostcode, error });
  if (fromProps.defaultPostcode !== defaultPostcode || fromProps.error !== error) {
    setFromProps({ defaultPostcode, error });
    setFailed({ value: defaultPostcode, error });
    setShown(Boolean(error));
  }

  // A failed search returns focus to the field, so the message is read with it.
  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error, defaultPostcode]);

  const message = shown ? failed.error : null;

  function reject(state: PostcodeSearchState, event: FormEvent) {
    event.preventDefault();
    setFailed(state);
    setShown(true);
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const value = inputRef.current?.value ?? "";
    if (postcodeRules?.length) {
      const step = postcodeSearchState(failed, value, postcodeRules);
      if (!step.search) reject(step.state, event);
      return;
    }
    // Without the rules the browser still catches the two cases that need no rules: a repeat and an empty field.
    if (isRepeatOfFailedSearch(failed, value)) reject(failed, event);
    else if (!cleanPostcodeInput(value)) reject({ value: "", error: EMPTY_POSTCODE_MESSAGE }, event);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    if (!shown || !postcodeRules?.length) return;
    setShown(postcodeErrorAfterInput(failed, event.currentTarget.value, postcodeRules) !== null);
  }

  return (
    <>
      <Form method="post" action={action} className={s.inlineForm} onSubmit={onSubmit}>
        <HiddenFields csrf={csrf} redirectTo={redirectTo} intent="postcode" />
        <div className={cx(s.group, message && f.formGroupError)}>
          <label htmlFor={inputId} className={f.label}>
            Postcode
          </label>
          {message ? <FieldError id={errorId} message={message} /> : null}
          <div className={s.row}>
            <input
              ref={inputRef}
              id={inputId}
              name="postcode"
              type="text"
              className={cx(f.input, s.field, s.postcodeInput, message && f.fieldError)}
              maxLength={POSTCODE_MAX_LENGTH}
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              placeholder={placeholder}
              defaultValue={defaultPostcode}
              onChange={onChange}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
            <button type="submit" className={cx(f.button.primary, s.submit)} aria-busy={pending || undefined}>
              {pending ? "Finding stores…" : (submitLabel ?? "Find stores")}
            </button>
          </div>
        </div>
      </Form>
      <UseMyLocation action={action} csrf={csrf} redirectTo={redirectTo} deviceLocation={deviceLocation} />
    </>
  );
}

interface AddressFormProps extends Pick<StoreSearchProps, "action" | "csrf" | "redirectTo" | "suggestUrl"> {
  placeholder: string;
  defaultQuery: string;
  error: string | null;
}

/**
 * Address search. Without script it is a text search whose matches the route lists to choose from; with script
 * the field becomes a combobox (ARIA 1.2 pattern) offering suggestions as the shopper types.
 */
function AddressForm({ action, csrf, redirectTo, suggestUrl, placeholder, defaultQuery, error }: AddressFormProps) {
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

function AddressResults({
  results,
  action,
  csrf,
  redirectTo,
}: { results: AddressSuggestion[] } & Pick<StoreSearchProps, "action" | "csrf" | "redirectTo">) {
  const headingId = useId();
  return (
    <section className={s.results} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.subheading}>
        Choose your address
      </h2>
      <ul className={s.plainList}>
        {results.map((result) => (
          <li key={result.placeId} className={s.resultItem}>
            <Form method="post" action={action} className={s.inlineForm}>
              <HiddenFields csrf={csrf} redirectTo={redirectTo} intent="address-choose" />
              {Object.entries(chooseFields(result)).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className={s.resultButton}>
                {result.description}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Reads browser storage, which may be switched off or full; the widget works the same without it. */
function readStoredRecent(): RecentSearch[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(RECENT_SEARCHES_KEY));
  } catch {
    return [];
  }
}

function writeStoredRecent(list: RecentSearch[]): void {
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, serialiseRecentSearches(list));
  } catch {
    // Storage refused: the cookie still carries the list.
  }
}

function RecentSearches({
  recent,
  action,
  csrf,
  redirectTo,
}: Pick<StoreSearchProps, "recent" | "action" | "csrf" | "redirectTo">) {
  const titleId = useId();
  // The cookie's list is the server's truth; browser storage fills in when the cookie has gone.
  const hydrated = useHydrated();
  const list = recent.length || !hydrated ? recent : readStoredRecent();
  useEffect(() => {
    if (recent.length) writeStoredRecent(recent);
  }, [recent]);

  if (!list.length) return null;
  return (
    <div className={s.recent}>
      <p id={titleId} className={s.recentTitle}>
        Recent searches
      </p>
      <ul className={s.recentList} aria-labelledby={titleId}>
        {list.map((entry) => (
          <li key={`${entry.postcode ?? ""}|${entry.address ?? ""}`}>
            <Form method="post" action={action} className={s.inlineForm}>
              <HiddenFields
                csrf={csrf}
                redirectTo={redirectTo}
                intent={entry.address ? "address-choose" : "postcode"}
              />
              {entry.postcode ? <input type="hidden" name="postcode" value={entry.postcode} /> : null}
              {entry.address ? <input type="hidden" name="description" value={entry.address} /> : null}
              <button type="submit" className={s.recentButton}>
                {entry.address ?? entry.postcode}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The store search widget (spec 1 §2, §4): a postcode field with "Find stores" and "Use my location", or an
 * address search, then recent searches. Every part is a plain form post, so it works before and without script.
 */
export function StoreSearch(props: StoreSearchProps) {
  const { mode, action, csrf, redirectTo, recent, addressResults } = props;
  // An address search that matched nothing says so in the field (spec 1 §8).
  const noMatches = mode === "address" && addressResults?.length === 0 ? UNABLE_TO_FIND_LOCATION : null;
  const error = props.error ?? noMatches;

  return (
    <div className={s.root}>
      {mode === "postcode" ? (
        <PostcodeForm
          action={action}
          csrf={csrf}
          redirectTo={redirectTo}
          placeholder={props.postcodePlaceholder ?? "Postcode"}
          defaultPostcode={props.defaultPostcode ?? ""}
          error={error}
          postcodeRules={props.postcodeRules}
          deviceLocation={props.deviceLocation}
          submitLabel={props.submitLabel}
        />
      ) : (
        <AddressForm
          action={action}
          csrf={csrf}
          redirectTo={redirectTo}
          suggestUrl={props.suggestUrl}
          placeholder={props.addressPlaceholder ?? "Enter your address"}
          defaultQuery={props.defaultAddressQuery ?? ""}
          error={error}
        />
      )}
      {addressResults?.length ? (
        <AddressResults results={addressResults} action={action} csrf={csrf} redirectTo={redirectTo} />
      ) : null}
      <RecentSearches recent={recent} action={action} csrf={csrf} redirectTo={redirectTo} />
    </div>
  );
}
