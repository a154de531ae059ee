import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { CheckoutAddress } from "#contract/checkout";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { queryField, replyForm, replyFormProps, type FieldError } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { formatAddress } from "~/models/address";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

export type AddressFieldName = "addressLine1" | "addressLine2" | "town" | "county" | "postcode";
type ManualAddressFields = Record<AddressFieldName | "intent", string>;
export const ADDRESS_FIELDS: readonly AddressFieldName[] = [
  "addressLine1",
  "addressLine2",
  "town",
  "county",
  "postcode",
];

export interface AddressLookup {
  postcode: string;
  /** The addresses found, as one line each; the chosen one is posted back by its place in this list. */
  addresses: string[];
  error: string | null;
}

/** A picker's refused post (the server's answer): which of its forms, and Conform's reply for it. */
export interface AddressAnswer {
  kind: "delivery" | "billing";
  /** choose: a found address; save: a typed one; saved: one of a member's saved addresses. */
  part: "choose" | "save" | "saved";
  result: SubmissionResult<string[]>;
}

/** One of a member's saved addresses as the picker offers it: its id (posted back), one line, whether it is ticked first. */
export interface SavedAddressChoice {
  id: number;
  line: string;
  isDefault: boolean;
}

/** The member's box under a new address: ticked sends saveToAccount=yes. */
export const SAVE_TO_ACCOUNT_LABEL = "Save this address to my account";

export interface AddressPickerProps {
  kind: "delivery" | "billing";
  /** The page the forms post to (and the finder reads). */
  path: string;
  saved: CheckoutAddress | null;
  /** show: the saved address; find: look up by postcode; manual: type it in. */
  mode: "show" | "find" | "manual";
  lookup: AddressLookup | null;
  /** The last refused post of this picker's forms, if the page is its answer. */
  answer: AddressAnswer | null;
  /** The postcode to start the finder with (the one the shopper searched stores by). */
  defaultPostcode: string;
  /** An error about the address that the page itself found (the details were sent before an address was chosen). */
  formError?: string | null;
  /** Where keeping the saved address leads; the picker's own page when not given. */
  keepHref?: string;
  /** A member's saved addresses of this kind, offered first (spec 2 §3); none for a guest. */
  savedAddresses?: readonly SavedAddressChoice[];
  /** A member: a new address may be kept on their account too ("Save this address to my account"). */
  offerSave?: boolean;
  /** The level of the "Find another address" heading under the saved addresses (the page's next level). */
  subheadingLevel?: 2 | 3;
}

/** The ids the page's error summary links to: a typed field, or the finder's postcode for the picker as a whole. */
export const addressFieldId = (kind: AddressAnswer["kind"], name: AddressFieldName | "find-postcode") =>
  `${kind}-${name}`;

/** The id of the first saved address's radio, which the error summary links to. */
export const savedAddressFieldId = (kind: AddressAnswer["kind"]) => `${kind}-saved-address`;

/** The error summary's lines for a picker's refused post, in the order its fields appear. */
export function addressErrors(answer: AddressAnswer | null): FieldError[] {
  if (!answer) return [];
  const errors = answer.result.error ?? {};
  const first = (name: string) => errors[name]?.[0];
  const formError = first("");
  if (answer.part === "choose")
    return formError ? [{ field: addressFieldId(answer.kind, "find-postcode"), message: formError }] : [];
  if (answer.part === "saved")
    return formError ? [{ field: savedAddressFieldId(answer.kind), message: formError }] : [];
  const lines: FieldError[] = formError
    ? [{ field: addressFieldId(answer.kind, "addressLine1"), message: formError }]
    : [];
  for (const name of ADDRESS_FIELDS) {
    const message = first(name);
    if (message) lines.push({ field: addressFieldId(answer.kind, name), message });
  }
  return lines;
}

/**
 * An address for the order, the GOV.UK way: find by postcode and pick from the list, or type it in. Every part is a
 * plain form, so it works without script; with script the same forms run without reloading the page.
 */
export function AddressPicker(props: AddressPickerProps) {
  const { kind, path, saved, mode, lookup, answer } = props;
  const [manualForm, fields] = replyForm<ManualAddressFields>(
    kind,
    answer?.part === "save" ? answer.result : undefined,
  );
  const [chooseForm] = replyForm(`${kind}-choose`, answer?.part === "choose" ? answer.result : undefined);
  const [savedForm] = replyForm(`${kind}-saved`, answer?.part === "saved" ? answer.result : undefined);
  const formError = (mode === "manual" ? manualForm.errors?.[0] : chooseForm.errors?.[0]) ?? props.formError ?? null;
  const noun = kind === "delivery" ? "delivery address" : "billing address";
  // A refused post keeps the member's choice; a fresh form has the box ticked (most members want it kept).
  const saveChecked = answer && answer.part !== "saved" ? answer.result.initialValue?.saveToAccount === "yes" : true;
  const saveBox = props.offerSave ? <SaveToAccount checked={saveChecked} /> : null;

  if (mode === "show" && saved) {
    return (
      <div>
        <p className={styles.addressBlock} id={`${kind}-saved`}>
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
      <Form method="post" action={path} {...replyFormProps(manualForm)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={`save-${kind}`} />
        {formError ? <p className={forms.errorMessage}>{formError}</p> : null}
        <TextField
          field={fields.addressLine1}
          label="Address line 1"
          autoComplete="address-line1"
          required
          maxLength={100}
          defaultValue={saved?.addressLine1 ?? ""}
        />
        <TextField
          field={fields.addressLine2}
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={100}
          defaultValue={saved?.addressLine2 ?? ""}
        />
        <TextField
          field={fields.town}
          label="Town or city"
          autoComplete="address-level2"
          required
          maxLength={100}
          width="half"
          defaultValue={saved?.town ?? ""}
        />
        <TextField
          field={fields.county}
          label="County (optional)"
          maxLength={100}
          width="half"
          defaultValue={saved?.county ?? ""}
        />
        <TextField
          field={fields.postcode}
          label="Postcode"
          autoComplete="postal-code"
          required
          maxLength={8}
          width="postcode"
          defaultValue={saved?.postcode ?? props.defaultPostcode}
        />
        {saveBox}
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
  // Saved addresses come first; once a postcode is being looked up, its results are what the shopper is choosing from.
  const savedChoices = !lookup && props.savedAddresses && props.savedAddresses.length > 0 ? props.savedAddresses : null;
  const Subheading = props.subheadingLevel === 2 ? "h2" : "h3";
  const savedError = savedForm.errors?.[0];
  return (
    <div>
      {savedChoices ? (
        <>
          <Form method="post" action={path} {...replyFormProps(savedForm)}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value={`use-saved-${kind}`} />
            <fieldset className={forms.fieldset}>
              <legend className={forms.legend}>Your saved {noun}es</legend>
              {savedError ? <p className={forms.errorMessage}>{savedError}</p> : null}
              <div className={styles.choices}>
                {savedChoices.map((choice, index) => (
                  <label key={choice.id} className={styles.choice}>
                    <input
                      className={styles.choiceInput}
                      id={index === 0 ? savedAddressFieldId(kind) : undefined}
                      type="radio"
                      name="savedAddress"
                      value={choice.id}
                      required
                      defaultChecked={choice.isDefault}
                    />
                    <span className={styles.choiceText}>
                      <span>{choice.line}</span>
                      {choice.isDefault ? <span className={styles.choiceHint}>Your default {noun}</span> : null}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className={forms.button.primary}>
              Use this address
            </button>
          </Form>
          <Subheading className={styles.subheading}>Find another address</Subheading>
        </>
      ) : null}
      <Form method="get" action={path} noValidate>
        {/* Keep which address is being changed across the look-up. */}
        <input type="hidden" name="change" value={kind} />
        {formError ? <p className={forms.errorMessage}>{formError}</p> : null}
        <div className={styles.inlineRow}>
          <TextField
            field={queryField(addressFieldId(kind, "find-postcode"), "postcode", lookup?.error ?? null)}
            label="Postcode"
            hint={`We will list the addresses at this postcode`}
            autoComplete="postal-code"
            maxLength={8}
            width="postcode"
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
        <Form method="post" action={path} {...replyFormProps(chooseForm)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value={`choose-${kind}`} />
          <input type="hidden" name="postcode" value={found.postcode} />
          <FoundAddresses postcode={found.postcode} addresses={found.addresses} />
          {saveBox}
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

/**
 * The addresses found at a postcode (spec 2 §2 "address results"), one radio each, the first chosen: the choice posts
 * as `address`, the index of the line.
 */
export function FoundAddresses({ postcode, addresses }: { postcode: string; addresses: readonly string[] }) {
  return (
    <fieldset className={forms.fieldset}>
      <legend className={forms.legend}>
        {addresses.length} {addresses.length === 1 ? "address" : "addresses"} found for {postcode}
      </legend>
      <div className={styles.choices}>
        {addresses.map((line, index) => (
          <label key={`${index}-${line}`} className={styles.choice}>
            <input
              className={styles.choiceInput}
              type="radio"
              name="address"
              value={index}
              required
              defaultChecked={index === 0}
            />
            <span>{line}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The member's "Save this address to my account" box, under a new address's fields. */
function SaveToAccount({ checked }: { checked: boolean }) {
  return (
    <div className={forms.formGroup}>
      <label className={styles.choice}>
        <input
          className={styles.choiceInput}
          type="checkbox"
          name="saveToAccount"
          value="yes"
          defaultChecked={checked}
        />
        <span>{SAVE_TO_ACCOUNT_LABEL}</span>
      </label>
    </div>
  );
}
