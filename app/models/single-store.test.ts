import { describe, expect, it } from "vitest";
import { singleStoreMode } from "./single-store";

describe("single-store mode (spec 1 §1)", () => {
  it("is on only when both a slug and a postcode are configured", () => {
    expect(singleStoreMode({ slug: "victoria-street-1", postcode: "sw1a 1aa" })).toEqual({
      path: "/stores/victoria-street-1",
      postcode: "SW1A 1AA",
    });
    expect(singleStoreMode({ slug: "victoria-street-1", postcode: "" })).toBeNull();
    expect(singleStoreMode({ slug: "", postcode: "SW1A 1AA" })).toBeNull();
    expect(singleStoreMode({ slug: "  ", postcode: "  " })).toBeNull();
  });
  it("accepts the slug written as a path", () => {
    expect(singleStoreMode({ slug: "/stores/victoria-street-1/", postcode: "SW1A 1AA" })?.path).toBe(
      "/stores/victoria-street-1",
    );
  });
  it("never sends the shopper off to another path", () => {
    expect(singleStoreMode({ slug: "../admin/x", postcode: "SW1A 1AA" })).toBeNull();
  });
});
