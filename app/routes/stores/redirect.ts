import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { storePath } from "~/models/store-paths";

/** /store/{slug}: the older store address, kept working for links in e-mails and elsewhere. */
export function loader({ params, request }: Route.LoaderArgs) {
  return redirect(`${storePath(encodeURIComponent(params.slug))}${new URL(request.url).search}`, 301);
}
