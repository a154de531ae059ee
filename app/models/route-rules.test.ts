import { describe, expect, it } from "vitest";
import { isSitePath, matchRouteRule, redirectStatus, storesTrailingSlash, type RedirectRule } from "./route-rules";

const rules: RedirectRule[] = [
  { from: "/help", to: "/faqs", permanent: true },
  { from: "/delivery", to: "/delivery-information", permanent: false },
  { from: "/blog/*", to: "/news/*", permanent: true },
  { from: "/old/*", to: "/*", permanent: true },
  { from: "/careers", to: "https://careers.larderandco.example/", permanent: false },
  { from: "/offers", to: "/stores?sort=deals", permanent: false },
  { from: "/loop", to: "/loop", permanent: true },
];
const at = (path: string) => new URL(path, "http://shop.test");

describe("route rules", () => {
  it("sends a path to its target, keeping the query", () => {
    expect(matchRouteRule(rules, at("/help"), "GET")).toEqual({ location: "/faqs", status: 301, external: false });
    expect(matchRouteRule(rules, at("/help/?utm_source=mail"), "GET")).toEqual({
      location: "/faqs?utm_source=mail",
      status: 301,
      external: false,
    });
    expect(matchRouteRule(rules, at("/offers?x=1"), "GET")?.location).toBe("/stores?sort=deals");
  });

  it("answers 301/302 to GET and HEAD, 308/307 to other methods", () => {
    expect(matchRouteRule(rules, at("/delivery"), "GET")?.status).toBe(302);
    expect(matchRouteRule(rules, at("/delivery"), "HEAD")?.status).toBe(302);
    expect(matchRouteRule(rules, at("/delivery"), "POST")?.status).toBe(307);
    expect(matchRouteRule(rules, at("/help"), "POST")?.status).toBe(308);
    expect([
      redirectStatus(true, "GET"),
      redirectStatus(true, "PUT"),
      redirectStatus(false, "GET"),
      redirectStatus(false, "DELETE"),
    ]).toEqual([301, 308, 302, 307]);
  });

  it("sends an absolute target off the site", () => {
    expect(matchRouteRule(rules, at("/careers"), "GET")).toEqual({
      location: "https://careers.larderandco.example/",
      status: 302,
      external: true,
    });
  });

  it("takes the rest of the path along with a /* rule", () => {
    expect(matchRouteRule(rules, at("/blog/leeds-store-opens"), "GET")?.location).toBe("/news/leeds-store-opens");
    expect(matchRouteRule(rules, at("/blog"), "GET")?.location).toBe("/news");
    expect(matchRouteRule(rules, at("/blogging"), "GET")).toBeNull();
  });

  it("matches nothing else, and never a rule that sends a path to itself", () => {
    expect(matchRouteRule(rules, at("/faqs"), "GET")).toBeNull();
    expect(matchRouteRule(rules, at("/help-me"), "GET")).toBeNull();
    expect(matchRouteRule(rules, at("/loop"), "GET")).toBeNull();
  });

  it("cannot be turned into an open redirect by the visitor's path", () => {
    // /old/* → /* would make /old//evil.example into //evil.example (another host) without the guard.
    for (const path of [
      "/old//evil.example",
      "/old/\\evil.example",
      "/old/%2F%2Fevil.example",
      "/old/%2f%5cevil.example",
      "/old///evil.example/x",
    ]) {
      const answer = matchRouteRule(rules, at(path), "GET");
      if (answer) {
        expect(answer.external, path).toBe(false);
        expect(isSitePath(answer.location), `${path} → ${answer.location}`).toBe(true);
        expect(new URL(answer.location, "http://shop.test").origin, path).toBe("http://shop.test");
      }
    }
    expect(matchRouteRule(rules, at("/old//evil.example"), "GET")?.location).toBe("/evil.example");
  });

  it("refuses rules whose target is another host in disguise", () => {
    const bad: RedirectRule[] = [
      { from: "/a", to: "//evil.example", permanent: true },
      { from: "/b", to: "/\\evil.example", permanent: true },
      { from: "/c", to: "/%2F%2Fevil.example", permanent: true },
      { from: "/d", to: "javascript:alert(1)", permanent: true },
    ];
    for (const path of ["/a", "/b", "/c", "/d"]) expect(matchRouteRule(bad, at(path), "GET"), path).toBeNull();
  });

  it("knows a site path from another host's address", () => {
    expect(isSitePath("/faqs")).toBe(true);
    expect(isSitePath("/news?page=2")).toBe(true);
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "https://evil.example",
      "evil",
      "/%E0%A4%A",
      "/a\nb",
    ]) {
      expect(isSitePath(value), value).toBe(false);
    }
  });
});

describe("stores-trailing-slash", () => {
  it("answers a store path with a trailing slash with its one address, query kept", () => {
    expect(storesTrailingSlash(at("/stores/leeds-3/"), "GET")).toEqual({
      location: "/stores/leeds-3",
      status: 301,
      external: false,
    });
    expect(storesTrailingSlash(at("/stores/leeds-3/category/dairy-2//?a=1"), "GET")?.location).toBe(
      "/stores/leeds-3/category/dairy-2?a=1",
    );
    expect(storesTrailingSlash(at("/stores/"), "GET")?.location).toBe("/stores");
    expect(storesTrailingSlash(at("/stores/leeds-3/"), "POST")?.status).toBe(308);
  });

  it("leaves the canonical form and other paths alone", () => {
    expect(storesTrailingSlash(at("/stores/leeds-3"), "GET")).toBeNull();
    expect(storesTrailingSlash(at("/stores-near-by/"), "GET")).toBeNull();
    expect(storesTrailingSlash(at("/about-us/"), "GET")).toBeNull();
  });
});
