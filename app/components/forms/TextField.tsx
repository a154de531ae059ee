import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from "react";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import type { FormField } from "./fields";

export interface TextFieldProps {
  /** The field as Conform describes it: its id, name, errors and the value the last post sent back. */
  field: FormField;
  label: string;
  hint?: string;
  /** The value before anything was posted (what the shopper saved earlier). */
  defaultValue?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: "text" | "email" | "tel" | "numeric" | "none";
  width?: keyof typeof forms.fieldWidth;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  spellCheck?: boolean;
  /** Ties the input to a form elsewhere on the page (the HTML form attribute). */
  form?: string;
}

/**
 * A text input in the GOV.UK way: label above, hint under it, the error message between hint and field, the field
 * marked invalid and described by both.
 */
export function TextField(props: TextFieldProps) {
  const { field, label, hint, width } = props;
  const id = field.id;
  const error = field.errors?.[0];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? field.errorId : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const posted = typeof field.initialValue === "string" ? field.initialValue : undefined;
  return (
    <div className={error ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span className={forms.hint} id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className={forms.errorMessage} id={errorId}>
          <span className={visuallyHidden}>Error: </span>
          {error}
        </span>
      ) : null}
      <input
        key={field.key}
        className={[forms.input, error ? forms.fieldError : "", width ? forms.fieldWidth[width] : ""]
          .filter(Boolean)
          .join(" ")}
        id={id}
        name={field.name}
        type={props.type ?? "text"}
        defaultValue={posted ?? props.defaultValue}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required}
        maxLength={props.maxLength}
        minLength={props.minLength}
        spellCheck={props.spellCheck}
        form={props.form}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
