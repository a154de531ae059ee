import { describe, expect, it } from "vitest";
import { ORDER_STATUS_LABELS, orderProgress } from "./order-status";

const states = (status: string | null, type: "delivery" | "collection") =>
  orderProgress(status, type).map((s) => s.state);

describe("orderProgress (spec 2 §3)", () => {
  it("lists a delivery's four statuses with the spec's labels, in order", () => {
    expect(orderProgress("sent_to_store", "delivery")).toEqual([
      { status: "sent_to_store", label: "Sent to Store", state: "current", position: 1 },
      { status: "store_accepted_picking", label: "Store Accepted / Picking", state: "upcoming", position: 2 },
      { status: "picked", label: "Picked", state: "upcoming", position: 3 },
      { status: "en_route", label: "Driver en Route", state: "upcoming", position: 4 },
    ]);
  });

  it("leaves the driver out of a collection", () => {
    expect(orderProgress("picked", "collection").map((s) => s.label)).toEqual([
      "Sent to Store",
      "Store Accepted / Picking",
      "Picked",
    ]);
  });

  it("marks the statuses before the order's done and those after upcoming", () => {
    expect(states("store_accepted_picking", "delivery")).toEqual(["done", "current", "upcoming", "upcoming"]);
    expect(states("picked", "delivery")).toEqual(["done", "done", "current", "upcoming"]);
    expect(states("en_route", "delivery")).toEqual(["done", "done", "done", "current"]);
    expect(states("picked", "collection")).toEqual(["done", "done", "current"]);
  });

  it("marks everything upcoming for a status it cannot place", () => {
    expect(states("en_route", "collection")).toEqual(["upcoming", "upcoming", "upcoming"]);
    expect(states("cancelled", "delivery")).toEqual(["upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(states(null, "delivery")).toEqual(["upcoming", "upcoming", "upcoming", "upcoming"]);
  });

  it("uses the contract's labels", () => {
    for (const step of orderProgress("picked", "delivery")) expect(step.label).toBe(ORDER_STATUS_LABELS[step.status]);
  });
});
