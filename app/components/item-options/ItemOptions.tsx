import type { MenuItem } from "#contract/catalogue";
import {
  choiceFieldId,
  groupHint,
  isSingleChoice,
  MAX_QUANTITY,
  MIN_QUANTITY,
  type ChoiceError,
  type ItemChoice,
} from "~/models/item-choice";
import { formatPence } from "~/models/money";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./ItemOptions.css";

function errorFor(errors: ChoiceError[], field: string): string | null {
  return errors.find((e) => e.field === field)?.message ?? null;
}

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className={forms.errorMessage}>
      <span className={visuallyHidden}>Error: </span>
      {message}
    </p>
  );
}

export interface ItemOptionsProps {
  item: Pick<MenuItem, "id" | "sizes" | "optionGroups">;
  /** The choice the fields start with: the shopper's, when the page comes back with errors. */
  choice: ItemChoice;
  errors: ChoiceError[];
}

/**
 * The item's sizes and option groups as GOV.UK-style fieldsets: a radio group where exactly one is chosen, check boxes
 * otherwise with the limit as the hint, each group's error under its legend and tied to its controls.
 */
export function ItemOptions({ item, choice, errors }: ItemOptionsProps) {
  const chosen = new Set(choice.options);
  const sizeError = errorFor(errors, choiceFieldId.size);
  return (
    <>
      {item.sizes.length ? (
        <div className={sizeError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <fieldset
            id={choiceFieldId.size}
            tabIndex={-1}
            className={forms.fieldset}
            role="radiogroup"
            aria-invalid={sizeError ? true : undefined}
            aria-describedby={sizeError ? `${choiceFieldId.size}-error` : undefined}
          >
            <legend className={forms.legend}>Size</legend>
            <FieldError id={`${choiceFieldId.size}-error`} message={sizeError} />
            <div className={styles.choices}>
              {item.sizes.map((size) => (
                <label key={size.id} className={styles.choice}>
                  <input
                    type="radio"
                    name="sizeId"
                    value={size.id}
                    defaultChecked={choice.sizeId === size.id}
                    className={styles.control}
                  />
                  <span className={styles.choiceName}>{size.name}</span>
                  <span className={styles.choicePrice}>
                    {formatPence(size.price)}
                    {size.memberPrice !== null && size.memberPrice < size.price
                      ? ` (Members ${formatPence(size.memberPrice)})`
                      : ""}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      ) : null}
      {item.optionGroups.map((group) => {
        const fieldId = choiceFieldId.group(group.id);
        const error = errorFor(errors, fieldId);
        const single = isSingleChoice(group);
        const hintId = `${fieldId}-hint`;
        return (
          <div key={group.id} className={error ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
            <fieldset
              id={fieldId}
              tabIndex={-1}
              className={forms.fieldset}
              role={single ? "radiogroup" : undefined}
              aria-invalid={single && error ? true : undefined}
              aria-describedby={[hintId, error ? `${fieldId}-error` : null].filter(Boolean).join(" ")}
            >
              <legend className={forms.legend}>{group.name}</legend>
              <p id={hintId} className={forms.hint}>
                {groupHint(group)}
              </p>
              <FieldError id={`${fieldId}-error`} message={error} />
              <div className={styles.choices}>
                {group.options.map((option) => (
                  <label key={option.id} className={styles.choice}>
                    <input
                      type={single ? "radio" : "checkbox"}
                      name="option"
                      value={option.id}
                      defaultChecked={chosen.has(option.id)}
                      aria-invalid={!single && error ? true : undefined}
                      className={styles.control}
                    />
                    <span className={styles.choiceName}>{option.name}</span>
                    {option.price ? <span className={styles.choicePrice}>+{formatPence(option.price)}</span> : null}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        );
      })}
    </>
  );
}

/** The GOV.UK error summary: a list of links to each field with an error; it takes focus when it appears. */
export function ErrorSummary({
  errors,
  summaryRef,
}: {
  errors: ChoiceError[];
  summaryRef?: React.Ref<HTMLDivElement>;
}) {
  if (!errors.length) return null;
  return (
    <div
      ref={summaryRef}
      className={forms.errorSummary}
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className={forms.errorSummaryTitle}>
        There is a problem
      </h2>
      <ul className={forms.errorSummaryList}>
        {errors.map((e) => (
          <li key={e.field}>
            <a href={`#${e.field}`} className={forms.errorSummaryLink}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The item's quantity field, its error (from `errors`) above it and tied to it: the item page's and the basket's edit. */
export function QuantityField({ quantity, errors }: { quantity: number; errors: ChoiceError[] }) {
  const id = choiceFieldId.quantity;
  const error = errorFor(errors, id);
  return (
    <div className={error ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
      <label htmlFor={id} className={forms.label}>
        Quantity
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        defaultValue={quantity}
        className={`${forms.input} ${forms.fieldWidth.code}${error ? ` ${forms.fieldError}` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </div>
  );
}
