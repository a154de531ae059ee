import { useEffect, useRef } from "react";
import * as forms from "~/styles/forms.css";
import type { FieldError } from "./fields";

/**
 * The GOV.UK error summary at the top of a form: one link per field with an error. It takes focus when it appears
 * with script, so a screen reader hears the problems at once; without script it is the first thing on the page.
 */
export function ErrorSummary({ errors, id = "error-summary" }: { errors: readonly FieldError[]; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.field}:${e.message}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className={forms.errorSummary} role="alert" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={forms.errorSummaryTitle}>
        There is a problem
      </h2>
      <ul className={forms.errorSummaryList}>
        {errors.map((e) => (
          <li key={`${e.field}:${e.message}`}>
            <a href={`#${e.field}`} className={forms.errorSummaryLink}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
