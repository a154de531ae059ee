import { describe, expect, it } from "vitest";
import {
  chooseFields,
  GEOLOCATION_OPTIONS,
  lookupTermFor,
  moveActive,
  readSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  suggestionUrl,
} from "./suggestions";

describe("timings (spec 1 §4, §5)", () => {
  it("waits 400 ms before looking up suggestions", () => {
    expect(SUGGESTION_DEBOUNCE_MS).toBe(400);
  });
  it("asks for the device position with a 5 s time-out, low accuracy and no cached position", () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ timeout: 5000, enableHighAccuracy: false, maximumAge: 0 });
  });
});

describe("lookupTermFor", () => {
  it("looks up from two characters, trimmed", () => {
    expect(lookupTermFor("  10   Downing ")).toBe("10 Downing");
    expect(lookupTermFor("ab")).toBe("ab");
  });
  it("does not look up a blank box or a single character", () => {
    expect(lookupTermFor("")).toBeNull();
    expect(lookupTermFor("   ")).toBeNull();
    expect(lookupTermFor(" a ")).toBeNull();
  });
});

describe("suggestionUrl", () => {
  const base = "https://shop.example/stores-near-by";
  it("adds the term, encoded", () => {
    expect(suggestionUrl("/location/suggestions", "10 Downing St & Co", base)).toBe(
      "/location/suggestions?term=10+Downing+St+%26+Co",
    );
  });
  it("keeps the endpoint's own query and replaces an old term", () => {
    expect(suggestionUrl("/location/suggestions?limit=5&term=old", "new", base)).toBe(
      "/location/suggestions?limit=5&term=new",
    );
  });
  it("keeps another origin absolute", () => {
    expect(suggestionUrl("https://api.example/suggest", "x", base)).toBe("https://api.example/suggest?term=x");
  });
});

describe("readSuggestions", () => {
  it("reads the endpoint's suggestions", () => {
    expect(
      readSuggestions({
        suggestions: [
          { description: "1 High St, Leeds", placeId: "a", latitude: 53.8, longitude: -1.55 },
          { formattedAddress: "2 High St, Leeds", placeId: "b", latitude: null, longitude: null },
        ],
      }),
    ).toEqual([
      { description: "1 High St, Leeds", placeId: "a", latitude: 53.8, longitude: -1.55 },
      { description: "2 High St, Leeds", placeId: "b", latitude: null, longitude: null },
    ]);
  });
  it("drops entries without a place id or text, and half coordinate pairs", () => {
    expect(
      readSuggestions({
        suggestions: [
          { description: "", placeId: "a" },
          { description: "No id" },
          null,
          "text",
          { description: "Half", placeId: "c", latitude: 53.8, longitude: "west" },
        ],
      }),
    ).toEqual([{ description: "Half", placeId: "c", latitude: null, longitude: null }]);
  });
  it("reads anything else as no suggestions", () => {
    for (const junk of [null, "x", [], {}, { suggestions: "none" }]) expect(readSuggestions(junk)).toEqual([]);
  });
});

describe("chooseFields", () => {
  it("sends the place and, when known, its coordinates", () => {
    expect(chooseFields({ description: "A", placeId: "p", latitude: 0, longitude: -1.5 })).toEqual({
      placeId: "p",
      description: "A",
      latitude: "0",
      longitude: "-1.5",
    });
    expect(chooseFields({ description: "A", placeId: "p", latitude: null, longitude: null })).toEqual({
      placeId: "p",
      description: "A",
    });
  });
});

describe("moveActive", () => {
  it("moves down and up through the options, wrapping at the ends", () => {
    expect(moveActive(-1, 3, "ArrowDown")).toBe(0);
    expect(moveActive(0, 3, "ArrowDown")).toBe(1);
    expect(moveActive(2, 3, "ArrowDown")).toBe(0);
    expect(moveActive(-1, 3, "ArrowUp")).toBe(2);
    expect(moveActive(0, 3, "ArrowUp")).toBe(2);
    expect(moveActive(2, 3, "ArrowUp")).toBe(1);
  });
  it("has nothing to move to without options", () => {
    expect(moveActive(0, 0, "ArrowDown")).toBe(-1);
  });
});
