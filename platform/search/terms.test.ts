import { describe, expect, it } from "vitest";
import { escapeLike, searchTerms, searchWords, swaps } from "./terms";

describe("searchWords", () => {
  it("keeps letters and digits, lower-cased, and splits on everything else", () => {
    expect(searchWords("  Mature CHEDDAR 400g ")).toEqual(["mature", "cheddar", "400g"]);
    expect(searchWords("fish & chips")).toEqual(["fish", "chips"]);
    expect(searchWords("crème fraîche")).toEqual(["crème", "fraîche"]);
  });

  it("leaves no tsquery syntax in the words", () => {
    expect(searchWords("a:* | !b & (c) 'd'")).toEqual(["a", "b", "c", "d"]);
    expect(searchWords("&&&")).toEqual([]);
  });

  it("keeps at most eight words of at most forty characters", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("x".repeat(60))[0]).toHaveLength(40);
  });
});

describe("swaps", () => {
  it("lists every neighbour swap once, never the word itself", () => {
    expect(swaps("mlik")).toEqual(["lmik", "milk", "mlki"]);
    expect(swaps("aab")).toEqual(["aba"]);
    expect(swaps("aaa")).toEqual([]);
  });
});

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("100%_\\")).toBe("100\\%\\_\\\\");
  });
});

describe("searchTerms", () => {
  it("makes the last word a prefix", () => {
    expect(searchTerms(" semi skim ")).toMatchObject({
      text: "semi skim",
      likePattern: "%semi skim%",
      wordPatterns: ["%semi%", "%skim%"],
      tsquery: "semi & skim:*",
    });
  });

  it("offers swapped spellings of words of three or more characters", () => {
    expect(searchTerms("mlik").swappedTsquery).toBe("(mlik:* | lmik:* | milk:* | mlki:*)");
    expect(searchTerms("ox tial").swappedTsquery).toBe("(ox) & (tial:* | ital:* | tail:* | tila:*)");
    expect(searchTerms("ox").swappedTsquery).toBeNull();
  });

  it("has no tsquery when the term has no words", () => {
    expect(searchTerms("%_%")).toEqual({
      text: "%_%",
      likePattern: "%\\%\\_\\%%",
      wordPatterns: [],
      tsquery: null,
      swappedTsquery: null,
    });
  });
});
