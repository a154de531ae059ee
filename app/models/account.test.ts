import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH as CONTRACT_MIN } from "#contract";
import {
  ACCOUNT_TEXT,
  codeError,
  emailError,
  newPasswordError,
  normaliseCode,
  PASSWORD_MIN_LENGTH,
  validateRegistration,
} from "./account";
import { CHECKOUT_TEXT } from "./checkout";

describe("the member forms' checks", () => {
  it("hold the platform's password length and words", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_MIN);
    expect(ACCOUNT_TEXT.passwordTooShort).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it("ask for every registration field, in the checkout's words", () => {
    expect(validateRegistration({})).toEqual({
      firstName: CHECKOUT_TEXT.firstNameRequired,
      lastName: CHECKOUT_TEXT.lastNameRequired,
      email: CHECKOUT_TEXT.emailRequired,
      mobile: CHECKOUT_TEXT.phoneRequired,
      password: ACCOUNT_TEXT.newPasswordRequired,
    });
  });

  it("refuse a malformed e-mail, a landline and a short password", () => {
    const errors = validateRegistration({
      firstName: "Sam",
      lastName: "Patel",
      email: "sam@",
      mobile: "020 7946 0000",
      password: "short",
    });
    expect(errors).toEqual({
      email: CHECKOUT_TEXT.emailInvalid,
      mobile: CHECKOUT_TEXT.phoneInvalid,
      password: "Your password must be at least 8 characters",
    });
  });

  it("accept a complete registration", () => {
    expect(
      validateRegistration({
        firstName: "Sam",
        lastName: "Patel",
        email: "sam@example.com",
        mobile: "07700 900982",
        password: "Larder-demo-2025",
      }),
    ).toEqual({});
  });

  it("take a password of exactly the shortest length", () => {
    expect(newPasswordError("a".repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(newPasswordError("a".repeat(PASSWORD_MIN_LENGTH - 1))).toBe(ACCOUNT_TEXT.passwordTooShort);
    expect(newPasswordError("")).toBe(ACCOUNT_TEXT.newPasswordRequired);
  });

  it("check e-mail addresses", () => {
    expect(emailError(" sam@example.com ")).toBeNull();
    expect(emailError("")).toBe(CHECKOUT_TEXT.emailRequired);
    expect(emailError("sam.example.com")).toBe(CHECKOUT_TEXT.emailInvalid);
  });

  it("read a six-digit code typed with spaces, and refuse anything else", () => {
    expect(normaliseCode(" 123 456 ")).toBe("123456");
    expect(normaliseCode("12345")).toBeNull();
    expect(normaliseCode("12345a")).toBeNull();
    expect(codeError("")).toBe(ACCOUNT_TEXT.codeRequired);
    expect(codeError("1234567")).toBe(ACCOUNT_TEXT.codeInvalid);
    expect(codeError("654321")).toBeNull();
  });
});
