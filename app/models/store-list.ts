import { BASKET_MESSAGES } from "#contract/basket-rules";
import { methodIsAvailable, storeIsClosed } from "#contract/store-rules";

/**
 * Spec 1 §4 "Store open state" and the store results page: which stores are closed, and how a list is grouped for
 * the chosen fulfilment method (the platform sorts and filters).
 */

export type FulfilmentMethod = "delivery" | "collection";
export type MethodStatus = "open" | "preorder" | "closed";

export const STORE_PAUSED_MESSAGE = BASKET_MESSAGES.storePaused;
export const STORE_CLOSED_MESSAGE = BASKET_MESSAGES.storeClosed;

export interface MethodState {
  status: MethodStatus;
  canDeliver: boolean;
  enabledForMethod: boolean;
}

/** The fields of a store these rules read; callers pass their fuller store objects through unchanged. */
export interface StoreListEntry {
  id: number;
  storeName: string;
  /** Null when the search had no coordinates to measure from. */
  distanceKm: number | null;
  storeProductTypes: readonly string[];
  ordersPaused: boolean;
  temporarilyClosed: boolean;
  orderMethods: Record<FulfilmentMethod, MethodState>;
}

export interface GroupedStores<S> {
  open: S[];
  preorder: S[];
  closed: S[];
}

function canTakeOrders(state: MethodState, status: MethodStatus): boolean {
  return methodIsAvailable(state) && state.status === status;
}

/**
 * Closed when neither delivery nor collection can deliver with status open or preorder. A store the platform
 * marks temporarily closed is closed whatever its methods say.
 */
export function isStoreClosed(store: StoreListEntry): boolean {
  return store.temporarilyClosed || storeIsClosed(store.orderMethods);
}

/** The list for one method: open first, then pre-order, then the rest as closed; input order kept within each. */
export function groupStores<S extends StoreListEntry>(
  stores: readonly S[],
  method: FulfilmentMethod,
): GroupedStores<S> {
  const groups: GroupedStores<S> = { open: [], preorder: [], closed: [] };
  for (const store of stores) {
    const state = store.orderMethods[method];
    if (!store.temporarilyClosed && canTakeOrders(state, "open")) groups.open.push(store);
    else if (!store.temporarilyClosed && canTakeOrders(state, "preorder")) groups.preorder.push(store);
    else groups.closed.push(store);
  }
  return groups;
}

/** The notice a store page shows (spec 1 §8); a pause says more than closed, so it is named first. */
export function storeStateMessage(store: StoreListEntry): string | null {
  if (store.ordersPaused) return STORE_PAUSED_MESSAGE;
  if (isStoreClosed(store)) return STORE_CLOSED_MESSAGE;
  return null;
}
