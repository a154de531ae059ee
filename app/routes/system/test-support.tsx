import { data } from "react-router";
import type { Route } from "./+types/test-support";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";

/**
 * Routes the end-to-end tests use to reach states a shopper cannot produce on demand: a loader that fails,
 * and a flash toast. They exist only when the server runs with the test clock (never in production).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!context.get(appContext).config.testRoutes)
    throw data({ message: `Page Not Found: ${new URL(request.url).pathname}` }, 404);
  const what = params["*"];
  if (what === "boom") throw new Error("Deliberate failure with a secret: postgres://user:pass@db/internal");
  if (what === "toast") {
    const url = new URL(request.url);
    const kind = url.searchParams.get("kind");
    return redirectWithToast(context, url.searchParams.get("to") ?? "/", {
      kind: kind === "error" || kind === "info" ? kind : "success",
      message: url.searchParams.get("message") ?? "Done",
    });
  }
  throw data({ message: `Page Not Found: ${new URL(request.url).pathname}` }, 404);
}

export default function TestSupport() {
  return null;
}
