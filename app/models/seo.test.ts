import { describe, expect, it } from "vitest";
import { openStreetMapHref } from "./contact";
import { NEWS_PAGE_SIZE, newsDateText, newsPageHref, parseNewsPage } from "./news";
import { absoluteImage, canonicalUrl, seoMeta } from "./seo";

describe("content pages' SEO meta", () => {
  it("makes one canonical address: public URL when set, no trailing slash, only the kept parameters", () => {
    expect(canonicalUrl("http://127.0.0.1:3000/help/ordering/substitutions/?utm=x", undefined)).toBe(
      "http://127.0.0.1:3000/help/ordering/substitutions",
    );
    expect(canonicalUrl("http://10.0.0.5/news?page=2&utm=x", "https://shop.example.co.uk", ["page"])).toBe(
      "https://shop.example.co.uk/news?page=2",
    );
    expect(canonicalUrl("http://10.0.0.5/", "https://shop.example.co.uk")).toBe("https://shop.example.co.uk/");
  });

  it("makes images absolute and refuses other schemes", () => {
    expect(absoluteImage("/brand/order-packed.svg", "https://shop.example.co.uk/a")).toBe(
      "https://shop.example.co.uk/brand/order-packed.svg",
    );
    expect(absoluteImage("https://cdn.example.com/x.png", "https://shop.example.co.uk/a")).toBe(
      "https://cdn.example.com/x.png",
    );
    expect(absoluteImage("javascript:alert(1)", "https://shop.example.co.uk/a")).toBeNull();
    expect(absoluteImage(null, "https://shop.example.co.uk/a")).toBeNull();
  });

  it("gives title, description, og:image and the canonical link", () => {
    const meta = seoMeta({
      title: "T",
      description: "D",
      image: "https://s.example/i.png",
      canonical: "https://s.example/p",
    });
    expect(meta).toContainEqual({ title: "T" });
    expect(meta).toContainEqual({ name: "description", content: "D" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://s.example/i.png" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://s.example/p" });
    expect(
      seoMeta({ title: "T", description: "", image: null, canonical: "https://s.example/p" }).some(
        (m) => "name" in m || ("property" in m && m.property === "og:image"),
      ),
    ).toBe(false);
    expect(seoMeta(undefined)).toEqual([]);
  });
});

describe("news paging and dates", () => {
  it("reads the page number, anything odd being the first page", () => {
    expect([
      parseNewsPage("2"),
      parseNewsPage(null),
      parseNewsPage("0"),
      parseNewsPage("-1"),
      parseNewsPage("abc"),
      parseNewsPage("1e3"),
      parseNewsPage("99999"),
    ]).toEqual([2, 1, 1, 1, 1, 1, 1]);
    expect([newsPageHref(1), newsPageHref(3)]).toEqual(["/news", "/news?page=3"]);
    expect(NEWS_PAGE_SIZE).toBeGreaterThan(0);
  });

  it("writes dates the British way, on the day given", () => {
    expect(newsDateText("2025-05-28")).toBe("28 May 2025");
    expect(newsDateText("2025-01-01")).toBe("1 January 2025");
  });
});

describe("the contact page's map link", () => {
  it("opens OpenStreetMap at the latitude and longitude", () => {
    expect(openStreetMapHref(53.4823, -2.2346)).toBe(
      "https://www.openstreetmap.org/?mlat=53.48230&mlon=-2.23460#map=17/53.48230/-2.23460",
    );
    expect(openStreetMapHref(91, 0)).toBeNull();
    expect(openStreetMapHref(Number.NaN, 0)).toBeNull();
  });
});
