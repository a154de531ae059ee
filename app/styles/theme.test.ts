import { describe, expect, it } from "vitest";
import { brandCssVariables } from "../models/colour";
import { THEME_CONTRAST_PAIRS } from "../models/test-support/contrast-pairs";
import { vars } from "./theme.css";
import { breakpoints, mq } from "./tokens";

function leaves(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  return Object.values(tree as Record<string, unknown>).flatMap(leaves);
}

describe("theme contract", () => {
  const contractNames = leaves(vars).map((v) => /^var\((--[a-z0-9-]+)\)$/.exec(v)?.[1]);

  it("maps every token to a plain CSS custom property", () => {
    expect(vars.color.primary).toBe("var(--color-primary)");
    expect(vars.color.onPrimary).toBe("var(--color-on-primary)");
    expect(vars.navbar.mobileScrolling.logoHeight).toBe("var(--navbar-mobile-scrolling-logo-height)");
    expect(contractNames.every(Boolean)).toBe(true);
  });

  it("has exactly the properties the brand writes, so none is left unset or unused", () => {
    expect([...contractNames].sort()).toEqual(Object.keys(brandCssVariables({ colours: {} })).sort());
  });

  it("checks contrast only between properties that exist", () => {
    for (const [fg, bg] of THEME_CONTRAST_PAIRS) {
      expect(contractNames).toContain(fg);
      expect(contractNames).toContain(bg);
    }
  });

  it("uses the spec's breakpoints", () => {
    expect(breakpoints).toEqual({ xs: 375, sm: 600, md: 960, lg: 1264, xl: 1904 });
    expect(mq.md).toBe("screen and (min-width: 960px)");
  });
});
