import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CHECKOUT_TEXT } from "~/models/checkout";
import {
  addressTypeFrom,
  editAddressSchema,
  newAddressSchema,
  parseAddressId,
  setDefaultSchema,
} from "./addresses.server";

const RULES = ["^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$"];

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("saved address forms", () => {
  it("reads an address id from the path only when it is a positive whole number in range", () => {
    expect(parseAddressId("42")).toBe(42);
    for (const raw of [undefined, "", "0", "-1", "1.5", "01", "abc", "99999999999", "2147483648"])
      expect(parseAddressId(raw), String(raw)).toBeNull();
    expect(parseAddressId("2147483647")).toBe(2_147_483_647);
  });

  it("adds a delivery address unless billing is asked for", () => {
    expect(addressTypeFrom("billing")).toBe("billing");
    expect(addressTypeFrom("delivery")).toBe("delivery");
    expect(addressTypeFrom(null)).toBe("delivery");
    expect(addressTypeFrom("other")).toBe("delivery");
  });

  it("takes a typed address with the default ticked, trimmed", () => {
    const submission = parseWithZod(
      form({
        intent: "save",
        type: "billing",
        addressLine1: " 4 Portland Place ",
        town: "London",
        postcode: "W1A 1AA",
        isDefault: "on",
      }),
      { schema: newAddressSchema(RULES) },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      intent: "save",
      type: "billing",
      addressLine1: "4 Portland Place",
      addressLine2: "",
      town: "London",
      postcode: "W1A 1AA",
      isDefault: true,
    });
  });

  it("refuses a typed address field by field with the checkout's words", () => {
    const submission = parseWithZod(
      form({ intent: "save", type: "delivery", addressLine1: "", town: "", postcode: "NOPE" }),
      {
        schema: newAddressSchema(RULES),
      },
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toMatchObject({
      addressLine1: [CHECKOUT_TEXT.addressLine1Required],
      town: [CHECKOUT_TEXT.townRequired],
      postcode: [CHECKOUT_TEXT.postcodeInvalid],
    });
  });

  it("takes a choice from the finder's list by its place, default off unless ticked", () => {
    const submission = parseWithZod(form({ intent: "choose", type: "delivery", postcode: "SW1A 1AA", address: "2" }), {
      schema: newAddressSchema(RULES),
    });
    expect(submission.status === "success" && submission.value).toMatchObject({
      intent: "choose",
      address: 2,
      isDefault: false,
    });
    const odd = parseWithZod(form({ intent: "choose", type: "delivery", postcode: "SW1A 1AA", address: "x" }), {
      schema: newAddressSchema(RULES),
    });
    expect(odd.status === "success" && odd.value).toMatchObject({ address: undefined });
  });

  it("refuses an unknown type or intent", () => {
    expect(
      parseWithZod(
        form({ intent: "save", type: "postal", addressLine1: "1 Row", town: "Leeds", postcode: "LS1 1AA" }),
        { schema: newAddressSchema(RULES) },
      ).status,
    ).toBe("error");
    expect(parseWithZod(form({ intent: "delete" }), { schema: newAddressSchema(RULES) }).status).toBe("error");
  });

  it("edits with the typed fields and the type, and makes a default only of a real id", () => {
    const edit = parseWithZod(
      form({ intent: "save", type: "billing", addressLine1: "1 Row", town: "Leeds", postcode: "LS1 1AA" }),
      { schema: editAddressSchema(RULES) },
    );
    expect(edit.status).toBe("success");
    expect(parseWithZod(form({ intent: "setDefault", id: "7" }), { schema: setDefaultSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "setDefault", id: "0" }), { schema: setDefaultSchema }).status).toBe("error");
    expect(parseWithZod(form({ intent: "setDefault", id: "seven" }), { schema: setDefaultSchema }).status).toBe(
      "error",
    );
  });
});
