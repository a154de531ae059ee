import { api, SEARCH_CATEGORIES_LIMIT, SEARCH_ITEMS_LIMIT, type GlobalSearchResponse, type MenuItem } from "#contract";
import {
  RECOMMENDED_FETCH_ERROR,
  SEARCH_FAILED_MESSAGE,
  normaliseSearchTerm,
  searchTermState,
} from "~/models/item-search";
import type { Shopper } from "~/services/context";
import type { FulfilmentMethod } from "~/models/shopper";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";

export type ItemSearchOutcome =
  | { status: "empty" }
  | { status: "too-short" }
  | { status: "results"; results: GlobalSearchResponse }
  | { status: "error"; message: string };

export interface ItemSearchInput {
  storeId: number;
  fulfilmentMethod: FulfilmentMethod;
  searchTerm: string;
  itemsPage: number;
}

/**
 * Spec 1 §4 / §7: the store's items, categories and deals matching the term. A term under 2 characters asks the
 * platform nothing. Results depend on the store, method, term and page only, never on the shopper, so they are a
 * shared read. A platform failure is an outcome the page shows ('Error searching for items'), not an error page.
 */
export async function searchItems(
  shopper: Pick<Shopper, "shared">,
  log: Logger,
  input: ItemSearchInput,
): Promise<ItemSearchOutcome> {
  const searchTerm = normaliseSearchTerm(input.searchTerm);
  const state = searchTermState(searchTerm);
  if (state !== "ready") return { status: state };
  try {
    const results = await shopper.shared.cached(api.globalSearch, {
      storeId: input.storeId,
      fulfilmentMethod: input.fulfilmentMethod,
      searchTerm,
      itemsPage: input.itemsPage,
      categoryPage: 1,
      itemsLimit: SEARCH_ITEMS_LIMIT,
      categoriesLimit: SEARCH_CATEGORIES_LIMIT,
    });
    return { status: "results", results };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log.warn(SEARCH_FAILED_MESSAGE, { status: error.status, message: error.message, storeId: input.storeId });
    return { status: "error", message: SEARCH_FAILED_MESSAGE };
  }
}

export interface RecommendedInput {
  storeId: number;
  fulfilmentMethod: FulfilmentMethod;
  /** The route asking, for the log (spec 1 §8). */
  routeName: string;
}

/**
 * The store's top sellers, leaving out what the shopper's basket holds. Any failure is logged as spec 1 §8
 * 'Recommended items fetch error' (message, stack, storeId, routeName) and answers null: the page goes on
 * without them.
 */
export async function recommendedItemsFor(
  shopper: Pick<Shopper, "api" | "session">,
  log: Logger,
  input: RecommendedInput,
): Promise<MenuItem[] | null> {
  // A basket belongs to one store: another store's token would only be refused.
  const basketToken =
    shopper.session.get("store")?.id === input.storeId ? (shopper.session.get("basketToken") ?? null) : null;
  try {
    const { topSellingItems } = await shopper.api.call(api.recommendedItems, {
      storeId: input.storeId,
      basketToken,
      fulfilmentMethod: input.fulfilmentMethod,
    });
    return topSellingItems;
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    log.error(RECOMMENDED_FETCH_ERROR, {
      message: failure.message,
      stack: failure.stack,
      storeId: input.storeId,
      routeName: input.routeName,
    });
    return null;
  }
}
