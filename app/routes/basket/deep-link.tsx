import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/deep-link";
import { DEEP_LINK_MESSAGES, type LandingView } from "~/models/deep-link";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { LandingPage } from "~/components/deep-link/LandingPage";
import { StoreSelectionError } from "~/shopper/store-selection.server";
import { clearBasket } from "./basket.server";
import { fillFromLink, filledMessage, planLanding, type FillTarget, type Landing } from "./deep-link-landing.server";
import { readDeepLink } from "./deep-link.server";

/*
 * A marketing e-mail's deep link lands here (issue 20; spec 2 §4 "Deep links", §8 "Deep-link errors"). Everything is
 * decided on the server (deep-link-landing.server.ts): opening the link (a GET, which e-mail scanners also do) fills only a new,
 * empty guest basket; anything else is a page asking first, whose Continue is a post. Pages with and without script
 * alike (decision 0036).
 */

type RequestContext = Readonly<RouterContextProvider>;

/** Continue's form: the key that makes a double press add nothing twice. */
const continueSchema = z.object({
  intent: z.literal("continue"),
  fillKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/),
});

function linkAt(request: Request): { params: URLSearchParams; path: string } {
  const url = new URL(request.url);
  return { params: url.searchParams, path: `${url.pathname}${url.search}` };
}

/** The link as read with the server's secret now: unreadable, changed and expired links never reach the basket. */
function readLink(context: RequestContext, params: URLSearchParams) {
  const { config, clock } = context.get(appContext);
  // Without a secret nothing could be told from a forgery: every link is refused.
  if (!config.deepLinkSecret) return { ok: false as const, problem: "tampered" as const };
  return readDeepLink(params, config.deepLinkSecret, clock.now());
}

/** What the page shows: the landing without the store's details, which only the server needs. */
function view(landing: Landing): LandingView {
  if ("target" in landing) {
    const { target: _target, ...shown } = landing;
    return shown;
  }
  return landing;
}

function statusOf(landing: LandingView): number {
  if (landing.state !== "unrecoverable") return 200;
  return landing.problem === "expired" ? 410 : landing.problem === "store-gone" ? 404 : 400;
}

/** The landing's page; with a message (a Continue that could not be done), the status that goes with it. */
function page(landing: LandingView, path: string, problem: { message: string; status: number } | null = null) {
  return data(
    { landing, path, message: problem?.message ?? null, fillKey: crypto.randomUUID() },
    { status: problem?.status ?? statusOf(landing) },
  );
}

/**
 * Fills the basket from the link and goes to the basket, whose toast says what was added and how the coupon fared and
 * whose list names what could not be added. A refusal the shopper cannot fix here comes back as this page's message.
 */
async function fill(
  context: RequestContext,
  link: Parameters<typeof fillFromLink>[2],
  target: FillTarget & { clear: boolean; fillKey: string },
  path: string,
  landing: LandingView,
) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  try {
    const filled = await fillFromLink(shopper, log, link, target);
    if (filled.notAdded.length > 0) shopper.session.set("linkNotAdded", filled.notAdded.slice(0, 20));
    else shopper.session.unset("linkNotAdded");
    return redirectWithToast(context, href("/basket"), filledMessage(filled), 303);
  } catch (error) {
    if (error instanceof StoreSelectionError || (error instanceof PlatformError && error.status < 500)) {
      log.warn("deeplink.fill_failed", { message: error.message });
      return page(landing, path, {
        message: error.message,
        status: error instanceof PlatformError ? error.status : 502,
      });
    }
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { params, path } = linkAt(request);
  const reading = readLink(context, params);
  if (!reading.ok) return page({ state: "unrecoverable", problem: reading.problem }, path);
  const landing = await planLanding(shopper, reading.link);
  // Only a new, empty guest basket is filled by opening the link; the key is new, as each opening is a new fill.
  if (landing.state === "ready")
    return fill(
      context,
      reading.link,
      { ...landing.target, clear: false, fillKey: crypto.randomUUID() },
      path,
      view(landing),
    );
  return page(view(landing), path);
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const { params, path } = linkAt(request);
  const reading = readLink(context, params);
  if (!reading.ok) return page({ state: "unrecoverable", problem: reading.problem }, path);
  const submission = parseWithZod(await request.formData(), { schema: continueSchema });
  const landing = await planLanding(shopper, reading.link);
  if (submission.status !== "success")
    return page(view(landing), path, { message: DEEP_LINK_MESSAGES.badForm, status: 400 });
  const { fillKey } = submission.value;

  switch (landing.state) {
    case "unrecoverable":
    case "search":
      return page(view(landing), path);
    case "incompatible":
      if (landing.reason === "not-served") {
        // Continue empties the basket; the link then asks for a location its store serves.
        if (shopper.session.get("basketToken") && shopper.session.get("store"))
          await clearBasket(shopper, log, `${fillKey}-clear`);
        shopper.session.unset("location");
        return redirect(path, 303);
      }
      return fill(context, reading.link, { ...landing.target, clear: false, fillKey }, path, view(landing));
    case "overwrite":
      return fill(context, reading.link, { ...landing.target, clear: true, fillKey }, path, view(landing));
    case "confirm":
    case "ready":
      return fill(
        context,
        reading.link,
        { ...landing.target, clear: reading.link.clear, fillKey },
        path,
        view(landing),
      );
  }
}

export default function DeepLinkLanding({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingPage {...(actionData ?? loaderData)} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const landing = loaderData?.landing;
  const title =
    !landing || landing.state === "unrecoverable"
      ? DEEP_LINK_MESSAGES.unrecoverableTitle
      : landing.state === "search"
        ? "Find your local store"
        : landing.state === "incompatible"
          ? DEEP_LINK_MESSAGES.incompatibleTitle(landing.storeName)
          : landing.state === "overwrite"
            ? DEEP_LINK_MESSAGES.overwriteTitle
            : DEEP_LINK_MESSAGES.confirmTitle;
  return [{ title }, { name: "robots", content: "noindex" }];
}
