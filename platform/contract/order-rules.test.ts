import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, nextOrderStatus, orderStatusesFor } from "./order-rules";

describe("order statuses (spec 2 §3)", () => {
  it("run sent_to_store, store_accepted_picking, picked, en_route", () => {
    expect(ORDER_STATUSES).toEqual(["sent_to_store", "store_accepted_picking", "picked", "en_route"]);
  });

  it("are labelled word for word", () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      sent_to_store: "Sent to Store",
      store_accepted_picking: "Store Accepted / Picking",
      picked: "Picked",
      en_route: "Driver en Route",
    });
  });

  it("are all of them for a delivery, and all but the driver for a collection", () => {
    expect(orderStatusesFor("delivery")).toEqual(["sent_to_store", "store_accepted_picking", "picked", "en_route"]);
    expect(orderStatusesFor("collection")).toEqual(["sent_to_store", "store_accepted_picking", "picked"]);
  });
});

describe("nextOrderStatus", () => {
  it("moves a delivery one status forward, ending en route", () => {
    expect(nextOrderStatus("sent_to_store", "delivery")).toBe("store_accepted_picking");
    expect(nextOrderStatus("store_accepted_picking", "delivery")).toBe("picked");
    expect(nextOrderStatus("picked", "delivery")).toBe("en_route");
    expect(nextOrderStatus("en_route", "delivery")).toBeNull();
  });

  it("moves a collection one status forward, ending at picked", () => {
    expect(nextOrderStatus("sent_to_store", "collection")).toBe("store_accepted_picking");
    expect(nextOrderStatus("store_accepted_picking", "collection")).toBe("picked");
    expect(nextOrderStatus("picked", "collection")).toBeNull();
  });

  it("does not move a collection from a driver's status", () => {
    expect(nextOrderStatus("en_route", "collection")).toBeNull();
  });
});
