import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/banner-event";
import { api } from "#contract";
import { CLIENT_PLATFORM } from "#contract/catalogue-rules";
import { appContext, shopperContext, type Shopper } from "~/services/context";
import { safeRedirectPath } from "~/services/session.server";
import type { Logger } from "~/services/logger.server";

/** A transparent 1×1 GIF: the answer to the no-script impression image. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Banner ids from "1,2,3" (the impression list) or one id; at most 50, as the platform takes. */
function bannerIds(value: FormDataEntryValue | string | null): number[] {
  if (typeof value !== "string") return [];
  const ids = value
    .split(",")
    .filter((v) => /^\d{1,10}$/.test(v.trim()))
    .map((v) => Number(v.trim()))
    .filter((n) => n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)].slice(0, 50);
}

/** Records without holding up the shopper: a failed count is logged, never shown. */
function record(shopper: Shopper, log: Logger, kind: "display" | "click", ids: number[]): Promise<void> {
  if (!ids.length) return Promise.resolve();
  const call =
    kind === "display"
      ? shopper.api.call(api.displayBanners, { bannerIds: ids, platform: CLIENT_PLATFORM })
      : shopper.api.call(api.clickBanner, { bannerId: ids[0]!, platform: CLIENT_PLATFORM });
  return call.then(
    () => undefined,
    (error: unknown) =>
      log.warn("banner.event_failed", { kind, ids, error: error instanceof Error ? error.message : String(error) }),
  );
}

/** The script's report: banner ids, comma-separated. */
const schema = z.object({ display: z.string().max(2000).optional(), click: z.string().max(2000).optional() });

/**
 * Spec 2 §4 banner events. GET ?click={id}&to={banner page}: records the click, then 303 to the banner page (the
 * banner link, so it works without script). GET ?display=1,2: the no-script impression image.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const url = new URL(request.url);
  const click = bannerIds(url.searchParams.get("click"));
  if (click.length) {
    // Awaited so the count is in before the banner page is asked for; failures are only logged.
    await record(shopper, log, "click", click);
    const to = safeRedirectPath(url.searchParams.get("to"), "/");
    return redirect(to.startsWith("/stores/") ? to : "/", 303);
  }
  await record(shopper, log, "display", bannerIds(url.searchParams.get("display")));
  return new Response(new Uint8Array(PIXEL), { headers: { "Content-Type": "image/gif", "Cache-Control": "no-store" } });
}

/** POST display=1,2,3 (the script's batch of impressions) or click={id} (with the page opened by script). */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema });
  const events = submission.status === "success" ? submission.value : {};
  await Promise.all([
    record(shopper, log, "display", bannerIds(events.display ?? null)),
    record(shopper, log, "click", bannerIds(events.click ?? null)),
  ]);
  return new Response(null, { status: 204 });
}
