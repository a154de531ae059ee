import { describe, expect, it } from "vitest";
import { CARD_FIELD_TEXT, cardFieldError, cardFieldErrors, EMPTY_CARD_FIELDS } from "./card-fields";

describe("the card fields' messages", () => {
  it("say nothing while a field is valid or not yet left", () => {
    expect(cardFieldError("card-number", { isValid: false, isEmpty: false, touched: false })).toBeNull();
    expect(cardFieldError("card-number", { isValid: true, isEmpty: false, touched: true })).toBeNull();
  });
  it("ask for an empty field and explain an invalid one, in GOV.UK's words", () => {
    expect(cardFieldError("card-number", { isValid: false, isEmpty: true, touched: true })).toBe(
      "Enter your card number",
    );
    expect(cardFieldError("expiry-date", { isValid: false, isEmpty: true, touched: true })).toBe(
      "Enter the expiry date",
    );
    expect(cardFieldError("cvv", { isValid: false, isEmpty: true, touched: true })).toBe("Enter the security code");
    expect(cardFieldError("cvv", { isValid: false, isEmpty: false, touched: true })).toBe(
      "The security code is the 3 digits on the back of your card",
    );
    expect(cardFieldError("expiry-date", { isValid: false, isEmpty: false, touched: true })).toBe(
      CARD_FIELD_TEXT["expiry-date"].invalid,
    );
  });
  it("on Pay, list every field not valid, in the page's order", () => {
    expect(cardFieldErrors(EMPTY_CARD_FIELDS).map((e) => e.message)).toEqual([
      "Enter your card number",
      "Enter the expiry date",
      "Enter the security code",
    ]);
    const fields = {
      ...EMPTY_CARD_FIELDS,
      "card-number": { isValid: true, isEmpty: false, touched: false },
      cvv: { isValid: false, isEmpty: false, touched: false },
    };
    expect(cardFieldErrors(fields)).toEqual([
      { element: "expiry-date", message: "Enter the expiry date" },
      { element: "cvv", message: "The security code is the 3 digits on the back of your card" },
    ]);
  });
});
