import { useId } from "react";
import { Form } from "react-router";
import type { AddressSuggestion } from "~/models/address";
import { HiddenFields, type FormTarget } from "./FormParts";
import { chooseFields } from "./suggestions";
import * as s from "./StoreSearch.css";

/** The addresses an address search found, each a post that searches from it (the way without script). */
export function AddressResults({ results, action, csrf, redirectTo }: { results: AddressSuggestion[] } & FormTarget) {
  const headingId = useId();
  return (
    <section className={s.results} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.subheading}>
        Choose your address
      </h2>
      <ul className={s.plainList}>
        {results.map((result) => (
          <li key={result.placeId} className={s.resultItem}>
            <Form method="post" action={action} className={s.inlineForm}>
              <HiddenFields csrf={csrf} redirectTo={redirectTo} intent="address-choose" />
              {Object.entries(chooseFields(result)).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className={s.resultButton}>
                {result.description}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
