import type { getFormProps } from "@conform-to/react";
import type { FormEvent } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { FormField } from "~/components/forms/fields";
import { PAYMENT_OPTION_LABELS, type PaymentMethodName } from "~/models/payment-options";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

const OPTION_HINTS: Record<PaymentMethodName, string> = {
  card: "Visa, Mastercard, Discover or JCB. Your card details go only to our payment provider.",
  cash: "Pay when you receive your order.",
  applepay: "",
  googlepay: "",
};

export interface PaymentMethodFormProps {
  /** The form element's attributes, as Conform gives them for the page's form. */
  formProps: ReturnType<typeof getFormProps>;
  fields: { paymentMethod: FormField; billingSame: FormField };
  /** The ways to pay this form offers, the first chosen: card and cash (the wallets have buttons of their own). */
  options: readonly PaymentMethodName[];
  /** Why a card cannot pay for this order, when it cannot: the card's choice is off and says so. */
  cardProblem: string | null;
  /** The id of each way's radio (the error summary links to the one refused). */
  optionId: (option: string) => string;
  /** Asked for a card on a delivery: whether the card's billing address is the delivery address shown. */
  billing: { deliveryAddress: string; sameAsDelivery: boolean } | null;
  /** The pay post's key, fresh on every load: a repeated post pays once. */
  idempotencyKey: string;
  /** Why no payment can be made now (the store closed, no time chosen); null when one can. */
  disabledReason: string | null;
  /** The form's own post is on its way. */
  submitting: boolean;
  /** A wallet's payment is under way: one payment at a time (spec 2 §4). */
  walletPaying: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The payment step's form (spec 2 §2 payment): how to pay, and for a card whether it bills to the delivery address. */
export function PaymentMethodForm({
  formProps,
  fields,
  options,
  cardProblem,
  optionId,
  billing,
  idempotencyKey,
  disabledReason,
  submitting,
  walletPaying,
  onSubmit,
}: PaymentMethodFormProps) {
  const [first] = options;
  return (
    <Form method="post" {...formProps} onSubmit={onSubmit}>
      <AuthenticityTokenInput />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset className={forms.fieldset}>
        <legend className={forms.legend}>
          <h2 className={styles.panelTitle}>How would you like to pay?</h2>
        </legend>
        <div className={styles.choices}>
          {options.map((option) => (
            <label key={option} className={styles.choice}>
              <input
                className={styles.choiceInput}
                type="radio"
                id={optionId(option)}
                name={fields.paymentMethod.name}
                value={option}
                defaultChecked={option === first}
                disabled={option === "card" && cardProblem !== null}
              />
              <span className={styles.choiceText}>
                <span>{PAYMENT_OPTION_LABELS[option]}</span>
                <span className={styles.choiceHint}>
                  {option === "card" && cardProblem ? cardProblem : OPTION_HINTS[option]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {billing ? (
        <div className={forms.formGroup}>
          <label className={styles.choice}>
            <input
              className={styles.choiceInput}
              type="checkbox"
              id={fields.billingSame.id}
              name={fields.billingSame.name}
              value="yes"
              defaultChecked={billing.sameAsDelivery}
            />
            <span className={styles.choiceText}>
              <span>My card's billing address is my delivery address</span>
              <span className={styles.choiceHint}>{billing.deliveryAddress}</span>
            </span>
          </label>
        </div>
      ) : null}

      <button
        type="submit"
        className={forms.button.primary}
        disabled={disabledReason !== null || submitting || walletPaying}
        aria-disabled={disabledReason !== null || undefined}
      >
        {submitting ? "Please wait…" : "Continue"}
      </button>
    </Form>
  );
}
