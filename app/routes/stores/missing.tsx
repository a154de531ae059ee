import type { Route } from "./+types/missing";
import { shopperContext } from "~/services/context";
import { storeNotFound } from "./store-page.server";

/** Any other path under a store: 'Page Not Found', and the selected store is reset (spec 1 §2). */
export function loader({ request, context }: Route.LoaderArgs) {
  storeNotFound(context.get(shopperContext), request);
}

export default function StoreMissing() {
  return null;
}
