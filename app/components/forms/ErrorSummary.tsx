import { useEffect, useRef } from "react";
import * as forms from "~/styles/forms.css";
import type { FieldError } from "./fields";

/**
 * The GOV.UK error summary at the top of a form: one link per field with an error. It takes focus when it appears
 * with script, so a screen reader hears the problems at once; without script it is the first thing on the page.
 */
export function ErrorSummary({
  errors,
  id = "error-summary",
  headingLevel = 2,
}: {
  errors: readonly FieldError[];
  id?: string;
  headingLevel?: 2 | 3;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.field}:${e.message}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (errors.length === 0) return null;
  // A summary inside a panel that has its own h2 (the basket's coupon and points) sits one level below it.
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <div ref={ref} className={forms.errorSummary} role="alert" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={forms.errorSummaryTitle}>
        There is a problem
      </Heading>
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
