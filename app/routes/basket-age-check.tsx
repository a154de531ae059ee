import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/basket-age-check";
import { AgeCheckFields } from "~/components/age-check/AgeCheckFields";
import { JS_FIELD } from "~/components/product-card/add-result";
import { ageConfirmLabel, ageQuestion, type AgeRestrictionRecord } from "~/models/age-restriction";
import { shopperContext } from "~/services/context";
import { acceptAgeAndAdd, answerAdd, BAD_ADD_FORM_MESSAGE, findItem, readAddForm } from "~/services/basket-add.server";
import * as forms from "~/styles/forms.css";
import * as styles from "./store-pages.css";

function readAge(value: FormDataEntryValue | string | null): number | null {
  return typeof value === "string" && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 120 ? Number(value) : null;
}

function queryForm(url: URL): FormData {
  const form = new FormData();
  for (const [k, v] of url.searchParams) form.append(k, v);
  return form;
}

/** The question for an add the platform refused for age (spec 2 §4), asked as a page so it works without script. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const url = new URL(request.url);
  const add = readAddForm(queryForm(url));
  const age = readAge(url.searchParams.get("age"));
  const store = shopper.session.get("store");
  if (!add || !age || !store) {
    shopper.session.flash("toast", { kind: "error", message: BAD_ADD_FORM_MESSAGE });
    throw redirect(add?.redirectTo ?? "/", 303);
  }
  const item = await findItem(shopper, store.id, add.menuItemId, shopper.session.get("fulfilmentMethod") ?? "delivery");
  const record: AgeRestrictionRecord = { menuItemId: add.menuItemId, age, itemName: item?.name ?? "This item", addToBasketOnAccept: add };
  return { record };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const form = await request.formData();
  const js = form.get(JS_FIELD) === "1";
  const add = readAddForm(form);
  const age = readAge(form.get("age"));
  if (!add || !age) {
    shopper.session.flash("toast", { kind: "error", message: BAD_ADD_FORM_MESSAGE });
    return redirect(add?.redirectTo ?? "/", 303);
  }
  return answerAdd(shopper, await acceptAgeAndAdd(shopper, age, add), add.redirectTo, js, false);
}

export default function AgeCheck({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{ageQuestion(record.age)}</h1>
      <p>
        {record.itemName} can only be sold to people aged {record.age} or over. You may be asked for proof of age when your
        order is handed over.
      </p>
      <Form method="post" className={styles.formActions}>
        <AgeCheckFields record={record} />
        <button type="submit" className={forms.button.primary}>
          {ageConfirmLabel(record.age)}
        </button>
        <Link to={record.addToBasketOnAccept.redirectTo} className={forms.button.secondary}>
          No, go back
        </Link>
      </Form>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: ageQuestion(loaderData.record.age) }] : [];
}
