import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES,
  cardOutcome,
  cardScheme,
  checkCardForm,
  checkCardNumber,
  checkExpiry,
  checkSecurityCode,
  luhnValid,
  TEST_CARDS,
} from "./card-rules";

const NOW = new Date("2025-06-15T12:00:00Z");

const numberMessage = (value: string | null | undefined) => {
  const result = checkCardNumber(value);
  return result.ok ? null : result.message;
};
const expiryMessage = (value: string | null | undefined, now = NOW) => {
  const result = checkExpiry(value, now);
  return result.ok ? null : result.message;
};
const codeMessage = (value: string | null | undefined) => {
  const result = checkSecurityCode(value);
  return result.ok ? null : result.message;
};

describe("card number", () => {
  it("is required", () => {
    expect(numberMessage("")).toBe("Enter your card number");
    expect(numberMessage("   ")).toBe("Enter your card number");
    expect(numberMessage(undefined)).toBe("Enter your card number");
  });

  it("takes digits and spaces only", () => {
    expect(numberMessage("4242-4242-4242-4242")).toBe(
      "Enter your card number using only the numbers 0 to 9 and spaces",
    );
    expect(numberMessage("4242 4242 4242 424x")).toBe(CARD_MESSAGES.numberCharacters);
    expect(checkCardNumber(" 4242 4242 4242 4242 ")).toEqual({
      ok: true,
      value: { digits: "4242424242424242", scheme: "Visa" },
    });
  });

  it("has 12 to 19 digits", () => {
    expect(numberMessage("42424242424")).toBe("Card number must be between 12 and 19 digits");
    expect(numberMessage("42424242424242424242")).toBe(CARD_MESSAGES.numberLength);
    // 12 and 19 digits, both passing Luhn, are accepted.
    expect(numberMessage("424242424242")).toBeNull();
    expect(numberMessage("4242424242424242428")).toBeNull();
  });

  it("passes the Luhn check", () => {
    expect(numberMessage("4242 4242 4242 4241")).toBe("Enter a valid card number");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("12a4")).toBe(false);
  });

  it("belongs to an accepted brand", () => {
    expect(numberMessage("3782 822463 10005")).toBe("We accept Visa, Mastercard, Discover and JCB"); // American Express
    expect(numberMessage("3714 496353 98431")).toBe(CARD_MESSAGES.brandNotAccepted); // American Express
    expect(numberMessage("3056 9309 0259 04")).toBe(CARD_MESSAGES.brandNotAccepted); // Diners Club
    expect(checkCardNumber("5555 5555 5555 4444")).toMatchObject({ ok: true, value: { scheme: "Mastercard" } });
    expect(checkCardNumber("2223 0031 2200 3222")).toMatchObject({ ok: true, value: { scheme: "Mastercard" } });
    expect(checkCardNumber("6011 1111 1111 1117")).toMatchObject({ ok: true, value: { scheme: "Discover" } });
    expect(checkCardNumber("3530 1113 3330 0000")).toMatchObject({ ok: true, value: { scheme: "JCB" } });
  });

  it("reads the brand from the BIN ranges", () => {
    expect(cardScheme("4000")).toBe("Visa");
    for (const bin of ["51", "55", "2221", "2720"]) expect(cardScheme(`${bin}00000000`)).toBe("Mastercard");
    for (const bin of ["50", "56", "2220", "2721"]) expect(cardScheme(`${bin}00000000`)).toBeNull();
    for (const bin of ["6011", "644", "649", "65"]) expect(cardScheme(`${bin}00000000`)).toBe("Discover");
    for (const bin of ["6010", "643", "66"]) expect(cardScheme(`${bin}00000000`)).toBeNull();
    for (const bin of ["3528", "3589"]) expect(cardScheme(`${bin}00000000`)).toBe("JCB");
    for (const bin of ["3527", "3590", "34", "37"]) expect(cardScheme(`${bin}00000000`)).toBeNull();
  });
});

describe("expiry date", () => {
  it("is required", () => {
    expect(expiryMessage("")).toBe("Enter the expiry date");
    expect(expiryMessage(null)).toBe(CARD_MESSAGES.expiryRequired);
  });

  it("is MM/YY or MM/YYYY, forgiving of the separator", () => {
    expect(checkExpiry("06/29", NOW)).toEqual({ ok: true, value: { month: 6, year: 2029 } });
    expect(checkExpiry("06/2029", NOW)).toEqual({ ok: true, value: { month: 6, year: 2029 } });
    expect(checkExpiry("06 / 29", NOW)).toEqual({ ok: true, value: { month: 6, year: 2029 } });
    expect(checkExpiry("0629", NOW)).toEqual({ ok: true, value: { month: 6, year: 2029 } });
    expect(checkExpiry("06-29", NOW)).toEqual({ ok: true, value: { month: 6, year: 2029 } });
    for (const bad of ["6/29", "June 2029", "06/029", "06/29/01", "2029-06"]) {
      expect(expiryMessage(bad)).toBe("Enter the expiry date in the format MM/YY");
    }
  });

  it("has a month from 01 to 12", () => {
    expect(expiryMessage("00/29")).toBe("The expiry month must be between 01 and 12");
    expect(expiryMessage("13/29")).toBe(CARD_MESSAGES.expiryMonth);
    expect(expiryMessage("12/29")).toBeNull();
    expect(expiryMessage("01/29")).toBeNull();
  });

  it("is not in the past by the gateway's clock: a card is good to the end of its month", () => {
    expect(expiryMessage("05/25")).toBe("The card has expired");
    expect(expiryMessage("12/2024")).toBe(CARD_MESSAGES.expired);
    expect(expiryMessage("06/25")).toBeNull();
    expect(expiryMessage("06/25", new Date("2025-06-30T23:59:59Z"))).toBeNull();
    expect(expiryMessage("06/25", new Date("2025-07-01T00:00:00Z"))).toBe(CARD_MESSAGES.expired);
  });
});

describe("security code", () => {
  it("is required", () => {
    expect(codeMessage("")).toBe("Enter the security code");
    expect(codeMessage(" ")).toBe(CARD_MESSAGES.securityCodeRequired);
  });

  it("is exactly 3 digits (spec 2 §9)", () => {
    expect(codeMessage("12")).toBe("The security code is the 3 digits on the back of your card");
    expect(codeMessage("1234")).toBe(CARD_MESSAGES.securityCodeInvalid);
    expect(codeMessage("12a")).toBe(CARD_MESSAGES.securityCodeInvalid);
    expect(checkSecurityCode(" 123 ")).toEqual({ ok: true, value: "123" });
  });
});

describe("the card form", () => {
  it("gives one message per field, in the page's order", () => {
    expect(checkCardForm({ cardNumber: "", expiryDate: "13/29", securityCode: "1" }, NOW)).toEqual({
      ok: false,
      errors: [
        { field: "cardNumber", message: "Enter your card number" },
        { field: "expiryDate", message: "The expiry month must be between 01 and 12" },
        { field: "securityCode", message: "The security code is the 3 digits on the back of your card" },
      ],
    });
    expect(checkCardForm({ cardNumber: "4242 4242 4242 4242", expiryDate: "06/29", securityCode: "" }, NOW)).toEqual({
      ok: false,
      errors: [{ field: "securityCode", message: "Enter the security code" }],
    });
  });

  it("gives the card when every field is good", () => {
    expect(checkCardForm({ cardNumber: "4242 4242 4242 4242", expiryDate: "06/29", securityCode: "100" }, NOW)).toEqual(
      {
        ok: true,
        card: { digits: "4242424242424242", scheme: "Visa", expiryMonth: 6, expiryYear: 2029 },
      },
    );
  });
});

describe("test cards", () => {
  it("are valid Visa numbers with the documented outcomes; any other good number approves", () => {
    for (const card of TEST_CARDS) {
      const checked = checkCardNumber(card.number);
      expect(checked).toMatchObject({ ok: true, value: { scheme: "Visa" } });
      expect(cardOutcome(card.number.replace(/ /g, ""))).toBe(card.outcome);
    }
    expect(cardOutcome("4242424242424242")).toBe("approve");
    expect(cardOutcome("4544249167673670")).toBe("decline");
    expect(cardOutcome("4010061700000021")).toBe("challenge");
    expect(cardOutcome("5555555555554444")).toBe("approve");
  });
});
