import { describe, expect, it } from "vitest";
import { replyForm, replyFormProps } from "./fields";

describe("replyForm", () => {
  it("names a fresh form's fields as Conform does, with no errors and no key", () => {
    const [form, fields] = replyForm<{ email: string }>("details", undefined);
    expect(form).toEqual({ id: "details", errorId: "details-error", errors: undefined });
    expect(fields.email).toEqual({
      id: "details-email",
      name: "email",
      errorId: "details-email-error",
      errors: undefined,
      initialValue: undefined,
      key: undefined,
    });
    expect(replyFormProps(form)).toEqual({ id: "details", noValidate: true });
  });

  it("reads a refused post's field errors, form errors and the values sent back", () => {
    const reply = {
      status: "error" as const,
      initialValue: { email: "sam@", marketing: ["email", "sms"] },
      error: { email: ["Enter a valid email address"], "": ["Something went wrong"] },
    };
    const [form, fields] = replyForm<{ email: string; marketing: string[]; firstName: string }>("details", reply);
    expect(form.errors).toEqual(["Something went wrong"]);
    expect(replyFormProps(form)).toEqual({ id: "details", noValidate: true, "aria-describedby": "details-error" });
    expect(fields.email.errors).toEqual(["Enter a valid email address"]);
    expect(fields.email.initialValue).toBe("sam@");
    expect(fields.marketing.initialValue).toEqual(["email", "sms"]);
    expect(fields.firstName.errors).toBeUndefined();
    // A value sent back gives the input a key of its own, so an uncontrolled input shows it.
    expect(fields.email.key).toBe('email:"sam@"');
    expect(fields.email).toBe(fields.email);
  });
});
