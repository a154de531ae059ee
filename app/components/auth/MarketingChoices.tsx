import { postedOptions, type FormField } from "~/components/forms/fields";
import * as forms from "~/styles/forms.css";
import { checkboxClass, checkboxRowClass } from "./AuthPage";

const CHANNELS = [
  { value: "email", label: "By email" },
  { value: "sms", label: "By text message (SMS)" },
] as const;

/** The new member's marketing choices by channel (spec 2 §2 register); none is ticked until the member ticks it. */
export function MarketingChoices({ field }: { field: FormField }) {
  const posted = new Set(postedOptions(field) ?? []);
  return (
    <fieldset className={`${forms.fieldset} ${forms.formGroup}`}>
      <legend className={forms.legend}>Send me offers and news</legend>
      <span className={forms.hint}>You can change this at any time.</span>
      {CHANNELS.map((channel) => (
        <div key={channel.value} className={checkboxRowClass}>
          <input
            className={checkboxClass}
            type="checkbox"
            id={`${field.id}-${channel.value}`}
            name={field.name}
            value={channel.value}
            defaultChecked={posted.has(channel.value)}
          />
          <label htmlFor={`${field.id}-${channel.value}`}>{channel.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
