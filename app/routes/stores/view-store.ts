import { href, redirect } from "react-router";
import type { Route } from "./+types/view-store";
import { api } from "#contract";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { storePath } from "~/models/store-paths";

/**
 * /ul/view_store (an app link, spec 1 §2; issue 20): the store its query names (`?storeId=2`, as marketing e-mails link
 * it), whose page selects it when the shopper's location is known; without one, or for a store that does not exist, the
 * selected store's page, else the stores near by.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const named = new URL(request.url).searchParams.get("storeId") ?? "";
  if (/^\d{1,10}$/.test(named) && Number(named) >= 1 && Number(named) <= 2_147_483_647) {
    try {
      const details = await shopper.shared.cached(api.selectStore, { storeId: Number(named) });
      return redirect(storePath(details.slug), 302);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    }
  }
  const store = shopper.session.get("store");
  return redirect(store ? storePath(store.slug) : href("/stores-near-by"), 302);
}
