import { useNavigation } from "react-router";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";

/* What the store search widget's forms share: where they post, the fields every post carries, the inline error. */

/** Where each of the widget's forms posts, and what each post carries besides its own fields. */
export interface FormTarget {
  /** The route handling every post of the widget. */
  action: string;
  /** Where the shopper is, for the route to come back to. */
  redirectTo: string;
  csrf: string;
}

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

export function HiddenFields({ csrf, redirectTo, intent }: { csrf: string; redirectTo: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={f.errorMessage}>
      <span className={visuallyHidden}>Error: </span>
      {message}
    </p>
  );
}

/** Whether the router is busy with a post of this intent (so its button can say what is happening). */
export function usePendingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
