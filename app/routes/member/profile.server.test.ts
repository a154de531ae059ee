import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { detailsSchema } from "./my-details.server";
import { passwordSchema } from "./change-password.server";
import { marketingOptions, marketingSchema, ukMobile } from "./profile.server";
import { verifySchema } from "./verify-mobile.server";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** A refused submission's field errors (null when it was taken). */
function errorsOf(submission: { status?: string; error?: unknown }): unknown {
  return submission.status === "error" ? submission.error : null;
}

describe("the profile's forms", () => {
  it("shows a +44 mobile in UK form", () => {
    expect(ukMobile("+447700900123")).toBe("07700900123");
    expect(ukMobile(null)).toBeNull();
  });

  it("sends every option shown, ticked ones opted in and the rest out", () => {
    const submission = parseWithZod(
      form([
        ["intent", "marketing"],
        ["shown", "email"],
        ["shown", "sms"],
        ["opted", "sms"],
      ]),
      { schema: marketingSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(marketingOptions(submission.value)).toEqual([
      { type: "email", opted: "out", text: "" },
      { type: "sms", opted: "in", text: "" },
    ]);
  });

  it("holds my details to registration's words", () => {
    const submission = parseWithZod(
      form([
        ["firstName", ""],
        ["lastName", "Ashdown"],
        ["mobile", "12345"],
      ]),
      { schema: detailsSchema },
    );
    expect(errorsOf(submission)).toEqual({
      firstName: ["Enter your first name"],
      mobile: ["Enter a UK mobile number, like 07700 900 982"],
    });
  });

  it("asks for the current password and a new one long enough", () => {
    const submission = parseWithZod(
      form([
        ["currentPassword", ""],
        ["newPassword", "short"],
      ]),
      { schema: passwordSchema },
    );
    expect(errorsOf(submission)).toEqual({
      currentPassword: ["Enter your password"],
      newPassword: ["Your password must be at least 8 characters"],
    });
  });

  it("takes a send, and a check only with a six-digit code", () => {
    expect(parseWithZod(form([["intent", "send"]]), { schema: verifySchema }).status).toBe("success");
    expect(
      parseWithZod(
        form([
          ["intent", "check"],
          ["code", "123 456"],
        ]),
        { schema: verifySchema },
      ).status,
    ).toBe("success");
    expect(
      errorsOf(
        parseWithZod(
          form([
            ["intent", "check"],
            ["code", "12a"],
          ]),
          { schema: verifySchema },
        ),
      ),
    ).toEqual({
      code: ["The code is the 6 digits we sent you, like 123456"],
    });
  });
});
