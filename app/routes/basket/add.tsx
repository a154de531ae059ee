import { redirect } from "react-router";
import type { Route } from "./+types/add";
import { shopperContext } from "~/services/context";
import { safeRedirectPath, sameSiteReferrer } from "~/services/session.server";
import { addFromForm, addToBasket, answerAdd, parseAddForm, refuseAddForm } from "./add.server";

/** Nothing to show at this address: a GET goes back to where the shopper came from. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(sameSiteReferrer(request), 303);
}

/**
 * Adds an item to the basket (spec 2 §7 /api/basket/item/add). Without script: a 303 back with a toast, to the age
 * question, or to the item page with its choices and errors. With script (`_js=1`): the same outcome as data, and
 * the toast arrives with the revalidation that follows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { fields, js, redirectTo } = parseAddForm(await request.formData());
  if (!fields) return refuseAddForm(context, js, safeRedirectPath(redirectTo, sameSiteReferrer(request)));
  const add = addFromForm(fields);
  const outcome = await addToBasket(context.get(shopperContext), add);
  return answerAdd(context, outcome, add.redirectTo, js, fields.itemPage === "1");
}

export default function BasketAdd() {
  return null;
}
