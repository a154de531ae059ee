import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/fulfilment";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { safeRedirectPath } from "~/services/session.server";
import { CANNOT_SWAP_FULFILMENT, FULFILMENT_SWITCHED, serverNow, switchFulfilment } from "./slots.server";
import { loadStorePage } from "./store-page.server";

/** The switch's form: the method to change to, and the page to go back to. */
const schema = z.object({
  method: z.enum(["delivery", "collection"]),
  redirectTo: z.string().optional(),
});

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/stores/:storeSlug", { storeSlug: params.storeSlug }), 302);
}

/** Switches delivery ↔ collection from the store bar or the store page (a form post; works without JavaScript). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { clock, log } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema });
  const back = safeRedirectPath(
    submission.payload.redirectTo,
    href("/stores/:storeSlug", { storeSlug: params.storeSlug }),
  );
  const refused = () => redirectWithToast(context, back, { kind: "error", message: CANNOT_SWAP_FULFILMENT });
  if (submission.status !== "success") return refused();
  const { method } = submission.value;
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  if (!details.orderMethods[method].enabledForMethod) return refused();
  try {
    await switchFulfilment(shopper, details, method, await serverNow(shopper, clock.now()));
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      log.warn("fulfilment_switch_refused", { method, status: error.status, errorCode: error.errorCode });
      return refused();
    }
    throw error;
  }
  return redirectWithToast(context, back, { kind: "success", message: FULFILMENT_SWITCHED });
}
