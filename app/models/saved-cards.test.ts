import { describe, expect, it } from "vitest";
import { cardDescription, cardExpiry, cardName, NEW_CARD, savedCardChoiceSchema, SECURITY_CODE_MESSAGES, securityCodeField } from "./saved-cards";

describe("saved cards as shown", () => {
  const card = { scheme: "Visa", last4: "4242", expiryMonth: 3, expiryYear: 2030 };

  it("names the brand and the last four digits, and the expiry as MM/YY", () => {
    expect(cardName(card)).toBe("Visa •••• 4242");
    expect(cardExpiry(card)).toBe("03/30");
    expect(cardExpiry({ ...card, expiryMonth: 12, expiryYear: 2105 })).toBe("12/05");
    expect(cardDescription(card)).toBe("Visa ending 4242, expires 03/30");
  });
});

describe("a saved card's security code (spec 2 §5)", () => {
  const check = (value: unknown) => securityCodeField.safeParse(value);

  it("takes exactly 3 digits", () => {
    expect(check("123").success).toBe(true);
    expect(check(" 007 ").data).toBe("007");
  });

  it("refuses 2 or 4 digits and anything not a digit, with its rule", () => {
    for (const value of ["12", "1234", "12a", "1 3"]) {
      const result = check(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SECURITY_CODE_MESSAGES.invalid);
    }
  });

  it("asks for the code when there is none", () => {
    expect(check(undefined).error?.issues[0]?.message).toBe(SECURITY_CODE_MESSAGES.empty);
    expect(check("").error?.issues[0]?.message).toBe(SECURITY_CODE_MESSAGES.empty);
  });
});

describe("the card step's saved-card choice", () => {
  const parse = (value: Record<string, string>) => savedCardChoiceSchema.safeParse(value);

  it("a chosen saved card needs its 3-digit code; a new card or none needs none", () => {
    expect(parse({ selectedSavedCardId: "card_1", cvv: "123" }).success).toBe(true);
    const short = parse({ selectedSavedCardId: "card_1", cvv: "12" });
    expect(short.error?.issues[0]).toMatchObject({ path: ["cvv"], message: SECURITY_CODE_MESSAGES.invalid });
    expect(parse({ selectedSavedCardId: "card_1" }).error?.issues[0]).toMatchObject({ path: ["cvv"], message: SECURITY_CODE_MESSAGES.empty });
    expect(parse({ selectedSavedCardId: NEW_CARD, cvv: "1" }).success).toBe(true);
    expect(parse({}).success).toBe(true);
  });
});
