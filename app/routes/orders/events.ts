import type { Route } from "./+types/events";
import { appContext } from "~/services/context";
import { liveStatusResponse, platformLiveStatus } from "./events.server";

/**
 * The order status page's live updates (decision 0040): server-sent events of the order's state, for whoever holds
 * the status page's token. No screen: the page's script listens to it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { platform, log } = context.get(appContext);
  return liveStatusResponse({
    statusToken: params.statusToken,
    read: platformLiveStatus(platform, params.statusToken),
    signal: request.signal,
    log,
  });
}
