import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cardDescription, cardExpiry, cardName, NEW_CARD, SECURITY_CODE_MESSAGES } from "./saved-cards";
import { cardPaymentSchema, securityCodeField } from "./saved-cards.server";

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

describe("the card step's form", () => {
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ idempotencyKey: "key-1", ...fields })) form.append(name, value);
    return parseWithZod(form, { schema: cardPaymentSchema });
  };
  const errors = (submission: ReturnType<typeof post>) => (submission.status === "error" ? submission.error : null);

  it("a chosen saved card needs its 3-digit code, refused on the code's field", () => {
    expect(post({ selectedSavedCardId: "card_1", cvv: "123" }).status).toBe("success");
    expect(errors(post({ selectedSavedCardId: "card_1", cvv: "12" }))).toEqual({
      cvv: [SECURITY_CODE_MESSAGES.invalid],
    });
    expect(errors(post({ selectedSavedCardId: "card_1" }))).toEqual({ cvv: [SECURITY_CODE_MESSAGES.empty] });
  });

  it("a new card, a token or the hosted page need no code; the save tick is a yes", () => {
    expect(post({ selectedSavedCardId: NEW_CARD, cvv: "1" }).status).toBe("success");
    const ticked = post({ token: "tok_1", saveCard: "on" });
    expect(ticked.status === "success" && ticked.value).toMatchObject({ token: "tok_1", saveCard: true });
    expect(post({}).status).toBe("success");
  });
});
