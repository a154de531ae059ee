import { describe, expect, it } from "vitest";
import { idFromSlug } from "./slug";

describe("id from slug (spec 1 §2)", () => {
  it("takes the number after the last dash", () => {
    expect(idFromSlug("victoria-street-1")).toBe(1);
    expect(idFromSlug("covent-garden-kitchen-3")).toBe(3);
    expect(idFromSlug("semi-skimmed-milk-2-pints-215")).toBe(215);
  });
  it("has no id without a trailing number", () => {
    expect(idFromSlug("victoria-street")).toBeNull();
    expect(idFromSlug("12")).toBeNull();
    expect(idFromSlug("store-0")).toBeNull();
    expect(idFromSlug("store-1x")).toBeNull();
    expect(idFromSlug("")).toBeNull();
    expect(idFromSlug(undefined)).toBeNull();
    expect(idFromSlug("store-99999999999999999999")).toBeNull();
  });
});
