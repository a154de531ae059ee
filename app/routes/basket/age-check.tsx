import { Form, Link } from "react-router";
import type { Route } from "./+types/age-check";
import { AgeCheckFields } from "~/components/age-check/AgeCheckFields";
import { ageConfirmLabel, ageQuestion, type AgeRestrictionRecord } from "~/models/age-restriction";
import { shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import {
  acceptAgeAndAdd,
  addFromForm,
  answerAdd,
  BAD_ADD_FORM_MESSAGE,
  findItem,
  parseAddForm,
  refuseAddForm,
} from "./add.server";
import * as forms from "~/styles/forms.css";
import * as styles from "~/styles/pages.css";

/** The question for an add the platform refused for age (spec 2 §4), asked as a page so it works without script. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { fields } = parseAddForm(new URL(request.url).searchParams);
  const store = shopper.session.get("store");
  if (!fields?.age || !store) {
    throw await redirectWithToast(context, fields ? addFromForm(fields).redirectTo : "/", {
      kind: "error",
      message: BAD_ADD_FORM_MESSAGE,
    });
  }
  const add = addFromForm(fields);
  const item = await findItem(shopper, store.id, add.menuItemId, shopper.session.get("fulfilmentMethod") ?? "delivery");
  const record: AgeRestrictionRecord = {
    menuItemId: add.menuItemId,
    age: fields.age,
    itemName: item?.name ?? "This item",
    addToBasketOnAccept: add,
  };
  return { record };
}

/** The shopper's yes: the basket records the age, then the waiting add goes ahead (the same form as /basket/add). */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { fields, js } = parseAddForm(await request.formData());
  if (!fields?.age) return refuseAddForm(context, js, fields ? addFromForm(fields).redirectTo : "/");
  const add = addFromForm(fields);
  return answerAdd(context, await acceptAgeAndAdd(shopper, fields.age, add), add.redirectTo, js, false);
}

export default function AgeCheck({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{ageQuestion(record.age)}</h1>
      <p>
        {record.itemName} can only be sold to people aged {record.age} or over. You may be asked for proof of age when
        your order is handed over.
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
