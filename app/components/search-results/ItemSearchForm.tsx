import { useId, type ChangeEventHandler } from "react";
import { Form } from "react-router";
import { SEARCH_TERM_MAX_LENGTH } from "~/models/item-search";
import { storeSearchPath } from "~/models/store-paths";
import * as f from "~/styles/forms.css";
import * as s from "./ItemSearchForm.css";

export interface ItemSearchFormProps {
  storeSlug: string;
  /** The field's text, as the shopper types it (the page searches as they type). */
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  /** The search is sent: a search waiting for the shopper to stop typing is no longer needed. */
  onSubmit: () => void;
  /** The id of what the field should be read with (the status line, while the term is too short). */
  describedBy?: string;
}

/**
 * A store's item search field (spec 1 §2 search): a GET form, so Search works without script and the address carries
 * the term; replaced in the history, so Back leaves the search rather than stepping through its terms.
 */
export function ItemSearchForm({ storeSlug, value, onChange, onSubmit, describedBy }: ItemSearchFormProps) {
  const inputId = useId();
  return (
    <Form
      method="get"
      action={storeSearchPath(storeSlug)}
      role="search"
      aria-label="Items"
      className={s.form}
      replace
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className={f.label}>
        Search for items
      </label>
      <div className={s.row}>
        <input
          id={inputId}
          type="search"
          name="searchTerm"
          className={`${f.input} ${s.field}`}
          value={value}
          onChange={onChange}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          aria-describedby={describedBy}
        />
        <button type="submit" className={f.button.primary}>
          Search
        </button>
      </div>
    </Form>
  );
}
