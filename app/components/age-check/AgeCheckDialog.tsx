import { href } from "react-router";
import { useEffect, useId, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { JS_FIELD } from "~/models/add-result";
import { ageConfirmLabel, ageQuestion, type AgeRestrictionRecord } from "~/models/age-restriction";
import * as forms from "~/styles/forms.css";
import { AgeCheckFields } from "./AgeCheckFields";
import * as styles from "./AgeCheck.css";

export interface AgeCheckDialogProps {
  /** The add waiting for the answer; null when nothing is asked. */
  record: AgeRestrictionRecord | null;
  /** The fetcher the add went through: the Yes goes through it too, so its answer replaces the question. */
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
}

/**
 * Spec 2 §4: an age-restricted item is added only once the shopper says they are old enough. With script the
 * question is a modal dialog over the page; without it, the add action sends the shopper to /basket/age-check.
 */
export function AgeCheckDialog({ record, fetcher, onClose }: AgeCheckDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (record && !dialog.open) dialog.showModal();
    if (!record && dialog.open) dialog.close();
  }, [record]);

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      {record ? (
        <fetcher.Form method="post" action={href("/basket/age-check")}>
          <h2 id={titleId} className={styles.title}>
            {ageQuestion(record.age)}
          </h2>
          <p>
            {record.itemName} can only be sold to people aged {record.age} or over.
          </p>
          <AgeCheckFields record={record} />
          <input type="hidden" name={JS_FIELD} value="1" />
          <div className={styles.actions}>
            <button type="submit" className={forms.button.primary}>
              {ageConfirmLabel(record.age)}
            </button>
            <button type="button" className={forms.button.secondary} onClick={() => ref.current?.close()}>
              No
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </dialog>
  );
}
