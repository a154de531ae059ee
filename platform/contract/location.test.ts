import { describe, expect, it } from "vitest";
import {
  api,
  describeAddress,
  isUsableSuggestion,
  usableSuggestions,
  type Address,
  type AddressSuggestion,
} from "./index";

const address = (parts: Partial<Address> = {}): Address => ({
  addressLine1: "10 Downing Street",
  addressLine2: "",
  town: "London",
  county: "Greater London",
  postcode: "SW1A 2AA",
  countryCode: "GB",
  latitude: 51.50354,
  longitude: -0.12768,
  ...parts,
});

const suggestion = (parts: Partial<Address> | null): AddressSuggestion => {
  const a = parts === null ? null : address(parts);
  return {
    description: a ? describeAddress(a) : "somewhere",
    placeId: "addr:1",
    latitude: a?.latitude ?? null,
    longitude: a?.longitude ?? null,
    address: a,
  };
};

describe("isUsableSuggestion (spec 1 §5: suggestions from coordinates)", () => {
  it("keeps an address with line 1 and a town", () => {
    expect(isUsableSuggestion(suggestion({}))).toBe(true);
  });

  it("keeps an address with only line 2 and a town", () => {
    expect(isUsableSuggestion(suggestion({ addressLine1: "", addressLine2: "Flat 2, 14 Whitehall" }))).toBe(true);
  });

  it("drops an address with neither line, blank counting as empty", () => {
    expect(isUsableSuggestion(suggestion({ addressLine1: "", addressLine2: "" }))).toBe(false);
    expect(isUsableSuggestion(suggestion({ addressLine1: "  ", addressLine2: " " }))).toBe(false);
  });

  it("drops an address without a town, whatever its lines", () => {
    expect(isUsableSuggestion(suggestion({ town: "" }))).toBe(false);
    expect(isUsableSuggestion(suggestion({ town: "   ", addressLine2: "Flat 1" }))).toBe(false);
  });

  it("drops a suggestion that carries no address at all", () => {
    expect(isUsableSuggestion(suggestion(null))).toBe(false);
  });

  it("filters a list, keeping the order of what it keeps", () => {
    const list = [
      suggestion({ addressLine1: "1 Whitehall" }),
      suggestion({ town: "" }),
      suggestion({ addressLine1: "", addressLine2: "Flat 3" }),
      suggestion({ addressLine1: "", addressLine2: "" }),
    ];
    expect(usableSuggestions(list).map((s) => s.address?.addressLine1 || s.address?.addressLine2)).toEqual([
      "1 Whitehall",
      "Flat 3",
    ]);
  });
});

describe("describeAddress", () => {
  it("joins the non-blank parts with commas", () => {
    expect(describeAddress(address())).toBe("10 Downing Street, London, SW1A 2AA");
    expect(describeAddress(address({ addressLine1: "Flat 2", addressLine2: "14 Whitehall " }))).toBe(
      "Flat 2, 14 Whitehall, London, SW1A 2AA",
    );
    expect(describeAddress(address({ addressLine1: "", town: "" }))).toBe("SW1A 2AA");
  });
});

describe("location request schemas", () => {
  it("read coordinates from query-string text and refuse blank or out-of-range ones", () => {
    expect(api.getPostcodeByCoordinates.request.parse({ lat: "51.5", lng: "-0.14" })).toEqual({
      lat: 51.5,
      lng: -0.14,
    });
    expect(api.getPostcodeByCoordinates.request.parse({ lat: 51.5, lng: -0.14 })).toEqual({ lat: 51.5, lng: -0.14 });
    for (const bad of [
      { lat: "", lng: "1" },
      { lat: "abc", lng: "1" },
      { lat: "91", lng: "0" },
      { lat: "0", lng: "-180.5" },
      { lng: "1" },
    ]) {
      expect(api.getPostcodeByCoordinates.request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(api.getAddressesByCoordinates.request.safeParse({ latitude: 51.5, longitude: null }).success).toBe(false);
  });
});
