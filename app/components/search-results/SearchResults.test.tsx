import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it, vi } from "vitest";
import type { GlobalSearchResponse, MenuItem } from "#contract";
import { SearchResults } from "./SearchResults";

const slug = "victoria-street-1";

function item(id: number, name: string): MenuItem {
  return {
    id,
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id}`,
    description: null,
    price: 295,
    memberPrice: null,
    image: null,
    isAlcohol: false,
    ageRestriction: null,
    availableForDelivery: true,
    availableForCollection: true,
    available: true,
    categoryId: 2,
    categorySlug: "dairy-and-eggs-2",
    sizes: [],
    optionGroups: [],
  };
}

const pagination = (page: number, total: number, totalPages: number) => ({ page, limit: 24, total, totalPages });

const results: GlobalSearchResponse = {
  deals: {
    records: [
      {
        id: 3,
        name: "Cheese board deal",
        slug: "cheese-board-deal-3",
        description: "Any three cheeses",
        image: null,
        price: 800,
        available: true,
      },
    ],
    pagination: pagination(1, 1, 1),
  },
  categories: {
    records: [{ id: 2, name: "Dairy & eggs", slug: "dairy-and-eggs-2", description: null, image: null, itemCount: 14 }],
    pagination: pagination(1, 1, 1),
  },
  menuItems: {
    records: [item(21, "Red Leicester 350g"), item(25, "Cottage Cheese 300g")],
    pagination: pagination(2, 50, 3),
  },
  totals: { deals: 1, categories: 1, menuItems: 50 },
  noItemFoundHint: null,
};

function render(r: GlobalSearchResponse): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AuthenticityTokenProvider token="test-token">
          <SearchResults storeSlug={slug} searchTerm="chese" results={r} />
        </AuthenticityTokenProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

const links = (html: string) =>
  (html.match(/<a\b[^>]*>[\s\S]*?<\/a>/g) ?? []).map((a) => ({
    href: /href="([^"]*)"/.exec(a)?.[1],
    rel: /rel="([^"]*)"/.exec(a)?.[1] ?? null,
    text: a
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/<!-- -->/g, ""),
  }));

describe("SearchResults", () => {
  const html = render(results);

  it("links each deal to its page and each category to its page", () => {
    const all = links(html);
    expect(all.find((a) => a.text === "Cheese board deal")?.href).toBe(`/stores/${slug}/deal/cheese-board-deal-3`);
    expect(all.find((a) => a.text.startsWith("Dairy & eggs"))?.href).toBe(`/stores/${slug}/category/dairy-and-eggs-2`);
  });

  it("links each item to its page under its own category", () => {
    expect(links(html).find((a) => a.text === "Red Leicester 350g")?.href).toBe(
      `/stores/${slug}/category/dairy-and-eggs-2/menuItem/red-leicester-350g-21`,
    );
    expect(html).toContain("£2.95");
  });

  it("pages the items with prev and next links and 'Page 2 of 3'", () => {
    const pager = /<nav[^>]*aria-label="Item pages"[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(pager.replace(/<!-- -->/g, "")).toContain("Page 2 of 3");
    expect(links(pager)).toEqual([
      { href: `/stores/${slug}/search?searchTerm=chese`, rel: "prev", text: "Previous page" },
      { href: `/stores/${slug}/search?searchTerm=chese&amp;itemsPage=3`, rel: "next", text: "Next page" },
    ]);
  });

  it("has no pager when the items fit on one page", () => {
    const one = render({
      ...results,
      menuItems: { ...results.menuItems, pagination: pagination(1, 2, 1) },
      totals: { ...results.totals, menuItems: 2 },
    });
    expect(one).not.toContain("Item pages");
  });

  it("shows the platform's hint when nothing matched", () => {
    const empty = { records: [], pagination: pagination(1, 0, 0) };
    const none = render({
      deals: empty,
      categories: empty,
      menuItems: empty,
      totals: { deals: 0, categories: 0, menuItems: 0 },
      noItemFoundHint: { label: "No items found. Check the spelling or try a shorter word." },
    });
    expect(none).toContain("No items found. Check the spelling or try a shorter word.");
    expect(none).not.toContain("<h2");
  });

  it("shows a price that is not a number as £0.00 and logs a warning (spec 1 §9), the rest of the card as sent", () => {
    // Production does not check the platform's answers against the contract, so a broken price reaches the card.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const broken = { ...item(30, "Broken Price Brie"), price: "n/a" as unknown as number };
      const html = render({ ...results, menuItems: { ...results.menuItems, records: [broken] } });
      expect(html).toContain("Broken Price Brie");
      expect(html).toContain("£0.00");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("not a numeric value, showing 0.00"), "n/a");
    } finally {
      warn.mockRestore();
    }
  });
});
