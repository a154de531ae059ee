import { describe, expect, it } from "vitest";
import { locationSearchHref, storeMenuEntries } from "./store-menu";

describe("the store's menu", () => {
  it("offers delivery charges, location search and store search as dialogs, and plain links besides", () => {
    const entries = storeMenuEntries("victoria-street-1", "/stores/victoria-street-1/category/bakery-3?page=2", true);
    expect(entries.map((e) => [e.label, e.to, e.action ?? null])).toEqual([
      ["Delivery charges", "/stores/victoria-street-1/delivery-charges", "charges"],
      [
        "Change your location",
        "/location/change?from=%2Fstores%2Fvictoria-street-1%2Fcategory%2Fbakery-3%3Fpage%3D2",
        "location",
      ],
      ["Find another store", "/stores-near-by", "stores"],
      ["Search this store", "/stores/victoria-street-1/search", null],
      ["All our stores", "/stores", null],
    ]);
  });
  it("leaves out delivery charges for a store that does not deliver", () => {
    expect(
      storeMenuEntries("northern-quarter-8", "/stores/northern-quarter-8", false).map((e) => e.label),
    ).not.toContain("Delivery charges");
  });
  it("sends the location search page back to where the shopper was", () => {
    expect(locationSearchHref("/stores/x-1")).toBe("/location/change?from=%2Fstores%2Fx-1");
  });
});
