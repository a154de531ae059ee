import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { postedOptions, replyFormProps, type FormField, type ReplyForm } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { CHECKOUT_SUBTITLES } from "~/models/checkout";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";
import { ConsentFields, type ConsentFieldsProps } from "./ConsentFields";

/** The details form's fields (the details step's schema, routes/checkout/details.server.ts). */
export type DetailsFieldName =
  "firstName" | "lastName" | "email" | "phoneNumber" | "acceptTerms" | "marketing" | "marketingShown" | "marketingWas";

export interface ContactDetailsFormProps {
  form: ReplyForm;
  fields: Record<DetailsFieldName, FormField>;
  /** The details given for this order before, or a member's own: the fields' values until something is posted. */
  contact: { firstName: string; lastName: string; email: string; phoneNumber: string } | null;
  member: boolean;
  /** The marketing options offered and those ticked now (a guest's for this basket, a member's on their account). */
  marketing: ConsentFieldsProps["marketing"] & { optedIn: readonly string[] };
  terms: ConsentFieldsProps["terms"];
  termsAccepted: boolean;
}

/**
 * The details step's form (spec 2 §2, §3): name, e-mail and mobile, the marketing preferences and the terms. A
 * member's form also carries the options as shown and as they were, so only the ones they change are saved.
 */
export function ContactDetailsForm({
  form,
  fields,
  contact,
  member,
  marketing,
  terms,
  termsAccepted,
}: ContactDetailsFormProps) {
  const checkedMarketing = new Set(postedOptions(fields.marketing) ?? marketing.optedIn);
  return (
    <Form method="post" {...replyFormProps(form)}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="details" />
      {member
        ? marketing.offered.map((option) => (
            <input key={option.type} type="hidden" name={fields.marketingShown.name} value={option.type} />
          ))
        : null}
      {member
        ? marketing.optedIn.map((type) => (
            <input key={type} type="hidden" name={fields.marketingWas.name} value={type} />
          ))
        : null}
      <section className={styles.panel} aria-labelledby="contact-title">
        <h2 className={styles.panelTitle} id="contact-title">
          Contact details
        </h2>
        {member ? null : <p className={styles.choiceHint}>{CHECKOUT_SUBTITLES.guest}</p>}
        <TextField
          field={fields.firstName}
          label="First name"
          autoComplete="given-name"
          maxLength={50}
          spellCheck={false}
          defaultValue={contact?.firstName ?? ""}
        />
        <TextField
          field={fields.lastName}
          label="Last name"
          autoComplete="family-name"
          maxLength={50}
          spellCheck={false}
          defaultValue={contact?.lastName ?? ""}
        />
        <TextField
          field={fields.email}
          label="Email address"
          hint="We will send your order confirmation here"
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={contact?.email ?? ""}
        />
        <TextField
          field={fields.phoneNumber}
          label="Mobile number"
          hint="For updates about your order, like 07700 900 982"
          type="tel"
          autoComplete="tel"
          width="phone"
          maxLength={20}
          defaultValue={contact?.phoneNumber ?? ""}
        />
      </section>

      <ConsentFields
        marketing={marketing}
        checkedMarketing={checkedMarketing}
        marketingField={fields.marketing}
        terms={terms}
        termsField={fields.acceptTerms}
        termsAccepted={termsAccepted}
      />

      <button type="submit" className={forms.button.primary}>
        Continue to payment
      </button>
    </Form>
  );
}
