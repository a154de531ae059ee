import { describe, expect, it } from "vitest";
import { BASKET_REFERER, SEARCH_REFERER, backLinkHref, refererToKeep, sameSitePath } from "./back-link";

const basket = "http://shop.test/basket";
const search = "http://shop.test/stores/leeds-3/search?searchTerm=milk";

describe("the back links' referer rules", () => {
  it("keeps a same-site page's path and query", () => {
    expect(sameSitePath("http://shop.test/stores/leeds-3/category/dairy-2?x=1", basket)).toBe(
      "/stores/leeds-3/category/dairy-2?x=1",
    );
    expect(refererToKeep(BASKET_REFERER, "http://shop.test/stores/leeds-3", basket)).toBe("/stores/leeds-3");
    expect(refererToKeep(SEARCH_REFERER, "http://shop.test/stores/leeds-3/category/dairy-2", search)).toBe(
      "/stores/leeds-3/category/dairy-2",
    );
  });

  it("ignores another site, another scheme or port, no referer and nonsense", () => {
    for (const referer of [
      "https://evil.example/stores",
      "https://shop.test/basket-like",
      "http://shop.test:8080/x",
      "not a url",
      "",
      null,
    ]) {
      expect(refererToKeep(BASKET_REFERER, referer, basket), String(referer)).toBeNull();
    }
  });

  it("never keeps a path another host could hide in", () => {
    expect(sameSitePath("http://shop.test//evil.example/x", basket)).toBeNull();
    expect(sameSitePath("http://shop.test/%2F%2Fevil.example", basket)).toBeNull();
    expect(sameSitePath("http://shop.test/\\evil.example", basket)).toBeNull();
  });

  it("ignores the page itself and the steps that lead back to it", () => {
    expect(refererToKeep(BASKET_REFERER, "http://shop.test/basket", basket)).toBeNull();
    expect(refererToKeep(BASKET_REFERER, "http://shop.test/checkout/details", basket)).toBeNull();
    expect(refererToKeep(SEARCH_REFERER, "http://shop.test/stores/leeds-3/search?searchTerm=bread", search)).toBeNull();
    expect(refererToKeep(SEARCH_REFERER, "http://shop.test/basket", search)).toBe("/basket");
  });

  it("shows the kept page when it is a site path, else the fallback", () => {
    expect(backLinkHref("/stores/leeds-3/category/dairy-2", "/stores/leeds-3")).toBe(
      "/stores/leeds-3/category/dairy-2",
    );
    expect(backLinkHref(undefined, "/stores/leeds-3")).toBe("/stores/leeds-3");
    expect(backLinkHref("//evil.example", "/")).toBe("/");
    expect(backLinkHref("https://evil.example/", "/")).toBe("/");
  });
});
