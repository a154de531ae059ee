import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CONSENT_TEXT, type Consent } from "~/models/consent";
import * as forms from "~/styles/forms.css";
import * as s from "./CookieConsent.css";

const KINDS = [
  {
    name: "performance",
    legend: "Performance cookies",
    hint: "They tell us about errors you meet and how fast pages load for you, so that we can fix and improve the shop.",
  },
  {
    name: "targeting",
    legend: "Targeting cookies",
    hint: "They let us and our marketing partners show you offers that suit you, here and on other sites.",
  },
] as const;

/**
 * The two consent switches and Save (the cookie settings page, and its dialog over any page with script). "No" is
 * chosen until the shopper says otherwise: nothing optional is ever pre-ticked.
 */
export function ConsentSettingsForm({
  consent,
  redirectTo,
  idPrefix,
}: {
  consent: Consent;
  redirectTo: string;
  idPrefix: string;
}) {
  return (
    <Form method="post" action="/cookies" replace>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p>
        Strictly necessary cookies keep your basket, your sign-in and your chosen store. They are always on, because the
        shop cannot work without them.
      </p>
      {KINDS.map((kind) => (
        <fieldset
          key={kind.name}
          className={`${forms.fieldset} ${s.kind}`}
          aria-describedby={`${idPrefix}-${kind.name}-hint`}
        >
          <legend className={forms.legend}>{kind.legend}</legend>
          <p id={`${idPrefix}-${kind.name}-hint`} className={s.kindHint}>
            {kind.hint}
          </p>
          <div className={s.radios}>
            {(["yes", "no"] as const).map((answer) => (
              <label key={answer} className={s.radio}>
                <input
                  id={answer === "yes" ? `${idPrefix}-${kind.name}` : undefined}
                  className={s.radioInput}
                  type="radio"
                  name={kind.name}
                  value={answer}
                  defaultChecked={consent[kind.name] === (answer === "yes")}
                />
                {answer === "yes" ? `Use ${kind.legend.toLowerCase()}` : `Do not use ${kind.legend.toLowerCase()}`}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" name="intent" value="save" className={forms.button.primary}>
        {CONSENT_TEXT.save}
      </button>
    </Form>
  );
}
