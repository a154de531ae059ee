import { href, redirect } from "react-router";
import type { Route } from "./+types/view-store";
import { shopperContext } from "~/services/context";
import { storePath } from "~/models/store-paths";

/** /ul/view_store (an app link): the selected store's page, else the stores near by. */
export function loader({ context }: Route.LoaderArgs) {
  const store = context.get(shopperContext).session.get("store");
  return redirect(store ? storePath(store.slug) : href("/stores-near-by"), 302);
}
