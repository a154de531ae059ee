import { describe, expect, it } from "vitest";
import { DEEP_LINK_PATH } from "./deep-link";
import { afterStoreSearch, isStoreSlugPage, LOCATION_SEARCH_PATH } from "./store-search";

const base = { storeCount: 3, autoSelectClosestStore: false, hadSearch: true, currentPath: "/faqs" };

describe("after a store search (spec 1 §4)", () => {
  it("goes to stores near by when no store is found, whatever else holds", () => {
    expect(afterStoreSearch({ ...base, storeCount: 0 })).toBe("stores-near-by");
    expect(afterStoreSearch({ ...base, storeCount: 0, autoSelectClosestStore: true })).toBe("stores-near-by");
  });
  it("selects the closest store when the setting is on", () => {
    expect(afterStoreSearch({ ...base, autoSelectClosestStore: true })).toBe("select-closest");
  });
  it("stays on the page when a search existed and the page is neither home nor a store page", () => {
    expect(afterStoreSearch(base)).toBe("stay");
    expect(afterStoreSearch({ ...base, currentPath: "/stores-near-by" })).toBe("stay");
  });
  it("goes to stores near by from the home page, a store page, or on a first search", () => {
    expect(afterStoreSearch({ ...base, currentPath: "/" })).toBe("stores-near-by");
    expect(afterStoreSearch({ ...base, currentPath: "/stores/victoria-street-1" })).toBe("stores-near-by");
    expect(afterStoreSearch({ ...base, currentPath: "/stores/victoria-street-1/category/bakery-3" })).toBe(
      "stores-near-by",
    );
    expect(afterStoreSearch({ ...base, hadSearch: false })).toBe("stores-near-by");
  });
  it("never stays on the location search page", () => {
    expect(afterStoreSearch({ ...base, currentPath: LOCATION_SEARCH_PATH })).toBe("stores-near-by");
    expect(afterStoreSearch({ ...base, currentPath: LOCATION_SEARCH_PATH, autoSelectClosestStore: true })).toBe(
      "select-closest",
    );
  });
  it("goes back to a deep link that asked for a location, even on a first search or with auto-select on", () => {
    expect(afterStoreSearch({ ...base, hadSearch: false, currentPath: DEEP_LINK_PATH })).toBe("stay");
    expect(afterStoreSearch({ ...base, autoSelectClosestStore: true, currentPath: DEEP_LINK_PATH })).toBe("stay");
    expect(afterStoreSearch({ ...base, storeCount: 0, currentPath: DEEP_LINK_PATH })).toBe("stores-near-by");
  });
  it("knows a store slug page", () => {
    expect(isStoreSlugPage("/stores/victoria-street-1")).toBe(true);
    expect(isStoreSlugPage("/stores")).toBe(false);
    expect(isStoreSlugPage("/stores-near-by")).toBe(false);
  });
});
