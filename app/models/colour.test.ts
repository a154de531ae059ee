import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_BRANDING_COLORS, globalSettingsSchema } from "#contract/content";
import {
  brandCss,
  brandCssVariables,
  contrastRatio,
  DEFAULT_BRAND_COLOURS,
  ensureContrast,
  NEAR_BLACK,
  normaliseHex,
  parseHex,
  relativeLuminance,
  resolveBrandColours,
  safeFontFamily,
  searchButtonVariables,
  textOn,
  WHITE,
  type BrandLook,
} from "./colour";
import { THEME_CONTRAST_PAIRS } from "./test-support/contrast-pairs";

const demo = globalSettingsSchema.parse(
  JSON.parse(readFileSync(new URL("../../content/global.json", import.meta.url), "utf8")),
);
const demoLook: BrandLook = {
  colours: demo.brandingColors,
  fontFamily: demo.fontFamily,
  header: {
    bannerBgColor: demo.header.banner.bgColor,
    desktop: demo.header.navbars.desktop,
    desktopScrolling: demo.header.navbars.desktopScrolling,
    mobile: demo.header.navbars.mobile,
    mobileScrolling: demo.header.navbars.mobileScrolling,
  },
  footerBgColor: demo.footer.bgColor,
};

function expectEveryPairReadable(vars: Record<string, string>) {
  for (const [fg, bg, min] of THEME_CONTRAST_PAIRS) {
    const a = vars[fg];
    const b = vars[bg];
    expect(a, fg).toBeDefined();
    expect(b, bg).toBeDefined();
    expect(contrastRatio(a!, b!), `${fg} ${a} on ${bg} ${b}`).toBeGreaterThanOrEqual(min);
  }
}

describe("hex parsing", () => {
  it("reads three and six digit hex, with or without #", () => {
    expect(parseHex("#14569E")).toEqual({ r: 0x14, g: 0x56, b: 0x9e });
    expect(parseHex("fff")).toEqual({ r: 255, g: 255, b: 255 });
    expect(normaliseHex("#abc")).toBe("#AABBCC");
  });

  it("rejects anything else", () => {
    for (const bad of ["", "#12345", "#GGGGGG", "red", "#1234567", "rgb(0,0,0)"]) expect(parseHex(bad), bad).toBeNull();
    expect(() => normaliseHex("red")).toThrow("Not a hex colour: red");
  });
});

describe("luminance and contrast (WCAG 2.x)", () => {
  it("gives the reference values", () => {
    expect(relativeLuminance("#FFFFFF")).toBeCloseTo(1, 6);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 6);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBe(1);
    // Known pair: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#FFFFFF", "#767676")).toBe(contrastRatio("#767676", "#FFFFFF"));
  });
});

describe("textOn", () => {
  it("puts dark text on the spec defaults that fail 4.5:1 with white", () => {
    expect(contrastRatio(WHITE, DEFAULT_BRAND_COLOURS.warning)).toBeLessThan(4.5);
    expect(contrastRatio(WHITE, DEFAULT_BRAND_COLOURS.success)).toBeLessThan(4.5);
    expect(textOn(DEFAULT_BRAND_COLOURS.warning)).toBe(NEAR_BLACK);
    expect(textOn(DEFAULT_BRAND_COLOURS.success)).toBe(NEAR_BLACK);
  });

  it("puts white text on dark colours", () => {
    expect(textOn(DEFAULT_BRAND_COLOURS.primary)).toBe(WHITE);
    expect(textOn(DEFAULT_BRAND_COLOURS.secondary)).toBe(WHITE);
    expect(textOn("#000000")).toBe(WHITE);
  });

  it("reaches 4.5:1 on every grey and on a sweep of colours, including mid-tones where near-black falls short", () => {
    for (let v = 0; v <= 255; v += 3) {
      const grey = `#${v.toString(16).padStart(2, "0").repeat(3)}`;
      expect(contrastRatio(textOn(grey), grey), grey).toBeGreaterThanOrEqual(4.5);
    }
    for (let h = 0; h < 4096; h += 37) {
      const c = `#${h.toString(16).padStart(3, "0")}`;
      expect(contrastRatio(textOn(c), c), c).toBeGreaterThanOrEqual(4.5);
    }
    // #777777 is such a mid-tone: white gives 4.48 and near-black less, so only pure black reaches 4.5.
    expect(textOn("#777777")).toBe("#000000");
  });
});

describe("ensureContrast", () => {
  it("leaves a readable colour alone", () => {
    expect(ensureContrast("#14569E", "#F5F8FB")).toBe("#14569E");
  });

  it("darkens a light brand colour used as text on a light page, as little as needed", () => {
    const link = ensureContrast("#F9E000", "#F5F8FB");
    expect(contrastRatio(link, "#F5F8FB")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(link, "#F5F8FB")).toBeLessThan(4.8);
    expect(relativeLuminance(link)).toBeLessThan(relativeLuminance("#F9E000"));
  });

  it("lightens a dark colour used on a dark background", () => {
    const out = ensureContrast("#14569E", "#111111");
    expect(contrastRatio(out, "#111111")).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(out)).toBeGreaterThan(relativeLuminance("#14569E"));
  });

  it("honours a lower target for interface parts", () => {
    const ring = ensureContrast("#FFD400", "#FFFFFF", 3);
    expect(contrastRatio(ring, "#FFFFFF")).toBeGreaterThanOrEqual(3);
  });
});

describe("brandCssVariables", () => {
  it("keeps the contract's defaults and the model's defaults the same (spec 1 §9)", () => {
    expect(DEFAULT_BRAND_COLOURS).toEqual(DEFAULT_BRANDING_COLORS);
  });

  it("makes every pair the theme uses reach its contrast with the spec defaults", () => {
    expectEveryPairReadable(brandCssVariables({ colours: {} }));
  });

  it("makes every pair the theme uses reach its contrast with the demo brand", () => {
    const vars = brandCssVariables(demoLook);
    expect(vars["--color-primary"]).toBe("#1E5B3C");
    expectEveryPairReadable(vars);
  });

  it("keeps text readable when every brand colour is unreadable", () => {
    const awful: BrandLook = {
      colours: {
        primary: "#FFFF00",
        secondary: "#EEEEEE",
        success: "#7CFC00",
        danger: "#FF9999",
        warning: "#777777",
        info: "#808080",
        mainBg: "#767676",
        text: "#7A7A7A",
        highlight: "#787878",
      },
      header: {
        bannerBgColor: "#797979",
        desktop: { bgColor: "#777777", menuItemColor: "#787878" },
        mobile: { bgColor: "#FFFFFF", menuItemColor: "#FFFFEE" },
      },
      footerBgColor: "#7B7B7B",
    };
    const vars = brandCssVariables(awful);
    expectEveryPairReadable(vars);
    // The brand's own colours still paint the backgrounds; only text is derived.
    expect(vars["--color-primary"]).toBe("#FFFF00");
    expect(vars["--color-main-bg"]).toBe("#767676");
  });

  it("falls back to the spec default for a missing or malformed colour", () => {
    expect(resolveBrandColours({ primary: "not a colour", danger: null, text: "#abc" })).toEqual({
      ...DEFAULT_BRAND_COLOURS,
      text: "#AABBCC",
    });
  });

  it("uses the brand font ahead of the system stack and strips what could break out of the declaration", () => {
    expect(brandCssVariables({ colours: {}, fontFamily: "Lato" })["--font-body"]).toMatch(/^Lato, system-ui/);
    expect(safeFontFamily("Lato;} body{display:none} </style><script>")).toBe("Lato bodydisplaynone stylescript");
    expect(safeFontFamily("  ")).toBeNull();
  });

  it("sizes the navbars from content, bounded, and defaults them", () => {
    const vars = brandCssVariables({
      colours: {},
      header: { desktop: { height: 80, logoHeight: 48 }, mobile: { height: -3 } },
    });
    expect(vars["--navbar-desktop-height"]).toBe("80px");
    expect(vars["--navbar-desktop-logo-height"]).toBe("48px");
    expect(vars["--navbar-mobile-height"]).toBe("56px");
    // Scrolling bars inherit the resting bar's values when unset.
    expect(vars["--navbar-desktop-scrolling-height"]).toBe("80px");
  });
});

describe("brandCss", () => {
  it("writes one :root rule that outranks the built-in defaults", () => {
    const css = brandCss({ "--color-primary": "#1E5B3C", "--font-body": "Lato, sans-serif" });
    expect(css).toBe(":root:root{--color-primary:#1E5B3C;--font-body:Lato, sans-serif}");
  });

  it("cannot close the <style> element it is written into", () => {
    const css = brandCss({ "--x": "</style><script>alert(1)</script>" });
    expect(css).not.toContain("<");
    expect(css).toContain("\\3c /style>");
  });
});

describe("the store search button (spec 1 §2)", () => {
  it("is red with white text unless the settings say otherwise", () => {
    const vars = brandCssVariables({ colours: {} });
    expect(vars["--search-button-bg"]).toBe("#E42034");
    expect(vars["--search-button-fg"]).toBe(WHITE);
    expect(contrastRatio(WHITE, "#E42034")).toBeGreaterThanOrEqual(4.5);
  });

  it("takes the settings' colours, shading a text colour that would not read on the button", () => {
    expect(searchButtonVariables({ bgColor: "#1e5b3c", textColor: "#ffffff" })).toEqual({
      "--search-button-bg": "#1E5B3C",
      "--search-button-fg": "#FFFFFF",
    });
    const pale = searchButtonVariables({ bgColor: "#F2B134", textColor: "#FFFFFF" });
    expect(pale["--search-button-bg"]).toBe("#F2B134");
    expect(contrastRatio(pale["--search-button-fg"]!, "#F2B134")).toBeGreaterThanOrEqual(4.5);
    // Only a background: the text is whichever of white or near-black reads on it.
    expect(searchButtonVariables({ bgColor: "#FFFF00" })["--search-button-fg"]).toBe(textOn("#FFFF00"));
  });
});
