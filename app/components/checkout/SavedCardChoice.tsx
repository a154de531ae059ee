import type { SubmissionResult } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { SavedCard } from "#contract";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors, replyForm, replyFormProps } from "~/components/forms/fields";
import { TextField } from "~/components/forms/TextField";
import { cardDescription, NEW_CARD } from "~/models/saved-cards";
import * as forms from "~/styles/forms.css";
import { SaveCardCheckbox } from "./CardFields";
import * as styles from "./Checkout.css";

/**
 * A member's saved cards on the card step (spec 2 §3 selectedSavedCardId, §5): one radio a card, the default chosen
 * first, and "Use a new card". A saved card asks for its 3-digit security code; the card step's action checks it
 * before any call and the refusal shows on the field. With script, "Use a new card" shows the new-card way
 * (`newCard`: the gateway's fields or its hosted page); without script the one form carries both ways (the new card
 * on the gateway's hosted page, with the save tick).
 */
export function SavedCardChoice(props: {
  cards: SavedCard[];
  formKey: string;
  total: string;
  blocked: string | null;
  submitting: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  newCard: ReactNode;
}) {
  const { cards, total, blocked, submitting } = props;
  const hydrated = useHydrated();
  const first = cards.find((c) => c.isDefault) ?? cards[0]!;
  const [choice, setChoice] = useState(first.id);
  const [form, fields] = replyForm<{ selectedSavedCardId: string; cvv: string }>("card", props.lastResult);
  const newChosen = hydrated && choice === NEW_CARD;
  const refusal = form.errors?.[0];
  const summary = [...(refusal ? [{ field: "pay", message: refusal }] : []), ...fieldErrors([fields.cvv])];
  return (
    <>
      <ErrorSummary errors={summary} />
      <Form method="post" {...replyFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={props.formKey} />
        <fieldset className={forms.fieldset}>
          <legend className={forms.legend}>Pay with</legend>
          <div className={styles.choices}>
            {[
              ...cards.map((c) => ({ id: c.id, text: `${cardDescription(c)}${c.isDefault ? " (Default)" : ""}` })),
              { id: NEW_CARD, text: "Use a new card" },
            ].map((option) => (
              <label key={option.id} className={styles.choice}>
                <input
                  className={styles.choiceInput}
                  type="radio"
                  name="selectedSavedCardId"
                  value={option.id}
                  defaultChecked={option.id === first.id}
                  onChange={() => setChoice(option.id)}
                />
                <span>{option.text}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {newChosen ? null : (
          <>
            <TextField
              field={fields.cvv}
              label="Security code"
              hint={
                hydrated
                  ? "The 3 digits on the back of the chosen card"
                  : "For a saved card: the 3 digits on the back of the card"
              }
              autoComplete="cc-csc"
              inputMode="numeric"
              width="postcode"
              maxLength={4}
            />
            {hydrated ? null : (
              <>
                <p>For a new card: you will enter it on our payment provider's secure page, then come back here.</p>
                <SaveCardCheckbox />
              </>
            )}
            <button type="submit" id="pay" className={forms.button.primary} disabled={blocked !== null || submitting}>
              {submitting ? "Please wait…" : `Pay ${total} by card`}
            </button>
          </>
        )}
      </Form>
      {newChosen ? props.newCard : null}
    </>
  );
}
