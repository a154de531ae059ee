import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_UNREADABLE_MESSAGE, keepShown, replyShown } from "./form-reply.server";

const schema = z.object({
  intent: z.literal("save"),
  email: z.string({ error: "Enter your email" }).includes("@", "Enter your email"),
  name: z.string().optional(),
  lines: z.array(z.string({ error: "Fill the line" }).min(2, "Fill the line")).optional(),
});

function post(pairs: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return parseWithZod(form, { schema });
}

describe("replyShown", () => {
  it("leaves the errors of shown fields beside them and adds nothing", () => {
    const result = replyShown(
      post([
        ["intent", "save"],
        ["email", ""],
      ]),
      ["email"],
    );
    expect(result.error).toEqual({ email: ["Enter your email"] });
  });

  it("turns an error on a field the page does not show into the form's error", () => {
    const result = replyShown(
      post([
        ["intent", "forged"],
        ["email", ""],
      ]),
      ["email"],
    );
    expect(result.error?.[""]).toEqual([FORM_UNREADABLE_MESSAGE]);
    expect(result.error?.["email"]).toEqual(["Enter your email"]);
    expect(result.error).not.toHaveProperty("intent");
  });

  it("keeps the form's own errors and says the message once", () => {
    const result = replyShown(
      post([
        ["intent", "x"],
        ["email", "a@b.c"],
      ]),
      ["email"],
      { formErrors: ["Refused"] },
    );
    expect(result.error?.[""]).toEqual(["Refused", FORM_UNREADABLE_MESSAGE]);
    expect(keepShown(result, [])?.error?.[""]).toEqual(["Refused", FORM_UNREADABLE_MESSAGE]);
  });

  it("counts a part of a shown field (an item of a list) as shown", () => {
    const result = replyShown(
      post([
        ["intent", "save"],
        ["email", "a@b.c"],
        ["lines[0]", "x"],
      ]),
      ["email", "lines"],
    );
    expect(result.error).toEqual({ "lines[0]": ["Fill the line"] });
  });

  it("says a shown field posted twice (zod's words for the wrong kind of value) over the form, not beside it", () => {
    const result = replyShown(
      post([
        ["intent", "save"],
        ["email", "a@b.c"],
        ["name", "Ann"],
        ["name", "Bo"],
      ]),
      ["email", "name"],
    );
    expect(result.error).toEqual({ "": [FORM_UNREADABLE_MESSAGE] });
  });

  it("leaves a successful reply as it is", () => {
    const submission = post([
      ["intent", "save"],
      ["email", "a@b.c"],
    ]);
    expect(replyShown(submission, [])).toEqual(submission.reply());
  });
});
