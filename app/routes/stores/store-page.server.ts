import { data, redirect } from "react-router";
import { api, type StoreDetails } from "#contract";
import { isUnavailablePage, notFoundMessage } from "~/models/error-page";
import { idFromSlug } from "#contract";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import {
  deselectStore,
  hasLocation,
  locationInput,
  selectStore,
  STORE_DETAILS_FAILED_MESSAGE,
} from "~/shopper/store-selection.server";
import { storePath } from "~/models/store-paths";

/**
 * A page-not-found under /stores/ (spec 1 §2): the selected store is reset and the error page shown.
 */
export function storeNotFound(shopper: Shopper, request: Request): never {
  deselectStore(shopper);
  throw data({ message: notFoundMessage(new URL(request.url).pathname) }, 404);
}

/**
 * Loads the store a /stores/{storeSlug} page is about. A slug with the right id but old text redirects to the
 * current slug; an unknown store is a 404. With a location, visiting a store selects it.
 */
type StorePage = { details: StoreDetails; locationMissing: boolean };
/** Per request: the layout and the page loaders run in parallel and share one lookup (and one selection). */
const loaded = new WeakMap<Shopper, Promise<StorePage>>();

export function loadStorePage(shopper: Shopper, request: Request, storeSlug: string | undefined): Promise<StorePage> {
  let page = loaded.get(shopper);
  if (!page) {
    page = fetchStorePage(shopper, request, storeSlug);
    loaded.set(shopper, page);
  }
  return page;
}

async function fetchStorePage(shopper: Shopper, request: Request, storeSlug: string | undefined): Promise<StorePage> {
  const id = idFromSlug(storeSlug ?? "");
  if (id === null) storeNotFound(shopper, request);
  const location = shopper.session.get("location");
  let details;
  try {
    // Store details depend on the store, the location and the minute, not on the shopper: a shared, short-lived read.
    details = await shopper.shared.cached(api.selectStore, { storeId: id, ...locationInput(location) });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) storeNotFound(shopper, request);
    if (isUnavailablePage(error)) throw error;
    throw data({ message: STORE_DETAILS_FAILED_MESSAGE }, 502);
  }
  if (details.slug !== storeSlug) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(storePath(storeSlug ?? "").length);
    throw redirect(`${storePath(details.slug)}${rest}${url.search}`, 301);
  }
  // A new store, or the same store after an order (which ends the basket): the shopper gets a basket here.
  if (
    hasLocation(location) &&
    (shopper.session.get("store")?.id !== details.id || !shopper.session.get("basketToken"))
  ) {
    await selectStore(shopper, details.id, details);
  }
  return { details, locationMissing: !hasLocation(location) };
}
