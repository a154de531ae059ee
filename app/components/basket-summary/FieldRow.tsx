import type { ReactNode } from "react";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./BasketSummary.css";

export interface FieldRowProps {
  /** The input's id (the label's target) and the id of its error message. */
  id: string;
  errorId: string;
  label: string;
  /** The field's refusal, shown under the label (GOV.UK) and marked on the group. */
  message: string | null;
  /** The input and its button, side by side. */
  children: ReactNode;
  /** Anything else the group holds under the row (the coupon's honeypot). */
  footer?: ReactNode;
}

/** One text field with its button on the same line, as the basket's coupon and points forms have it. */
export function FieldRow({ id, errorId, label, message, children, footer }: FieldRowProps) {
  return (
    <div className={`${f.formGroup} ${message ? f.formGroupError : ""}`}>
      <label className={f.label} htmlFor={id}>
        {label}
      </label>
      {message ? (
        <p id={errorId} className={f.errorMessage}>
          <span className={visuallyHidden}>Error: </span>
          {message}
        </p>
      ) : null}
      <div className={styles.couponRow}>{children}</div>
      {footer}
    </div>
  );
}
