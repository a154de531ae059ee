import { describe, expect, it } from "vitest";
import { orderDate, ordersPageQuery, orderStatusLabel } from "./OrderParts";

describe("ordersPageQuery", () => {
  it("keeps each list at its cursor, and drops the newest", () => {
    expect(ordersPageQuery({ current: "abc", past: null })).toBe("?current=abc");
    expect(ordersPageQuery({ current: "abc", past: "x_Y-1" })).toBe("?current=abc&past=x_Y-1");
    expect(ordersPageQuery({ current: null, past: null })).toBe("?");
  });
});

describe("orderStatusLabel", () => {
  it("is the order's step while current, delivered or collected once past", () => {
    expect(orderStatusLabel({ status: "store_accepted_picking", orderType: "delivery", completedAt: null })).toBe(
      "Store Accepted / Picking",
    );
    expect(orderStatusLabel({ status: "en_route", orderType: "delivery", completedAt: "2026-11-26T10:00:00Z" })).toBe(
      "Delivered",
    );
    expect(orderStatusLabel({ status: "picked", orderType: "collection", completedAt: "2026-11-26T10:00:00Z" })).toBe(
      "Collected",
    );
  });
});

describe("orderDate", () => {
  it("reads an instant in the store's zone, and a slot's date as it stands", () => {
    expect(orderDate("2026-11-26T23:30:00Z", "Europe/London")).toBe("26 Nov 2026");
    expect(orderDate("2026-06-30T23:30:00Z", "Europe/London")).toBe("1 Jul 2026");
    expect(orderDate("2026-06-30", "Pacific/Auckland")).toBe("30 Jun 2026");
  });
});
