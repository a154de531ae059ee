import { redirect } from "react-router";
import type { Route } from "./+types/store-redirect";

/** /store/{slug}: the older store address, kept working for links in e-mails and elsewhere. */
export function loader({ params, request }: Route.LoaderArgs) {
  return redirect(`/stores/${encodeURIComponent(params.slug)}${new URL(request.url).search}`, 301);
}
