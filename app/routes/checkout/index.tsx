import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { CHECKOUT_STEP_ORDER, CHECKOUT_STEP_PATHS, firstInvalidStep } from "~/models/checkout";
import { requireCheckout } from "./checkout.server";

/** /checkout: straight on to the first step still to do. */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await requireCheckout(context);
  const step = firstInvalidStep(data.facts, CHECKOUT_STEP_ORDER) ?? "payment";
  return redirect(CHECKOUT_STEP_PATHS[step], 303);
}
