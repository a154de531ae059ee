import { describe, expect, it } from "vitest";
import {
  groupStores,
  isStoreClosed,
  storeStateMessage,
  type MethodState,
  type MethodStatus,
  type StoreListEntry,
} from "./store-list";

const method = (status: MethodStatus, canDeliver = true): MethodState => ({
  status,
  canDeliver,
  enabledForMethod: true,
});

function store(
  id: number,
  over: Partial<StoreListEntry> & { delivery?: MethodState; collection?: MethodState } = {},
): StoreListEntry {
  const { delivery = method("open"), collection = method("open"), ...rest } = over;
  return {
    id,
    storeName: `Store ${id}`,
    distanceKm: id,
    storeProductTypes: ["grocery"],
    ordersPaused: false,
    temporarilyClosed: false,
    orderMethods: { delivery, collection },
    ...rest,
  };
}

describe("isStoreClosed (spec 1 §4)", () => {
  it("is open when either method can deliver with status open or preorder", () => {
    expect(isStoreClosed(store(1))).toBe(false);
    expect(isStoreClosed(store(1, { delivery: method("closed"), collection: method("preorder") }))).toBe(false);
    expect(isStoreClosed(store(1, { delivery: method("preorder"), collection: method("closed", false) }))).toBe(false);
  });
  it("is closed when neither method can deliver with status open or preorder", () => {
    expect(isStoreClosed(store(1, { delivery: method("closed"), collection: method("closed") }))).toBe(true);
    expect(isStoreClosed(store(1, { delivery: method("open", false), collection: method("preorder", false) }))).toBe(
      true,
    );
    expect(isStoreClosed(store(1, { delivery: method("closed"), collection: method("open", false) }))).toBe(true);
  });
  it("is closed when the platform marks it temporarily closed", () => {
    expect(isStoreClosed(store(1, { temporarilyClosed: true }))).toBe(true);
  });
});

describe("groupStores", () => {
  const a = store(1, { delivery: method("preorder"), collection: method("open") });
  const b = store(2, { delivery: method("open"), collection: method("closed") });
  const c = store(3, { delivery: method("open", false), collection: method("preorder") });
  const d = store(4, { delivery: method("open"), collection: method("open") });
  const e = store(5, { delivery: method("closed"), collection: method("closed") });
  const f = store(6, { delivery: method("preorder"), collection: method("preorder", false) });
  const list = [a, b, c, d, e, f];

  it("groups by the delivery status: open, then pre-order, then closed, keeping input order", () => {
    const g = groupStores(list, "delivery");
    expect(g.open.map((s) => s.id)).toEqual([2, 4]);
    expect(g.preorder.map((s) => s.id)).toEqual([1, 6]);
    expect(g.closed.map((s) => s.id)).toEqual([3, 5]);
  });

  it("groups by the collection status when collection is chosen", () => {
    const g = groupStores(list, "collection");
    expect(g.open.map((s) => s.id)).toEqual([1, 4]);
    expect(g.preorder.map((s) => s.id)).toEqual([3]);
    expect(g.closed.map((s) => s.id)).toEqual([2, 5, 6]);
  });

  it("puts a temporarily closed store with the closed ones", () => {
    expect(groupStores([store(7, { temporarilyClosed: true })], "delivery").closed.map((s) => s.id)).toEqual([7]);
  });

  it("gives empty groups for no stores", () => {
    expect(groupStores([], "delivery")).toEqual({ open: [], preorder: [], closed: [] });
  });
});

describe("storeStateMessage (spec 1 §8)", () => {
  it("says 'This store is currently paused' when orders are paused", () => {
    expect(storeStateMessage(store(1, { ordersPaused: true }))).toBe("This store is currently paused");
    expect(
      storeStateMessage(store(1, { ordersPaused: true, delivery: method("closed"), collection: method("closed") })),
    ).toBe("This store is currently paused");
  });
  it("says 'This store is currently closed' when closed", () => {
    expect(storeStateMessage(store(1, { delivery: method("closed"), collection: method("closed") }))).toBe(
      "This store is currently closed",
    );
  });
  it("says nothing for an open store", () => {
    expect(storeStateMessage(store(1))).toBeNull();
    expect(storeStateMessage(store(1, { delivery: method("closed"), collection: method("preorder") }))).toBeNull();
  });
});
