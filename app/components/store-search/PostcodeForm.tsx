import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form } from "react-router";
import {
  cleanPostcodeInput,
  EMPTY_POSTCODE_MESSAGE,
  isRepeatOfFailedSearch,
  POSTCODE_MAX_LENGTH,
  postcodeErrorAfterInput,
  postcodeSearchState,
  type PostcodeSearchState,
} from "~/models/postcode";
import * as f from "~/styles/forms.css";
import { cx, FieldError, HiddenFields, usePendingIntent } from "./FormParts";
import { UseMyLocation, type UseMyLocationProps } from "./UseMyLocation";
import * as s from "./StoreSearch.css";

export interface PostcodeFormProps extends UseMyLocationProps {
  placeholder: string;
  /** The last postcode searched; when `error` is set, the value that caused it. */
  defaultPostcode: string;
  /** The inline message for the field, in the spec's words. */
  error: string | null;
  /** The business's postcode rules; with them the browser rejects a bad postcode without a round trip. */
  postcodeRules?: readonly string[];
  /** The search's button; "Find stores" unless a page names it otherwise. */
  submitLabel?: string;
}

/** The postcode search, then "Use my location" (spec 1 §4 "Store search by postcode", "Device location"). */
export function PostcodeForm({
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
