/**
 * Spec 1 §4 "Store open state" and the store results page: which stores are closed, how a list is grouped for
 * the chosen fulfilment method, and how it is sorted and filtered.
 */

export type FulfilmentMethod = "delivery" | "collection";
export type MethodStatus = "open" | "preorder" | "closed";
export type StoreSort = "distance" | "name";

export const STORE_PAUSED_MESSAGE = "This store is currently paused";
export const STORE_CLOSED_MESSAGE = "This store is currently closed";

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

const METHODS: readonly FulfilmentMethod[] = ["delivery", "collection"];

function canTakeOrders(state: MethodState, status: MethodStatus): boolean {
  return state.canDeliver && state.status === status;
}

/**
 * Closed when neither delivery nor collection can deliver with status open or preorder. A store the platform
 * marks temporarily closed is closed whatever its methods say.
 */
export function isStoreClosed(store: StoreListEntry): boolean {
  if (store.temporarilyClosed) return true;
  return !METHODS.some((m) => canTakeOrders(store.orderMethods[m], "open") || canTakeOrders(store.orderMethods[m], "preorder"));
}

/** The list for one method: open first, then pre-order, then the rest as closed; input order kept within each. */
export function groupStores<S extends StoreListEntry>(stores: readonly S[], method: FulfilmentMethod): GroupedStores<S> {
  const groups: GroupedStores<S> = { open: [], preorder: [], closed: [] };
  for (const store of stores) {
    const state = store.orderMethods[method];
    if (!store.temporarilyClosed && canTakeOrders(state, "open")) groups.open.push(store);
    else if (!store.temporarilyClosed && canTakeOrders(state, "preorder")) groups.preorder.push(store);
    else groups.closed.push(store);
  }
  return groups;
}

const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

function compareDistance(a: StoreListEntry, b: StoreListEntry): number {
  // A store without a distance cannot be said to be near, so it goes last.
  if (a.distanceKm === null || b.distanceKm === null) return a.distanceKm === b.distanceKm ? 0 : a.distanceKm === null ? 1 : -1;
  return a.distanceKm - b.distanceKm;
}

/** A new list, nearest first or A to Z; ties fall to the other key, then the id, so the order is stable. */
export function sortStores<S extends StoreListEntry>(stores: readonly S[], sort: StoreSort): S[] {
  const compare =
    sort === "name"
      ? (a: S, b: S) => byName.compare(a.storeName, b.storeName) || compareDistance(a, b) || a.id - b.id
      : (a: S, b: S) => compareDistance(a, b) || byName.compare(a.storeName, b.storeName) || a.id - b.id;
  return [...stores].sort(compare);
}

/** Stores selling the product type; no type (or a blank one) keeps them all. */
export function filterStoresByProductType<S extends StoreListEntry>(stores: readonly S[], productType: string | null | undefined): S[] {
  const wanted = productType?.trim().toLowerCase();
  if (!wanted) return [...stores];
  return stores.filter((s) => s.storeProductTypes.some((t) => t.trim().toLowerCase() === wanted));
}

/** The notice a store page shows (spec 1 §8); a pause says more than closed, so it is named first. */
export function storeStateMessage(store: StoreListEntry): string | null {
  if (store.ordersPaused) return STORE_PAUSED_MESSAGE;
  if (isStoreClosed(store)) return STORE_CLOSED_MESSAGE;
  return null;
}
