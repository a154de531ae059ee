import { describe, expect, it } from "vitest";
import { creditEntryTitle, referralsText, shareMailto } from "./credit";

describe("credit screen words", () => {
  it("names each kind of history row", () => {
    expect(creditEntryTitle("referrer_reward")).toBe("A friend you referred placed their first order");
    expect(creditEntryTitle("new_member_reward")).toBe("Welcome credit for your first order");
    expect(creditEntryTitle("spend")).toBe("Spent on an order");
  });

  it("counts friends who joined and ordered", () => {
    expect(referralsText({ joined: 0, ordered: 0 })).toBe("No friends have joined through your link yet.");
    expect(referralsText({ joined: 1, ordered: 0 })).toBe(
      "1 friend has joined through your link; 0 of them have placed a first order.",
    );
    expect(referralsText({ joined: 3, ordered: 1 })).toBe(
      "3 friends have joined through your link; 1 of them has placed a first order.",
    );
  });

  it("puts the link in a mailto body, encoded", () => {
    const mailto = shareMailto("https://shop.example/referral/larder/AB12CD34/1", "Larder & Co", "£5.00");
    expect(mailto.startsWith("mailto:?subject=Shop%20at%20Larder%20%26%20Co%20with%20me&body=")).toBe(true);
    expect(decodeURIComponent(mailto.split("body=")[1]!)).toContain(
      "£5.00 of credit once your first order is placed: https://shop.example/referral/larder/AB12CD34/1",
    );
  });
});
