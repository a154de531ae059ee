import { redirect } from "react-router";
import type { Route } from "./+types/checkout-index";
import { CHECKOUT_STEP_ORDER, CHECKOUT_STEP_PATHS, firstInvalidStep } from "~/models/checkout";
import { shopperContext } from "~/services/context";
import { requireCheckout } from "~/services/checkout.server";

/** /checkout: straight on to the first step still to do. */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await requireCheckout(context.get(shopperContext));
  const step = firstInvalidStep(data.facts, CHECKOUT_STEP_ORDER) ?? "payment";
  return redirect(CHECKOUT_STEP_PATHS[step], 303);
}
