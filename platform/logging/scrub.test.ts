import { describe, expect, it } from "vitest";
import { scrub, scrubText } from "./scrub";

describe("scrubText", () => {
  it("removes card numbers, grouped or not", () => {
    for (const card of ["4242424242424242", "4242 4242 4242 4242", "4242-4242-4242-4242", "378282246310005"]) {
      const out = scrubText(`card ${card} declined`);
      expect(out).toBe("card [redacted card] declined");
    }
  });

  it("removes bearer tokens, JWTs and secret URL parameters", () => {
    expect(scrubText("Authorization: Bearer abc.DEF-123")).toBe("Authorization: Bearer [redacted]");
    expect(scrubText("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln end")).toBe("jwt [redacted] end");
    expect(scrubText("https://x.test/cb?code=abc123&state=ok&access_token=zzz")).toBe(
      "https://x.test/cb?code=[redacted]&state=ok&access_token=[redacted]",
    );
  });

  it("removes long opaque tokens but keeps ordinary text, dates and phone numbers", () => {
    const token = "Qm9sZC1hbmQtcmFuZG9tLXRva2VuLTEyMzQ1Njc4OTA";
    expect(scrubText(`token ${token} failed`)).toBe("token [redacted] failed");
    const plain = "Failed to fetch store details at 2025-06-02T09:00:00.000Z, call 07700 900123";
    expect(scrubText(plain)).toBe(plain);
  });
});

describe("scrub", () => {
  it("scrubs nested strings and drops fields named like secrets", () => {
    expect(
      scrub({
        url: "/basket?basketToken=abc",
        nested: [{ note: "4111111111111111" }],
        refreshToken: "r",
        password: "p",
        count: 3,
      }),
    ).toEqual({
      url: "/basket?basketToken=[redacted]",
      nested: [{ note: "[redacted card]" }],
      refreshToken: "[redacted]",
      password: "[redacted]",
      count: 3,
    });
  });
});
