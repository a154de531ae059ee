import { data, redirect } from "react-router";
import type { Route } from "./+types/basket-add";
import { JS_FIELD, type AddResult } from "~/components/product-card/add-result";
import { shopperContext } from "~/services/context";
import { addToBasket, answerAdd, BAD_ADD_FORM_MESSAGE, readAddForm } from "~/services/basket-add.server";
import { safeRedirectPath, sameSiteReferrer } from "~/services/session.server";

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
  const shopper = context.get(shopperContext);
  const form = await request.formData();
  const js = form.get(JS_FIELD) === "1";
  const add = readAddForm(form);
  if (!add) {
    shopper.session.flash("toast", { kind: "error", message: BAD_ADD_FORM_MESSAGE });
    const back = safeRedirectPath(form.get("redirectTo"), sameSiteReferrer(request));
    return js ? data<AddResult>({ ok: false, message: BAD_ADD_FORM_MESSAGE }) : redirect(back, 303);
  }
  return answerAdd(shopper, await addToBasket(shopper, add), add.redirectTo, js, form.get("itemPage") === "1");
}

export default function BasketAdd() {
  return null;
}
