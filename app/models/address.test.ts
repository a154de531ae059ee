import { describe, expect, it } from "vitest";
import { normaliseAddress } from "#contract/address-rules";
import { CHECKOUT_MESSAGES } from "#contract/checkout";
import {
  coordinatePair,
  formatAddress,
  hasLocation,
  isAddressComplete,
  suggestionDescription,
  validateChosenAddress,
} from "./address";

const downing = {
  addressLine1: "10 Downing Street",
  addressLine2: "",
  town: "London",
  county: "Greater London",
  postcode: "SW1A 2AA",
  countryCode: "GB",
};

// The messages themselves are seen on pages, word for word: e2e/stores.spec.ts ('Unable to find location'),
// e2e/stores.clock.spec.ts ('Not a valid address'), e2e/stores-device.spec.ts and e2e/store-selection-errors.spec.ts (the
// device-location message and toast, the location prompt, a failed place lookup in configuration-errors.clock.spec.ts).

describe("normaliseAddress", () => {
  it("keeps the current field names, trimmed, with missing ones empty", () => {
    expect(normaliseAddress({ addressLine1: " 1 High St ", town: "Leeds" })).toEqual({
      addressLine1: "1 High St",
      addressLine2: "",
      town: "Leeds",
      county: "",
      postcode: "",
      countryCode: "",
    });
  });

  it("maps the legacy aliases addressline1/addressline2 and line1/line2", () => {
    expect(normaliseAddress({ addressline1: "Flat 2", addressline2: "3 Mill Lane" })).toMatchObject({
      addressLine1: "Flat 2",
      addressLine2: "3 Mill Lane",
    });
    expect(normaliseAddress({ line1: "Flat 4", line2: "5 Quay St" })).toMatchObject({
      addressLine1: "Flat 4",
      addressLine2: "5 Quay St",
    });
  });

  it("lets the new names win over the aliases", () => {
    expect(
      normaliseAddress({
        addressLine1: "New 1",
        addressline1: "Old 1",
        line1: "Older 1",
        addressLine2: "New 2",
        line2: "Old 2",
      }),
    ).toMatchObject({ addressLine1: "New 1", addressLine2: "New 2" });
  });

  it("throws 'Invalid address object.' for anything but an object, arrays and null included", () => {
    for (const bad of [null, undefined, "1 High St", 7, true, [], [downing]]) {
      expect(() => normaliseAddress(bad), String(bad)).toThrow("Invalid address object.");
    }
  });
});

describe("isAddressComplete", () => {
  it("needs addressLine1, countryCode and town", () => {
    expect(isAddressComplete(downing)).toBe(true);
    expect(isAddressComplete({ line1: "1 High St", town: "Leeds", countryCode: "GB" })).toBe(true);
    expect(isAddressComplete({ ...downing, addressLine1: "  " })).toBe(false);
    expect(isAddressComplete({ ...downing, town: "" })).toBe(false);
    expect(isAddressComplete({ ...downing, countryCode: undefined })).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
  });
});

describe("formatAddress", () => {
  it("joins the non-blank parts with commas, in order", () => {
    expect(formatAddress(downing)).toBe("10 Downing Street, London, Greater London, SW1A 2AA");
    expect(
      formatAddress({ line1: "Flat 2", line2: "3 Mill Lane", town: "Leeds", county: " ", postcode: "LS1 1UR" }),
    ).toBe("Flat 2, 3 Mill Lane, Leeds, LS1 1UR");
    expect(formatAddress({})).toBe("");
    expect(formatAddress([])).toBe("");
  });
});

describe("chosen address", () => {
  it("must have a description, else 'Not a valid address'", () => {
    expect(validateChosenAddress({ description: "1 High St, Leeds", placeId: "p1" })).toEqual({
      ok: true,
      description: "1 High St, Leeds",
    });
    expect(validateChosenAddress({ formattedAddress: "2 Low St, Leeds" })).toEqual({
      ok: true,
      description: "2 Low St, Leeds",
    });
    expect(validateChosenAddress({ description: "  ", placeId: "p1" })).toEqual({
      ok: false,
      message: "Not a valid address",
    });
    expect(validateChosenAddress(undefined)).toEqual({ ok: false, message: "Not a valid address" });
  });
  it("shows the description before the formatted address", () => {
    expect(suggestionDescription({ description: "A", formattedAddress: "B" })).toBe("A");
    expect(suggestionDescription({ description: "", formattedAddress: "B" })).toBe("B");
  });
});

describe("hasLocation (spec 1 §5)", () => {
  it("counts a coordinate pair", () => {
    expect(hasLocation({ latitude: 51.5, longitude: -0.14 })).toBe(true);
    expect(hasLocation({ lat: 0, lng: 0 })).toBe(true);
    expect(hasLocation({ latitude: "53.48", longitude: "-2.24" })).toBe(true);
  });
  it("does not count half a pair, non-numbers or out-of-range values", () => {
    expect(hasLocation({ latitude: 51.5 })).toBe(false);
    expect(hasLocation({ latitude: 51.5, longitude: null })).toBe(false);
    expect(hasLocation({ latitude: Number.NaN, longitude: 1 })).toBe(false);
    expect(hasLocation({ latitude: "north", longitude: "1" })).toBe(false);
    expect(hasLocation({ latitude: 91, longitude: 0 })).toBe(false);
    expect(coordinatePair({ latitude: 1, longitude: 181 })).toBeNull();
  });
  it("counts non-blank text", () => {
    expect(hasLocation("SW1A 1AA")).toBe(true);
    expect(hasLocation({ postcode: "SW1A 1AA", latitude: null, longitude: null })).toBe(true);
    expect(hasLocation({ description: "1 High St, Leeds" })).toBe(true);
  });
  it("does not count blank text or nothing", () => {
    expect(hasLocation("  ")).toBe(false);
    expect(hasLocation({ postcode: " ", address: "" })).toBe(false);
    expect(hasLocation(null)).toBe(false);
    expect(hasLocation(undefined)).toBe(false);
  });
});

describe("address normalisation, further cases (spec 2 §3, §5)", () => {
  it("says 'Invalid address object.' in the contract's words", () => {
    expect(() => normaliseAddress(7)).toThrow(CHECKOUT_MESSAGES.invalidAddressObject);
  });

  it("prefers addressline1/addressline2 to line1/line2 when both legacy names are present", () => {
    expect(
      normaliseAddress({ addressline1: "Old 1", line1: "Older 1", addressline2: "Old 2", line2: "Older 2" }),
    ).toMatchObject({
      addressLine1: "Old 1",
      addressLine2: "Old 2",
    });
  });

  it("falls back to a legacy name when the new one is blank or not text", () => {
    expect(
      normaliseAddress({ addressLine1: "  ", addressline1: "Flat 2", addressLine2: null, line2: "3 Mill Lane" }),
    ).toMatchObject({
      addressLine1: "Flat 2",
      addressLine2: "3 Mill Lane",
    });
  });

  it("maps each legacy name on its own", () => {
    expect(normaliseAddress({ addressline1: "A" }).addressLine1).toBe("A");
    expect(normaliseAddress({ addressline2: "B" }).addressLine2).toBe("B");
    expect(normaliseAddress({ line1: "C" }).addressLine1).toBe("C");
    expect(normaliseAddress({ line2: "D" }).addressLine2).toBe("D");
    expect(normaliseAddress({ line1: "C" }).addressLine2).toBe("");
  });

  it("reads numbers as text and drops other values", () => {
    expect(
      normaliseAddress({ addressLine1: 10, town: { name: "Leeds" }, postcode: ["LS1"], countryCode: true }),
    ).toEqual({
      addressLine1: "10",
      addressLine2: "",
      town: "",
      county: "",
      postcode: "",
      countryCode: "",
    });
  });

  it("keeps only the address fields", () => {
    expect(
      Object.keys(normaliseAddress({ ...downing, line1: "x", firstName: "Ada", type: "delivery" })).sort(),
    ).toEqual(["addressLine1", "addressLine2", "countryCode", "county", "postcode", "town"]);
  });

  it("counts an address complete with line 1, country and town alone, whatever else is missing", () => {
    expect(isAddressComplete({ addressLine1: "1 High St", town: "Leeds", countryCode: "GB" })).toBe(true);
    expect(isAddressComplete({ addressline1: "1 High St", town: "Leeds", countryCode: "GB" })).toBe(true);
    expect(isAddressComplete({ addressLine2: "1 High St", town: "Leeds", countryCode: "GB" })).toBe(false);
    expect(isAddressComplete({ ...downing, countryCode: " " })).toBe(false);
  });

  it("counts anything but an object incomplete, without throwing", () => {
    for (const bad of [undefined, "1 High St, Leeds", 3, [], [downing]])
      expect(isAddressComplete(bad), String(bad)).toBe(false);
  });

  it("shows trimmed parts with legacy names, and nothing for a non-object", () => {
    expect(
      formatAddress({
        addressline1: " 1 High St ",
        addressline2: "",
        town: " Leeds ",
        postcode: "LS1 1UR",
        countryCode: "GB",
      }),
    ).toBe("1 High St, Leeds, LS1 1UR");
    expect(formatAddress({ town: "Leeds" })).toBe("Leeds");
    expect(formatAddress(null)).toBe("");
    expect(formatAddress("1 High St")).toBe("");
  });
});
