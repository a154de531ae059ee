import type { FormField } from "~/components/forms/fields";
import { MARKETING_TITLE } from "~/models/checkout";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

export interface ConsentFieldsProps {
  /** The marketing options the business offers (spec 2 §3), their intro texts, and the types ticked now. */
  marketing: {
    intro: string | null;
    secondaryIntro: string | null;
    offered: readonly { type: string; text: string }[];
  };
  checkedMarketing: ReadonlySet<string>;
  marketingField: FormField;
  terms: { label: string; link: string | null };
  termsField: FormField;
  termsAccepted: boolean;
}

/** The details step's consents: the marketing preferences (a checkbox per channel) and the terms, which must be ticked. */
export function ConsentFields({
  marketing,
  checkedMarketing,
  marketingField,
  terms,
  termsField,
  termsAccepted,
}: ConsentFieldsProps) {
  const termsError = termsField.errors?.[0];
  return (
    <>
      {marketing.offered.length > 0 ? (
        <section className={styles.panel} aria-labelledby="marketing-title">
          <fieldset className={forms.fieldset} aria-describedby="marketing-intro">
            <legend className={forms.legend}>
              <h2 className={styles.panelTitle} id="marketing-title">
                {MARKETING_TITLE}
              </h2>
            </legend>
            <div id="marketing-intro">
              {marketing.intro ? <p>{marketing.intro}</p> : null}
              {marketing.secondaryIntro ? <p className={styles.choiceHint}>{marketing.secondaryIntro}</p> : null}
            </div>
            <div className={styles.choices} key={marketingField.key}>
              {marketing.offered.map((option) => (
                <label key={option.type} className={styles.choice}>
                  <input
                    className={styles.choiceInput}
                    type="checkbox"
                    name={marketingField.name}
                    value={option.type}
                    defaultChecked={checkedMarketing.has(option.type)}
                  />
                  <span>{option.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>
      ) : null}

      <div className={termsError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
        {termsError ? (
          <p className={forms.errorMessage} id={termsField.errorId}>
            {termsError}
          </p>
        ) : null}
        <label className={styles.choice}>
          <input
            key={termsField.key}
            className={styles.choiceInput}
            type="checkbox"
            id={termsField.id}
            name={termsField.name}
            value="yes"
            defaultChecked={termsAccepted}
            aria-describedby={termsError ? `${termsField.errorId} terms-link` : "terms-link"}
            aria-invalid={termsError ? true : undefined}
          />
          <span>{terms.label}</span>
        </label>
        {terms.link ? (
          <p id="terms-link">
            <a href={terms.link} target="_blank" rel="noopener">
              Read the terms and conditions (opens in a new tab)
            </a>
          </p>
        ) : null}
      </div>
    </>
  );
}
