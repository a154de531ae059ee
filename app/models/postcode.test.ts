import { describe, expect, it } from "vitest";
import {
  cleanPostcodeInput,
  compactPostcode,
  formatPostcode,
  isRepeatOfFailedSearch,
  matchesPostcodeRules,
  POSTCODE_MAX_LENGTH,
  postcodeErrorAfterInput,
  postcodeSearchState,
  validatePostcode,
} from "./postcode";

// The shape of the UK rules the business profile ships with: outward code then inward code, plus GIR 0AA.
const UK = [
  "^(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|" +
    "[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2}$",
  "^GIR0AA$",
];

describe("cleanPostcodeInput", () => {
  it("trims, upper-cases and collapses inner whitespace", () => {
    expect(cleanPostcodeInput("  sw1a   1aa ")).toBe("SW1A 1AA");
    expect(cleanPostcodeInput("iv27\t4aa")).toBe("IV27 4AA");
  });
  it("keeps at most 8 characters, as the field allows", () => {
    expect(POSTCODE_MAX_LENGTH).toBe(8);
    expect(cleanPostcodeInput("SW1A 1AAXYZ")).toBe("SW1A 1AA");
    expect(cleanPostcodeInput("abcdefg hij")).toBe("ABCDEFG");
  });
  it("treats anything but a string as empty", () => {
    expect(cleanPostcodeInput(undefined)).toBe("");
    expect(cleanPostcodeInput(42)).toBe("");
    expect(cleanPostcodeInput("   ")).toBe("");
  });
});

describe("postcode forms", () => {
  it("removes all whitespace for the rules and puts one space before the inward code for display", () => {
    expect(compactPostcode(" sw1a 1 aa")).toBe("SW1A1AA");
    expect(formatPostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(formatPostcode("M11AE")).toBe("M1 1AE");
    expect(formatPostcode("ec1a  1bb")).toBe("EC1A 1BB");
    expect(formatPostcode("AB")).toBe("AB");
  });
});

describe("matchesPostcodeRules", () => {
  it("tests the value with whitespace removed against any one rule", () => {
    expect(matchesPostcodeRules("SW1A 1AA", UK)).toBe(true);
    expect(matchesPostcodeRules("s w 1 a 1 a a", UK)).toBe(true);
    expect(matchesPostcodeRules("GIR 0AA", UK)).toBe(true);
    expect(matchesPostcodeRules("SW1A 1CA", UK)).toBe(false);
    expect(matchesPostcodeRules("", UK)).toBe(false);
  });
  it("ignores a rule that is not a valid regular expression instead of throwing", () => {
    expect(() => matchesPostcodeRules("SW1A 1AA", ["(unclosed", "[z-a]"])).not.toThrow();
    expect(matchesPostcodeRules("SW1A 1AA", ["(unclosed", ...UK])).toBe(true);
    expect(matchesPostcodeRules("SW1A 1AA", ["(unclosed"])).toBe(false);
  });
  it("uses the business's own rules, not a built-in pattern", () => {
    expect(matchesPostcodeRules("12345", ["^[0-9]{5}$"])).toBe(true);
    expect(matchesPostcodeRules("SW1A 1AA", ["^[0-9]{5}$"])).toBe(false);
  });
});

describe("validatePostcode (spec 1 §5)", () => {
  it("answers 'Please enter a valid postcode' when empty", () => {
    expect(validatePostcode("", UK)).toEqual({ ok: false, message: "Please enter a valid postcode" });
    expect(validatePostcode("   ", UK)).toEqual({ ok: false, message: "Please enter a valid postcode" });
    expect(validatePostcode(null, UK)).toEqual({ ok: false, message: "Please enter a valid postcode" });
  });
  it("answers '{postcode} is not a valid postcode' with the upper-cased input otherwise", () => {
    expect(validatePostcode("abc 123", UK)).toEqual({ ok: false, message: "ABC 123 is not a valid postcode" });
    expect(validatePostcode(" sw1a  1ca", UK)).toEqual({ ok: false, message: "SW1A 1CA is not a valid postcode" });
  });
  it("gives the display form of a valid postcode", () => {
    expect(validatePostcode("sw1a1aa", UK)).toEqual({ ok: true, postcode: "SW1A 1AA" });
    expect(validatePostcode(" iv27 4aa ", UK)).toEqual({ ok: true, postcode: "IV27 4AA" });
  });
  it("rejects everything when no rule is usable", () => {
    expect(validatePostcode("SW1A 1AA", ["(bad"])).toEqual({ ok: false, message: "SW1A 1AA is not a valid postcode" });
  });
});

describe("postcodeSearchState", () => {
  it("searches with a valid value and clears any error", () => {
    expect(postcodeSearchState(null, "sw1a 1aa", UK)).toEqual({
      search: true,
      postcode: "SW1A 1AA",
      state: { value: "SW1A 1AA", error: null },
    });
    expect(postcodeSearchState({ value: "XX", error: "XX is not a valid postcode" }, "M1 1AE", UK)).toEqual({
      search: true,
      postcode: "M1 1AE",
      state: { value: "M1 1AE", error: null },
    });
  });

  it("rejects an invalid value without searching", () => {
    expect(postcodeSearchState(null, "nope", UK)).toEqual({
      search: false,
      state: { value: "NOPE", error: "NOPE is not a valid postcode" },
    });
    expect(postcodeSearchState(null, "", UK)).toEqual({
      search: false,
      state: { value: "", error: "Please enter a valid postcode" },
    });
  });

  it("rejects the same value searched again straight after an error the same way, even one the rules accept", () => {
    // The platform did not know this postcode: the rules pass it, yet searching it again must not call again.
    const previous = { value: "ZZ1 1ZZ", error: "ZZ1 1ZZ is not a valid postcode" };
    expect(postcodeSearchState(previous, "zz11zz", ["^ZZ"])).toEqual({
      search: false,
      state: { value: "ZZ11ZZ", error: "ZZ1 1ZZ is not a valid postcode" },
    });
    expect(isRepeatOfFailedSearch(previous, " zz1 1zz ")).toBe(true);
    expect(isRepeatOfFailedSearch(previous, "ZZ1 1ZY")).toBe(false);
    expect(isRepeatOfFailedSearch({ value: "ZZ1 1ZZ", error: null }, "ZZ1 1ZZ")).toBe(false);
  });

  it("searches the same value again when the last search did not fail", () => {
    expect(postcodeSearchState({ value: "SW1A 1AA", error: null }, "SW1A 1AA", UK).search).toBe(true);
  });
});

describe("postcodeErrorAfterInput", () => {
  const previous = { value: "SW1A", error: "SW1A is not a valid postcode" };
  it("keeps the error while the value is still invalid", () => {
    expect(postcodeErrorAfterInput(previous, "SW1A 1", UK)).toBe("SW1A is not a valid postcode");
  });
  it("clears the error once the value becomes valid", () => {
    expect(postcodeErrorAfterInput(previous, "SW1A 1AA", UK)).toBeNull();
  });
  it("never raises a new error while typing", () => {
    expect(postcodeErrorAfterInput({ value: "", error: null }, "S", UK)).toBeNull();
    expect(postcodeErrorAfterInput(null, "S", UK)).toBeNull();
  });
});
