import { describe, expect, it } from "vitest";
import { BASKET_REFERER, SEARCH_REFERER, backLinkHref, pageToReturnTo, refererToKeep, sameSitePath } from "./back-link";

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

describe("the page to come back to after signing in", () => {
  const memberPage = (pathname: string) => pathname.startsWith("/member/");
  const order = "http://shop.test/member/orders/LC-1001";
  const visit = (url: string, method = "GET", referer?: string) =>
    new Request(url, { method, headers: referer === undefined ? {} : { referer } });
  const choose = (request: Request) => pageToReturnTo(request, memberPage, "/member");

  it("is the page itself for a page asked for, its query kept", () => {
    expect(choose(visit(`${order}?from=list`))).toBe("/member/orders/LC-1001?from=list");
    expect(choose(visit(order, "HEAD"))).toBe("/member/orders/LC-1001");
    // A page asked for is that page even when a link on another led to it.
    expect(choose(visit(order, "GET", "http://shop.test/member/orders"))).toBe("/member/orders/LC-1001");
  });

  it("is the page a form was on for a post: the same-site Referer, not the action it posted to", () => {
    expect(choose(visit(`${order}/reorder`, "POST", order))).toBe("/member/orders/LC-1001");
    expect(choose(visit("http://shop.test/member/cards/card_1/delete", "POST", "http://shop.test/member/cards"))).toBe(
      "/member/cards",
    );
    expect(choose(visit(order, "POST", `${order}?tab=review`))).toBe("/member/orders/LC-1001?tab=review");
  });

  it("is the post's own address without a Referer to trust, when that address is a page", () => {
    for (const referer of [
      undefined,
      "https://evil.example/member/cards",
      "http://shop.test:8080/member/cards",
      "http://shop.test//evil.example/x",
      "not a url",
    ]) {
      expect(choose(visit("http://shop.test/member/cards/card_1/delete", "POST", referer)), String(referer)).toBe(
        "/member/cards/card_1/delete",
      );
    }
  });

  it("is the fallback when the post's own address is no page", () => {
    expect(choose(visit("http://shop.test/basket/add", "POST"))).toBe("/member");
    expect(choose(visit("http://shop.test/basket/add", "POST", "https://evil.example/"))).toBe("/member");
  });
});
