import { describe, expect, it } from "vitest";
import { newReferFriendCode, REFER_CODE_ALPHABET, REFER_CODE_LENGTH } from "./refer-code";

describe("referFriendCode", () => {
  it("is 8 characters of the unambiguous alphabet, different each time", () => {
    expect(REFER_CODE_ALPHABET).toHaveLength(32);
    expect(REFER_CODE_ALPHABET).not.toMatch(/[01IO]/);
    const codes = Array.from({ length: 2000 }, () => newReferFriendCode());
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${REFER_CODE_ALPHABET}]{${REFER_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: none is left out by the byte mapping.
    expect(new Set(codes.join("")).size).toBe(32);
  });
});
