import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../contract";
import { hashPassword, isCommonPassword, passwordProblem, spendPasswordCheck, verifyPassword } from "./passwords";

describe("password hashes", () => {
  it("are scrypt with their parameters and a salt of their own, and verify only the right password", async () => {
    const [a, b] = await Promise.all([hashPassword("plum-kettle-harbour"), hashPassword("plum-kettle-harbour")]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("plum");
    expect(await verifyPassword("plum-kettle-harbour", a)).toBe(true);
    expect(await verifyPassword("plum-kettle-harbouR", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("read the cost from the hash, so older or dearer hashes still verify", async () => {
    const hash = await hashPassword("plum-kettle-harbour");
    const cheaper = hash.replace("scrypt$16384$", "scrypt$1024$");
    // Same salt and key but another cost: a different derivation, so no match, and no crash.
    expect(await verifyPassword("plum-kettle-harbour", cheaper)).toBe(false);
  });

  it("match nothing when the stored value is not a hash this code wrote", async () => {
    for (const stored of ["", "plain-text", "scrypt$x$8$1$salt$key", "bcrypt$10$abc", "scrypt$16384$8$1$$"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("spend a full check on unknown accounts", async () => {
    await spendPasswordCheck("warm-up");
    const started = performance.now();
    expect(await spendPasswordCheck("plum-kettle-harbour")).toBe(false);
    // One scrypt at N=16384 takes tens of milliseconds; a shortcut would take microseconds.
    expect(performance.now() - started).toBeGreaterThan(5);
  });
});

describe("password rules", () => {
  it("need at least eight characters, counted as people see them", () => {
    expect(passwordProblem("abc-def")).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(passwordProblem("🍎🍐🍊🍋🍌🍉🍇")).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(passwordProblem("plum-kettle")).toBeNull();
  });

  it("refuse the most common passwords whatever their case", () => {
    for (const common of ["password", "Password1", "12345678", "QWERTY123", "iloveyou", "football"]) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common)).toBe(
        common.length < 8 ? AUTH_MESSAGES.passwordTooShort : AUTH_MESSAGES.passwordTooCommon,
      );
    }
    expect(isCommonPassword("plum-kettle-harbour")).toBe(false);
  });
});
