import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/near-by";
import { api } from "#contract";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import type { StoreView } from "~/components/store-list/StoreFilters";
import { NearbyResults } from "~/components/stores-near-by/NearbyResults";
import * as styles from "~/components/store-list/StoreList.css";
import { FORM_UNREADABLE_MESSAGE, replyShown } from "~/models/form-reply.server";
import { FUTURE_CONTACT_THANKS, STORE_DETAILS_FAILED_MESSAGE } from "~/models/location-messages";
import type { FulfilmentMethod } from "~/models/shopper";
import { groupStores } from "~/models/store-list";
import { storePath } from "~/models/store-paths";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { PlatformError } from "~/services/platform-client.server";
import { singleStoreTarget } from "~/shopper/single-store.server";
import { hasLocation, locationInput, selectStore, StoreSelectionError } from "~/shopper/store-selection.server";

const EMAIL_INVALID = "Enter an email address in the correct format, like name@example.com";

/** The page's two posts: shop at a store, or leave an e-mail for when a store delivers here. */
const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("select"),
    storeId: z.number().int().positive().max(2_147_483_647),
    method: z.enum(["delivery", "collection"]).optional(),
  }),
  z.object({
    intent: z.literal("notify"),
    email: z
      .string({ error: EMAIL_INVALID })
      .trim()
      .max(254, EMAIL_INVALID)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_INVALID),
  }),
]);

/** The results' view from the query (the filters are a GET form). */
function readView(url: URL, fallback: FulfilmentMethod): StoreView {
  const m = url.searchParams.get("method");
  const method: FulfilmentMethod = m === "delivery" || m === "collection" ? m : fallback;
  const sort = url.searchParams.get("sort") === "name" ? "name" : "distance";
  const type = url.searchParams.get("type")?.trim() || null;
  return { method, sort, type };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const shopper = context.get(shopperContext);
  const single = await singleStoreTarget(services, shopper);
  if (single) throw redirect(single, 302);

  const url = new URL(request.url);
  const view = readView(url, shopper.session.get("fulfilmentMethod") ?? "delivery");
  const location = shopper.session.get("location");
  if (!hasLocation(location)) return { view, location: null, result: null, honeypot: null };

  let result;
  try {
    result = await shopper.api.call(api.findNearbyStores, {
      ...locationInput(location),
      fulfilmentMethod: view.method,
      sortBy: view.sort,
      ...(view.type ? { productType: view.type } : {}),
    });
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) {
      // The stored location no longer resolves (a postcode retired from the table): ask again.
      shopper.session.unset("location");
      return { view, location: null, result: null, honeypot: null };
    }
    throw error;
  }
  const groups = groupStores(result.stores, view.method);
  return {
    view,
    location: { postcode: location.postcode, address: location.address },
    result: { ...groups, storeProductTypes: result.storeProductTypes, total: result.stores.length },
    // The "let me know" form (no store here) carries the honeypot.
    honeypot: result.stores.length === 0 ? await honeypotInputProps(services.config) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { config } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  const intent = submission.payload.intent;

  if (intent === "notify") {
    const postcode = shopper.session.get("location")?.postcode ?? "";
    // A bot fills every field (or drops the form's own): it is thanked and nothing is stored.
    if (await isSpam(config, form))
      return redirectWithToast(context, href("/stores-near-by"), { kind: "success", message: FUTURE_CONTACT_THANKS });
    if (submission.status !== "success" || submission.value.intent !== "notify")
      return data(replyShown(submission, ["email"]), { status: 400 });
    try {
      await shopper.api.call(api.futureContactRequest, { email: submission.value.email, postcode });
    } catch (error) {
      if (error instanceof PlatformError && error.status < 500)
        return data(replyShown(submission, ["email"], { fieldErrors: { email: [error.message] } }), {
          status: error.status,
        });
      throw error;
    }
    return redirectWithToast(context, href("/stores-near-by"), { kind: "success", message: FUTURE_CONTACT_THANKS });
  }

  if (intent === "select") {
    const method = submission.payload.method;
    if (method === "delivery" || method === "collection") shopper.session.set("fulfilmentMethod", method);
    if (submission.status !== "success" || submission.value.intent !== "select") {
      return redirectWithToast(context, `${href("/stores-near-by")}${new URL(request.url).search}`, {
        kind: "error",
        message: STORE_DETAILS_FAILED_MESSAGE,
      });
    }
    try {
      const details = await selectStore(shopper, submission.value.storeId);
      return redirect(storePath(details.slug), 303);
    } catch (error) {
      if (error instanceof StoreSelectionError)
        return redirectWithToast(context, `${href("/stores-near-by")}${new URL(request.url).search}`, {
          kind: "error",
          message: error.message,
        });
      throw error;
    }
  }
  // Neither form's post (a forged or repeated intent): the list again, saying so, whichever form it shows.
  return redirectWithToast(context, `${href("/stores-near-by")}${new URL(request.url).search}`, {
    kind: "error",
    message: FORM_UNREADABLE_MESSAGE,
  });
}

export default function StoresNearBy({ loaderData, actionData }: Route.ComponentProps) {
  const { view, location, result } = loaderData;
  const heading = location ? `Stores near ${location.address ?? location.postcode ?? "you"}` : "Find a store near you";
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{heading}</h1>
      <ShopSearch />
      {result ? (
        <NearbyResults
          view={view}
          result={result}
          notify={{ postcode: location?.postcode ?? null, honeypot: loaderData.honeypot, lastResult: actionData }}
        />
      ) : (
        <p>
          Or <Link to={href("/stores")}>browse all our stores</Link>.
        </p>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Stores near you" }];
}
