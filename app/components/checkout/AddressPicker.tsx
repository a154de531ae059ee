import { Form, Link } from "react-router";
import type { CheckoutAddress } from "../../../platform/contract/checkout";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { TextField } from "~/components/forms/TextField";
import { formatAddress } from "~/models/address";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

export type AddressFieldName = "addressLine1" | "addressLine2" | "town" | "county" | "postcode";
export const ADDRESS_FIELDS: readonly AddressFieldName[] = ["addressLine1", "addressLine2", "town", "county", "postcode"];

export interface AddressLookup {
  postcode: string;
  /** The addresses found, as one line each; the chosen one is posted back by its place in this list. */
  addresses: string[];
  error: string | null;
}

export interface AddressPickerProps {
  kind: "delivery" | "billing";
  /** The page the forms post to (and the finder reads). */
  path: string;
  saved: CheckoutAddress | null;
  /** show: the saved address; find: look up by postcode; manual: type it in. */
  mode: "show" | "find" | "manual";
  lookup: AddressLookup | null;
  /** Field errors from the last post of the manual form (keys are AddressFieldName). */
  errors: Partial<Record<string, string>> | null;
  values: Partial<Record<string, string>> | null;
  /** The postcode to start the finder with (the one the shopper searched stores by). */
  defaultPostcode: string;
  /** An error about the address as a whole (outside the area, the service failed). */
  formError: string | null;
  /** Where keeping the saved address leads; the picker's own page when not given. */
  keepHref?: string;
}

/**
 * An address for the order, the GOV.UK way: find by postcode and pick from the list, or type it in. Every part is a
 * plain form, so it works without script; with script the same forms run without reloading the page.
 */
export function AddressPicker(props: AddressPickerProps) {
  const { kind, path, saved, mode, lookup, errors, values, formError } = props;
  const id = (name: string) => `${kind}-${name}`;
  const noun = kind === "delivery" ? "delivery address" : "billing address";

  if (mode === "show" && saved) {
    return (
      <div>
        <p className={styles.addressBlock} id={id("saved")}>
          {formatAddress(saved)}
        </p>
        <Link to={`${path}?change=${kind}`} className={forms.button.secondary}>
          Change {noun}
        </Link>
      </div>
    );
  }

  if (mode === "manual") {
    return (
      <Form method="post" action={path} noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value={`save-${kind}`} />
        {formError ? <p className={forms.errorMessage}>{formError}</p> : null}
        <TextField id={id("addressLine1")} name="addressLine1" label="Address line 1" autoComplete="address-line1" required maxLength={100} error={errors?.addressLine1} defaultValue={values?.addressLine1 ?? saved?.addressLine1 ?? ""} />
        <TextField id={id("addressLine2")} name="addressLine2" label="Address line 2 (optional)" autoComplete="address-line2" maxLength={100} error={errors?.addressLine2} defaultValue={values?.addressLine2 ?? saved?.addressLine2 ?? ""} />
        <TextField id={id("town")} name="town" label="Town or city" autoComplete="address-level2" required maxLength={100} width="half" error={errors?.town} defaultValue={values?.town ?? saved?.town ?? ""} />
        <TextField id={id("county")} name="county" label="County (optional)" maxLength={100} width="half" error={errors?.county} defaultValue={values?.county ?? saved?.county ?? ""} />
        <TextField id={id("postcode")} name="postcode" label="Postcode" autoComplete="postal-code" required maxLength={8} width="postcode" error={errors?.postcode} defaultValue={values?.postcode ?? saved?.postcode ?? props.defaultPostcode} />
        <div className={styles.actions}>
          <button type="submit" className={forms.button.primary}>
            Use this address
          </button>
          <Link to={path}>Find the address by postcode instead</Link>
        </div>
      </Form>
    );
  }

  const found = lookup && lookup.addresses.length > 0 ? lookup : null;
  return (
    <div>
      <Form method="get" action={path} noValidate>
        {/* Keep which address is being changed across the look-up. */}
        <input type="hidden" name="change" value={kind} />
        {formError ? <p className={forms.errorMessage}>{formError}</p> : null}
        <div className={styles.inlineRow}>
          <TextField
            id={id("find-postcode")}
            name="postcode"
            label="Postcode"
            hint={`We will list the addresses at this postcode`}
            autoComplete="postal-code"
            maxLength={8}
            width="postcode"
            error={lookup?.error}
            defaultValue={lookup?.postcode ?? props.defaultPostcode}
          />
          <div className={forms.formGroup}>
            <button type="submit" className={forms.button.secondary}>
              Find address
            </button>
          </div>
        </div>
      </Form>

      {found ? (
        <Form method="post" action={path}>
          <CsrfInput />
          <input type="hidden" name="intent" value={`choose-${kind}`} />
          <input type="hidden" name="postcode" value={found.postcode} />
          <fieldset className={forms.fieldset}>
            <legend className={forms.legend}>
              {found.addresses.length} {found.addresses.length === 1 ? "address" : "addresses"} found for {found.postcode}
            </legend>
            <div className={styles.choices}>
              {found.addresses.map((line, index) => (
                <label key={line} className={styles.choice}>
                  <input className={styles.choiceInput} type="radio" name="address" value={index} required defaultChecked={index === 0} />
                  <span>{line}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={forms.button.primary}>
            Use this address
          </button>
        </Form>
      ) : null}

      <p>
        <Link to={`${path}?manual=${kind}`}>Enter the {noun} manually</Link>
      </p>
      {saved ? (
        <p>
          <Link to={props.keepHref ?? path}>Keep {formatAddress(saved)}</Link>
        </p>
      ) : null}
    </div>
  );
}
