import { redirect } from "react-router";
import type { Route } from "./+types/store-fulfilment";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { safeRedirectPath } from "~/services/session.server";
import { CANNOT_SWAP_FULFILMENT, FULFILMENT_SWITCHED, switchFulfilment } from "~/services/slots.server";
import { loadStorePage } from "~/services/store-page.server";

/** Switches delivery ↔ collection from the store bar or the store page (a form post; works without JavaScript). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { clock } = context.get(appContext);
  const form = await request.formData();
  const method = form.get("method");
  const back = safeRedirectPath(form.get("redirectTo"), `/stores/${params.storeSlug}`);
  if (method !== "delivery" && method !== "collection") {
    shopper.session.flash("toast", { kind: "error", message: CANNOT_SWAP_FULFILMENT });
    return redirect(back, 303);
  }
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  if (!details.orderMethods[method].enabledForMethod) {
    shopper.session.flash("toast", { kind: "error", message: CANNOT_SWAP_FULFILMENT });
    return redirect(back, 303);
  }
  try {
    await switchFulfilment(shopper, details, method, clock.now());
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      shopper.session.flash("toast", { kind: "error", message: CANNOT_SWAP_FULFILMENT });
      return redirect(back, 303);
    }
    throw error;
  }
  shopper.session.flash("toast", { kind: "success", message: FULFILMENT_SWITCHED });
  return redirect(back, 303);
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/stores/${params.storeSlug}`, 302);
}
