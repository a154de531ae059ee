import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ComponentType, MouseEvent, RefAttributes } from "react";
import { Form, Link, type FetcherFormProps } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Address } from "~/models/address";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors, queryField, type FieldError, type FormField } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { FoundAddresses } from "~/components/checkout/AddressPicker";
import * as forms from "~/styles/forms.css";
import * as s from "./Address.css";

/*
 * The parts of the member's address pages (spec 2 §2 modals "address list", "address results" and "address form"):
 * each a plain form that works without script; the list page opens some of them in a dialog when script runs.
 */

export type AddressType = "delivery" | "billing";

/** The list of the member's addresses, where every change leads back to. */
export const ADDRESSES_PATH = "/member/addresses";

export const ADDRESS_NOUN: Record<AddressType, string> = { delivery: "delivery address", billing: "billing address" };

type Lines = Pick<Address, "addressLine1" | "addressLine2" | "town" | "county" | "postcode">;

/** An address as the envelope has it: one part a line. */
export function AddressLines({ address }: { address: Lines }) {
  const parts = [address.addressLine1, address.addressLine2, address.town, address.county, address.postcode].filter(
    Boolean,
  );
  return (
    <address className={s.lines}>
      {parts.map((part, index) => (
        <span key={`${index}-${part}`} className={s.line}>
          {part}
        </span>
      ))}
    </address>
  );
}

/** The 'Make this my default' tick: kept as posted when the form comes back refused. */
function DefaultCheckbox({ field, checked }: { field: FormField; checked: boolean }) {
  const posted = field.initialValue;
  const isChecked = posted === undefined ? checked : posted === "on";
  return (
    <label className={s.checkbox}>
      <input
        key={field.key}
        className={s.choiceInput}
        type="checkbox"
        id={field.id}
        name={field.name}
        defaultChecked={isChecked}
      />
      <span>Make this my default</span>
    </label>
  );
}

/** A form's refused post, as the page shows it again: which form, and Conform's reply (the typed input kept). */
export interface AddressFormAnswer {
  part: "choose" | "save";
  result: SubmissionResult<string[]>;
}

/** The form a part posts with: the router's Form on a page, a fetcher's Form in a dialog. */
export type FormComponent = ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;

/** A link to a page that, in a dialog, switches the dialog's view instead (the page stays the way without script). */
function SwitchLink({ to, onSwitch, children }: { to: string; onSwitch?: () => void; children: string }) {
  const onClick = onSwitch
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onSwitch();
      }
    : undefined;
  return (
    <Link to={to} onClick={onClick}>
      {children}
    </Link>
  );
}

export interface AddressLookupView {
  postcode: string;
  /** The addresses found, one line each; the chosen one is posted back by its place in this list. */
  addresses: string[];
  error: string | null;
}

type AddressFields = {
  intent: string;
  type: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  county: string;
  postcode: string;
  isDefault: string;
};

export interface AddressFinderProps {
  type: AddressType;
  /** The add page: the finder's GET and the choice's POST both go here. */
  path: string;
  lookup: AddressLookupView | null;
  /** The refused choice, when the page is its answer. */
  result: SubmissionResult<string[]> | null;
  /** Where 'Enter the address manually' leads. */
  manualHref: string;
  /** In a dialog: the fetchers' forms (the finder's and the choice's), and the switch to the typed-in form. */
  finderForm?: FormComponent;
  chooseForm?: FormComponent;
  onManual?: () => void;
  /** A post is on its way: its button waits, so one press saves one address. */
  busy?: boolean;
}

/** Find by postcode ("address list"), then choose one of the addresses found ("address results"). */
export function AddressFinder({
  type,
  path,
  lookup,
  result,
  manualHref,
  finderForm: FinderForm = Form,
  chooseForm: ChooseForm = Form,
  onManual,
  busy = false,
}: AddressFinderProps) {
  const [form, fields] = useForm<
    Pick<AddressFields, "intent" | "type" | "postcode" | "isDefault"> & { address: string }
  >({
    id: `choose-${type}`,
    lastResult: result ?? undefined,
  });
  const postcodeId = "find-postcode";
  const chooseError = form.errors?.[0] ?? null;
  const summary: FieldError[] = [
    ...(lookup?.error ? [{ field: postcodeId, message: lookup.error }] : []),
    ...(chooseError ? [{ field: postcodeId, message: chooseError }] : []),
  ];
  const found = lookup && lookup.addresses.length > 0 ? lookup : null;
  return (
    <div>
      <ErrorSummary errors={summary} />
      <FinderForm method="get" action={path} noValidate>
        <input type="hidden" name="type" value={type} />
        <div className={s.row}>
          <TextField
            field={queryField(postcodeId, "postcode", lookup?.error ?? null)}
            label="Postcode"
            hint="We will list the addresses at this postcode"
            autoComplete="postal-code"
            maxLength={8}
            width="postcode"
            defaultValue={lookup?.postcode ?? ""}
          />
          <div className={forms.formGroup}>
            <button type="submit" className={forms.button.secondary}>
              Find address
            </button>
          </div>
        </div>
      </FinderForm>

      {found ? (
        <ChooseForm method="post" action={path} {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="choose" />
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="postcode" value={found.postcode} />
          <FoundAddresses postcode={found.postcode} addresses={found.addresses} />
          <DefaultCheckbox field={fields.isDefault} checked={false} />
          <button type="submit" className={forms.button.primary} disabled={busy}>
            Use this address
          </button>
        </ChooseForm>
      ) : null}

      <p>
        <SwitchLink to={manualHref} onSwitch={onManual}>
          Enter the address manually
        </SwitchLink>
      </p>
    </div>
  );
}

export interface AddressFormProps {
  /** The page the form posts to. */
  path: string;
  /** Sent along for the add page (which type to save); the edit page keeps the address's own. */
  type: AddressType;
  /** The address being edited; null when adding. */
  address: (Lines & { isDefault: boolean }) | null;
  result: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** The way out without saving: back to the finder, or to the list (in a dialog, `onBack` instead). */
  back: { href: string; label: string; onBack?: () => void };
  /** In a dialog: the fetcher's form. */
  form?: FormComponent;
  /** A post is on its way: its button waits. */
  busy?: boolean;
}

/** The address typed in ("address form"), GOV.UK style: a summary of the problems, each field's own message. */
export function AddressForm({
  path,
  type,
  address,
  result,
  submitLabel,
  back,
  form: PostForm = Form,
  busy = false,
}: AddressFormProps) {
  const [form, fields] = useForm<AddressFields>({ id: "address", lastResult: result ?? undefined });
  const formError = form.errors?.[0];
  const summary = [
    ...(formError ? [{ field: fields.addressLine1.id, message: formError }] : []),
    ...fieldErrors([fields.addressLine1, fields.addressLine2, fields.town, fields.county, fields.postcode]),
  ];
  return (
    <>
      <ErrorSummary errors={summary} />
      <PostForm method="post" action={path} {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="type" value={type} />
        <TextField
          field={fields.addressLine1}
          label="Address line 1"
          autoComplete="address-line1"
          required
          maxLength={100}
          defaultValue={address?.addressLine1 ?? ""}
        />
        <TextField
          field={fields.addressLine2}
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={100}
          defaultValue={address?.addressLine2 ?? ""}
        />
        <TextField
          field={fields.town}
          label="Town or city"
          autoComplete="address-level2"
          required
          maxLength={100}
          width="half"
          defaultValue={address?.town ?? ""}
        />
        <TextField
          field={fields.county}
          label="County (optional)"
          maxLength={100}
          width="half"
          defaultValue={address?.county ?? ""}
        />
        <TextField
          field={fields.postcode}
          label="Postcode"
          autoComplete="postal-code"
          required
          maxLength={8}
          width="postcode"
          defaultValue={address?.postcode ?? ""}
        />
        {address?.isDefault ? (
          <p>This is your default {ADDRESS_NOUN[type]}.</p>
        ) : (
          <DefaultCheckbox field={fields.isDefault} checked={false} />
        )}
        <div className={s.formActions}>
          <button type="submit" className={forms.button.primary} disabled={busy}>
            {submitLabel}
          </button>
          <SwitchLink to={back.href} onSwitch={back.onBack}>
            {back.label}
          </SwitchLink>
        </div>
      </PostForm>
    </>
  );
}
