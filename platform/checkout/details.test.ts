import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "../contract";
import { UK_POSTCODE_RULES } from "../business/profile";
import {
  checkAddress,
  checkContactDetails,
  maskEmail,
  maskMobile,
  normaliseAddressInput,
  normaliseUkMobile,
} from "./details";

const rules = UK_POSTCODE_RULES;
const contact = { firstName: "Sam", lastName: "Patel", email: "sam@example.com", phoneNumber: "07700900982" };

describe("normaliseUkMobile", () => {
  it("takes 07… eleven digits and +44 7…, in any spacing, as the national form", () => {
    expect(normaliseUkMobile("07700900982")).toBe("07700900982");
    expect(normaliseUkMobile("07700 900 982")).toBe("07700900982");
    expect(normaliseUkMobile("+44 7700 900982")).toBe("07700900982");
    expect(normaliseUkMobile("+44 (0)7700-900-982")).toBe("07700900982");
  });

  it("refuses landlines, short and long numbers and other countries", () => {
    for (const bad of [
      "02079460101",
      "0770090098",
      "077009009821",
      "+33 6 12 34 56 78",
      "+4402079460101",
      "",
      "seven",
    ]) {
      expect(normaliseUkMobile(bad), bad).toBeNull();
    }
  });
});

describe("checkContactDetails", () => {
  it("trims and normalises good details", () => {
    expect(
      checkContactDetails({
        firstName: " Sam ",
        lastName: "Patel ",
        email: " sam@example.com ",
        phoneNumber: "+447700900982",
      }),
    ).toEqual({
      ok: true,
      value: { firstName: "Sam", lastName: "Patel", email: "sam@example.com", phoneNumber: "07700900982" },
    });
  });

  it("names the first field that is wrong, with the spec's words for it", () => {
    const problem = (input: Partial<typeof contact>) => {
      const result = checkContactDetails({ ...contact, ...input });
      return result.ok ? null : { field: result.error.field, message: result.error.message };
    };
    expect(problem({ firstName: "  " })).toEqual({ field: "firstName", message: CHECKOUT_MESSAGES.firstNameRequired });
    expect(problem({ firstName: "x".repeat(51) })).toEqual({
      field: "firstName",
      message: CHECKOUT_MESSAGES.firstNameRequired,
    });
    expect(problem({ firstName: "x".repeat(50) })).toBeNull();
    expect(problem({ lastName: "" })).toEqual({ field: "lastName", message: CHECKOUT_MESSAGES.lastNameRequired });
    expect(problem({ email: "sam@example" })).toEqual({ field: "email", message: CHECKOUT_MESSAGES.emailInvalid });
    expect(problem({ email: "sam example.com" })).toEqual({ field: "email", message: CHECKOUT_MESSAGES.emailInvalid });
    expect(problem({ phoneNumber: "020 7946 0101" })).toEqual({
      field: "phoneNumber",
      message: CHECKOUT_MESSAGES.phoneInvalid,
    });
    expect(problem({ firstName: "", email: "bad" })).toEqual({
      field: "firstName",
      message: CHECKOUT_MESSAGES.firstNameRequired,
    });
  });
});

describe("normaliseAddressInput", () => {
  it("refuses anything but a plain object", () => {
    for (const bad of [null, undefined, "1 High Street", 12, [], ["1 High Street"], new Date()])
      expect(normaliseAddressInput(bad)).toBeNull();
  });

  it("takes the legacy aliases, the current names winning", () => {
    expect(normaliseAddressInput({ addressline1: "1 High St", addressline2: "Flat 2", town: "London" })).toMatchObject({
      addressLine1: "1 High St",
      addressLine2: "Flat 2",
    });
    expect(normaliseAddressInput({ line1: "1 High St", line2: "Flat 2" })).toMatchObject({
      addressLine1: "1 High St",
      addressLine2: "Flat 2",
    });
    expect(
      normaliseAddressInput({ addressLine1: "New", line1: "Old", addressLine2: "", line2: "Flat 3" }),
    ).toMatchObject({ addressLine1: "New", addressLine2: "Flat 3" });
    expect(normaliseAddressInput({ addressLine1: 10 })).toMatchObject({ addressLine1: "10" });
  });
});

describe("checkAddress", () => {
  const check = (input: unknown, type: "delivery" | "billing" = "delivery") =>
    checkAddress(input, type, { postcodeRules: rules, contact });

  it("keeps a UK postcode upper case with one space, defaults the country and fills the contact in", () => {
    expect(check({ line1: " 1 Parliament Street ", town: "London", postcode: "sw1a2aa" })).toEqual({
      ok: true,
      value: {
        type: "delivery",
        firstName: "Sam",
        lastName: "Patel",
        email: "sam@example.com",
        telephone: "07700900982",
        addressLine1: "1 Parliament Street",
        addressLine2: "",
        town: "London",
        county: "",
        postcode: "SW1A 2AA",
        countryCode: "GB",
      },
    });
  });

  it("keeps names and contact the address gives itself", () => {
    const result = check(
      {
        addressLine1: "1 High St",
        town: "Leeds",
        postcode: "LS1 4DY",
        firstName: "Alex",
        lastName: "Jones",
        email: "alex@example.org",
        telephone: "0113 496 0000",
      },
      "billing",
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        type: "billing",
        firstName: "Alex",
        lastName: "Jones",
        email: "alex@example.org",
        telephone: "0113 496 0000",
      },
    });
  });

  it("answers null for what is not an address object", () => {
    expect(check("1 High Street")).toBeNull();
    expect(check([{ addressLine1: "x" }])).toBeNull();
  });

  it("names the missing or wrong field", () => {
    const field = (input: Record<string, unknown>) => {
      const result = check({ addressLine1: "1 High St", town: "London", postcode: "SW1A 1AA", ...input });
      return result && !result.ok ? [result.error.field, result.error.message] : null;
    };
    expect(field({ addressLine1: "  " })).toEqual(["addressLine1", CHECKOUT_MESSAGES.addressLine1Required]);
    expect(field({ town: "" })).toEqual(["town", CHECKOUT_MESSAGES.townRequired]);
    expect(field({ postcode: "" })).toEqual(["postcode", CHECKOUT_MESSAGES.postcodeInvalid]);
    expect(field({ postcode: "SW1A 1A" })).toEqual(["postcode", CHECKOUT_MESSAGES.postcodeInvalid]);
    expect(field({ postcode: "QQ1 1AA" })).toEqual(["postcode", CHECKOUT_MESSAGES.postcodeInvalid]);
    expect(field({ postcode: " e1 6an " })).toBeNull();
    expect(field({ countryCode: "GBR" })).toEqual(["countryCode", CHECKOUT_MESSAGES.validationError]);
    expect(field({ email: "not an email" })).toEqual(["email", CHECKOUT_MESSAGES.emailInvalid]);
    expect(field({ addressLine1: "x".repeat(101) })).toEqual(["addressLine1", CHECKOUT_MESSAGES.addressLine1Required]);
  });

  it("takes a foreign postcode as typed: the UK rules are for the UK", () => {
    expect(
      check({ addressLine1: "1 Rue de Rivoli", town: "Paris", postcode: "75001", countryCode: "fr" }, "billing"),
    ).toMatchObject({
      ok: true,
      value: { postcode: "75001", countryCode: "FR" },
    });
  });
});

describe("masking", () => {
  it("shows the first letter and the domain of an e-mail", () => {
    expect(maskEmail("sam.patel@example.com")).toBe("s***@example.com");
    expect(maskEmail("broken")).toBe("***");
  });

  it("shows the start and last three digits of a mobile", () => {
    expect(maskMobile("07700900982")).toBe("07*** ***982");
    expect(maskMobile("+44 7700 900982")).toBe("07*** ***982");
    expect(maskMobile("020 7946 0101")).toBe("*** ***101");
  });
});
