import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { checkboxClass, checkboxRowClass } from "~/components/auth/AuthPage";
import { postedOptions } from "~/components/forms/fields";
import * as forms from "~/styles/forms.css";
import { MemberSection } from "./MemberArea";
import * as s from "./MemberProfile.css";

export interface MarketingPreferencesData {
  /** One per option the platform offers, in its words, with the member's choice. */
  options: { type: string; text: string; opted: boolean }[];
  /** The platform could not give the options ('There was an error getting your marketing preferences'). */
  error: string | null;
}

/**
 * 'Marketing Preferences' on the profile (spec 2 §3): a checkbox per option, saved with the page's Save button. A
 * refused save shows its message here and keeps what was ticked.
 */
export function MarketingPreferences({
  marketing,
  lastResult,
}: {
  marketing: MarketingPreferencesData;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<{ intent: string; shown: string[]; opted: string[] }>({ id: "marketing", lastResult });
  const posted = postedOptions(fields.opted);
  const ticked = new Set(posted ?? marketing.options.filter((o) => o.opted).map((o) => o.type));
  const saveError = form.errors?.[0];
  return (
    <MemberSection id="marketing-preferences" title="Marketing Preferences">
      {marketing.error ? (
        <p className={s.problem} role="alert">
          {marketing.error}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} aria-describedby={saveError ? form.errorId : undefined}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="marketing" />
          {saveError ? (
            <p className={s.problem} role="alert" id={form.errorId}>
              {saveError}
            </p>
          ) : null}
          <fieldset className={`${forms.fieldset} ${forms.formGroup}`}>
            <legend className={forms.legend}>Send me offers and news</legend>
            {marketing.options.map((option) => (
              <div key={option.type} className={checkboxRowClass}>
                <input type="hidden" name={fields.shown.name} value={option.type} />
                <input
                  className={checkboxClass}
                  type="checkbox"
                  id={`${fields.opted.id}-${option.type}`}
                  name={fields.opted.name}
                  value={option.type}
                  defaultChecked={ticked.has(option.type)}
                  key={`${option.type}:${ticked.has(option.type)}`}
                />
                <label htmlFor={`${fields.opted.id}-${option.type}`}>{option.text}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className={forms.button.primary}>
            Save
          </button>
        </Form>
      )}
    </MemberSection>
  );
}
