import { describe, expect, it } from "vitest";
import { SEARCH_DEBOUNCE_MS as CONTRACT_DEBOUNCE, SEARCH_MIN_CHARS as CONTRACT_MIN } from "#contract/search";
import {
  normaliseSearchTerm,
  pageLinks,
  parseItemsPage,
  resultSummary,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_PAGE,
  SEARCH_MIN_CHARS,
  searchHref,
  searchTermState,
} from "./item-search";

describe("when to search (spec 1 §4)", () => {
  it("uses the contract's constants: 600 ms debounce, 2 characters", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(600);
    expect(SEARCH_MIN_CHARS).toBe(2);
    expect(SEARCH_DEBOUNCE_MS).toBe(CONTRACT_DEBOUNCE);
    expect(SEARCH_MIN_CHARS).toBe(CONTRACT_MIN);
  });

  it("searches from 2 characters after trimming", () => {
    for (const term of ["ch", "chese", "  ch  "]) expect(searchTermState(term)).toBe("ready");
    for (const term of ["c", "  c   "]) expect(searchTermState(term)).toBe("too-short");
    for (const term of ["", "    ", null, undefined]) expect(searchTermState(term)).toBe("empty");
  });

  it("tells an empty term from one that is too short", () => {
    expect(searchTermState("")).toBe("empty");
    expect(searchTermState("   ")).toBe("empty");
    expect(searchTermState("a")).toBe("too-short");
    expect(searchTermState(" a ")).toBe("too-short");
    expect(searchTermState("ab")).toBe("ready");
  });

  it("normalises spaces and cuts the term to the platform's 100 characters", () => {
    expect(normaliseSearchTerm("  red   leicester ")).toBe("red leicester");
    expect(normaliseSearchTerm(null)).toBe("");
    expect(normaliseSearchTerm("x".repeat(150))).toHaveLength(100);
    // A cut that ends on a space leaves no trailing space behind.
    expect(normaliseSearchTerm(`${"x".repeat(99)} tail`)).toBe("x".repeat(99));
  });
});

describe("page numbers", () => {
  it("reads itemsPage as a whole number from 1, defaulting to 1", () => {
    expect(parseItemsPage("2")).toBe(2);
    expect(parseItemsPage(" 3 ")).toBe(3);
    expect(parseItemsPage(null)).toBe(1);
    expect(parseItemsPage("")).toBe(1);
    expect(parseItemsPage("0")).toBe(1);
    expect(parseItemsPage("-2")).toBe(1);
    expect(parseItemsPage("2.5")).toBe(1);
    expect(parseItemsPage("two")).toBe(1);
    expect(parseItemsPage("1e3")).toBe(1);
    expect(parseItemsPage("99999999999999999999")).toBe(1);
    expect(parseItemsPage("123456")).toBe(SEARCH_MAX_PAGE);
  });

  it("links the previous and next pages with 'Page 2 of 5'", () => {
    expect(pageLinks({ page: 2, totalPages: 5 })).toEqual({ prev: 1, next: 3, label: "Page 2 of 5" });
    expect(pageLinks({ page: 1, totalPages: 5 })).toEqual({ prev: null, next: 2, label: "Page 1 of 5" });
    expect(pageLinks({ page: 5, totalPages: 5 })).toEqual({ prev: 4, next: null, label: "Page 5 of 5" });
  });

  it("has no pager for one page or none", () => {
    expect(pageLinks({ page: 1, totalPages: 1 })).toBeNull();
    expect(pageLinks({ page: 1, totalPages: 0 })).toBeNull();
  });

  it("treats a page past the end as the last page", () => {
    expect(pageLinks({ page: 9, totalPages: 3 })).toEqual({ prev: 2, next: null, label: "Page 3 of 3" });
  });

  it("builds shareable search addresses", () => {
    expect(searchHref("victoria-street-1", "chese")).toBe("/stores/victoria-street-1/search?searchTerm=chese");
    expect(searchHref("victoria-street-1", "chese", 2)).toBe(
      "/stores/victoria-street-1/search?searchTerm=chese&itemsPage=2",
    );
    expect(searchHref("victoria-street-1", "mac & cheese", 1)).toBe(
      "/stores/victoria-street-1/search?searchTerm=mac+%26+cheese",
    );
    expect(searchHref("victoria-street-1", "")).toBe("/stores/victoria-street-1/search");
  });
});

describe("result summary", () => {
  it("counts each kind with its plural", () => {
    expect(resultSummary({ menuItems: 12, categories: 2, deals: 1 }, "chese")).toBe(
      "12 items, 2 categories, 1 deal for “chese”",
    );
    expect(resultSummary({ menuItems: 1, categories: 1, deals: 3 }, "milk")).toBe(
      "1 item, 1 category, 3 deals for “milk”",
    );
  });

  it("leaves out the kinds with nothing found", () => {
    expect(resultSummary({ menuItems: 4, categories: 0, deals: 0 }, "bread")).toBe("4 items for “bread”");
    expect(resultSummary({ menuItems: 0, categories: 1, deals: 0 }, "dairy")).toBe("1 category for “dairy”");
  });

  it("says when nothing matched", () => {
    expect(resultSummary({ menuItems: 0, categories: 0, deals: 0 }, "zzzz")).toBe("No results for “zzzz”");
  });
});
