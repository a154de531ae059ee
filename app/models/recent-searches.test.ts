import { describe, expect, it } from "vitest";
import {
  addRecentSearch,
  isBlankRecentSearch,
  MAX_RECENT_SEARCHES,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  serialiseRecentSearches,
  type RecentSearch,
} from "./recent-searches";

const at = (postcode: string | null, timestamp: number, address: string | null = null): RecentSearch => ({
  postcode,
  address,
  timestamp,
});

describe("recent postcode searches (spec 1 §3)", () => {
  it("is stored under 'recent-postcodes' and keeps 3", () => {
    expect(RECENT_SEARCHES_KEY).toBe("recent-postcodes");
    expect(MAX_RECENT_SEARCHES).toBe(3);
  });

  it("puts the newest first and keeps at most 3", () => {
    let list: RecentSearch[] = [];
    list = addRecentSearch(list, at("SW1A 1AA", 1));
    list = addRecentSearch(list, at("M1 1AE", 2));
    list = addRecentSearch(list, at("EH1 1YZ", 3));
    list = addRecentSearch(list, at("LS1 1UR", 4));
    expect(list.map((e) => e.postcode)).toEqual(["LS1 1UR", "EH1 1YZ", "M1 1AE"]);
  });

  it("upper-cases the postcode", () => {
    expect(addRecentSearch([], at(" sw1a 1aa ", 1))).toEqual([at("SW1A 1AA", 1)]);
  });

  it("replaces an entry with the same postcode and address instead of repeating it", () => {
    const list = [at("M1 1AE", 2), at("SW1A 1AA", 1)];
    expect(addRecentSearch(list, at("sw1a 1aa", 5))).toEqual([at("SW1A 1AA", 5), at("M1 1AE", 2)]);
  });

  it("keeps a postcode search and an address search in the same postcode apart", () => {
    const list = addRecentSearch([at("SW1A 1AA", 1)], at("SW1A 1AA", 2, "10 Downing Street, London"));
    expect(list).toEqual([at("SW1A 1AA", 2, "10 Downing Street, London"), at("SW1A 1AA", 1)]);
  });

  it("ignores blank entries", () => {
    const list = [at("M1 1AE", 2)];
    expect(addRecentSearch(list, at("  ", 9))).toEqual(list);
    expect(addRecentSearch(list, at("", 9, "   "))).toEqual(list);
    expect(addRecentSearch(list, at(null, 9))).toEqual(list);
    expect(isBlankRecentSearch({ postcode: "", address: null })).toBe(true);
    expect(isBlankRecentSearch({ postcode: null, address: " " })).toBe(true);
    expect(isBlankRecentSearch({ postcode: null, address: "1 High Street" })).toBe(false);
  });

  it("keeps an address search without a postcode", () => {
    expect(addRecentSearch([], at("", 3, " 1 High Street, Leeds "))).toEqual([at(null, 3, "1 High Street, Leeds")]);
    expect(addRecentSearch([], at(null, 4, "2 High Street, Leeds"))).toEqual([at(null, 4, "2 High Street, Leeds")]);
  });
});

describe("parseRecentSearches", () => {
  it("reads what serialiseRecentSearches wrote", () => {
    const list = [at("SW1A 1AA", 3), at(null, 2, "1 High Street, Leeds"), at("M1 1AE", 1)];
    expect(parseRecentSearches(serialiseRecentSearches(list))).toEqual(list);
  });

  it("reads junk as an empty list", () => {
    for (const junk of [null, undefined, "", "not json", "{", "{}", "42", '"SW1A"', "null"]) {
      expect(parseRecentSearches(junk), String(junk)).toEqual([]);
    }
  });

  it("drops blank and malformed entries and keeps at most 3", () => {
    const text = JSON.stringify([
      { postcode: "", address: null, timestamp: 1 },
      { postcode: 12, address: null, timestamp: 1 },
      { postcode: "A1 1AA", address: null, timestamp: "yesterday" },
      [1, 2],
      null,
      { postcode: "b2 2bb", timestamp: 5 },
      { postcode: "C3 3CC", address: null, timestamp: 4 },
      { postcode: "B2 2BB", address: null, timestamp: 3 },
      { postcode: "D4 4DD", address: "4 Dale Road", timestamp: 2 },
      { postcode: "E5 5EE", address: null, timestamp: 1 },
    ]);
    expect(parseRecentSearches(text)).toEqual([at("B2 2BB", 5), at("C3 3CC", 4), at("D4 4DD", 2, "4 Dale Road")]);
  });
});

describe("serialiseRecentSearches", () => {
  it("writes only the three fields of at most 3 non-blank entries", () => {
    const extra = { ...at("SW1A 1AA", 1), secret: "x" } as RecentSearch;
    const text = serialiseRecentSearches([at("", 9), extra, at("B", 2), at("C", 3), at("D", 4)]);
    expect(JSON.parse(text)).toEqual([at("SW1A 1AA", 1), at("B", 2), at("C", 3)]);
  });
});
