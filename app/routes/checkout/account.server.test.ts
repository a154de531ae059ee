import { ACCOUNT_TEXT } from "~/models/account";
import { describe, expect, it } from "vitest";
import { codeSchema, NEXT_PATHS, registerSchema, signInNext, signInSchema } from "./account.server";

/** The first message zod gives for each field, as the forms show them. */
function errors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe("signInNext", () => {
  it("goes back to the details step only when asked, and to the options step otherwise", () => {
    expect(signInNext(new URL("http://shop.test/checkout/login/code?next=details"))).toBe("details");
    expect(signInNext(new URL("http://shop.test/checkout/login/code"))).toBe("options");
    expect(signInNext(new URL("http://shop.test/checkout/login/code?next=https://evil.test/"))).toBe("options");
    expect(NEXT_PATHS).toEqual({ options: "/checkout/options", details: "/checkout/details" });
  });
});

describe("signInSchema", () => {
  it("needs an e-mail and a password to log in", () => {
    expect(errors(signInSchema.safeParse({ intent: "password", email: "", password: "" }))).toEqual({
      email: "Enter your email address",
      password: "Enter your password",
    });
    expect(errors(signInSchema.safeParse({ intent: "password", email: "sam@", password: "x" }))).toEqual({
      email: "Enter an email address in the correct format, like name@example.com",
    });
  });
  it("sends a code with the e-mail alone", () => {
    expect(signInSchema.safeParse({ intent: "send-code", email: " sam.patel@example.com " })).toMatchObject({
      success: true,
      data: { intent: "send-code", email: "sam.patel@example.com" },
    });
  });
  it("takes no other intent", () => {
    expect(signInSchema.safeParse({ intent: "guest", email: "sam.patel@example.com" }).success).toBe(false);
  });
});

describe("codeSchema", () => {
  it("takes six digits, spaces ignored", () => {
    expect(codeSchema.safeParse({ intent: "code", email: "sam.patel@example.com", code: "123 456" })).toMatchObject({
      success: true,
      data: { code: "123456" },
    });
  });
  it("refuses anything else in its own words", () => {
    for (const code of ["", "12345", "1234567", "12345a"]) {
      expect(errors(codeSchema.safeParse({ intent: "code", email: "sam.patel@example.com", code })), code).toEqual({
        code: ACCOUNT_TEXT.codeInvalid,
      });
    }
  });
});

describe("registerSchema", () => {
  const valid = {
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    mobile: "07700 900 456",
    password: "Larder-e2e-2026",
  };

  it("accepts a full form, marketing by e-mail and SMS as ticked", () => {
    expect(registerSchema.safeParse({ ...valid, marketing: ["sms"] })).toMatchObject({
      success: true,
      data: { marketing: ["sms"] },
    });
    expect(registerSchema.safeParse(valid)).toMatchObject({ success: true, data: { marketing: [] } });
  });
  it("says what each empty field needs", () => {
    expect(errors(registerSchema.safeParse({}))).toEqual({
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      email: "Enter your email address",
      mobile: "Enter your mobile number",
      password: "Your password must be at least 8 characters",
    });
  });
  it("refuses a number that is not a UK mobile, a short password, and names over 50 characters", () => {
    expect(
      errors(
        registerSchema.safeParse({ ...valid, mobile: "020 7946 0000", password: "short", firstName: "x".repeat(51) }),
      ),
    ).toEqual({
      firstName: "First name must be 50 characters or fewer",
      mobile: "Enter a UK mobile number, like 07700 900 982",
      password: "Your password must be at least 8 characters",
    });
  });
  it("takes no marketing channel but e-mail and SMS", () => {
    expect(registerSchema.safeParse({ ...valid, marketing: ["post"] }).success).toBe(false);
  });
});
