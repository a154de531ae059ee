import type { GlobalSettings } from "#contract/content";
import { DEFAULT_BRANDING_COLORS } from "#contract/content-defaults";
/**
 * Brand colours come from the content system at run time, so nothing guarantees they are readable. These helpers
 * derive every text colour the theme paints from luminance (WCAG 2.x) instead of trusting the brand, and build the
 * CSS custom properties the root document writes into its nonce-tagged <style>.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export type BrandColourName =
  "primary" | "secondary" | "success" | "danger" | "warning" | "info" | "mainBg" | "text" | "highlight";
export type BrandColours = Record<BrandColourName, string>;

/** Spec 1 §9: the colours a site gets when its content names none. */
export const DEFAULT_BRAND_COLOURS: Readonly<BrandColours> = DEFAULT_BRANDING_COLORS;

export const WHITE = "#FFFFFF";
/** Softer than pure black for body text on light colours; pure black is the fallback when this is not enough. */
export const NEAR_BLACK = "#111111";
const BLACK = "#000000";

/** WCAG 2.x AA for normal text, and for user-interface parts such as focus rings and input borders. */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value.trim());
}

export function parseHex(value: string): Rgb | null {
  const m = HEX.exec(value.trim());
  if (!m?.[1]) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Upper-case six-digit form, so the same colour always writes the same CSS. Throws on anything but hex. */
export function normaliseHex(value: string): string {
  const rgb = parseHex(value);
  if (!rgb) throw new Error(`Not a hex colour: ${value}`);
  return toHex(rgb);
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(colour: string | Rgb): number {
  const rgb = typeof colour === "string" ? parseHex(colour) : colour;
  if (!rgb) throw new Error(`Not a hex colour: ${String(colour)}`);
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a background: white or near-black, whichever contrasts more. Near-black cannot reach 4.5:1 on
 * every mid-tone that white also fails, so pure black (which always reaches at least 4.58:1 where white fails)
 * stands in there.
 */
export function textOn(background: string): string {
  const white = contrastRatio(WHITE, background);
  const dark = contrastRatio(NEAR_BLACK, background);
  if (Math.max(white, dark) >= TEXT_CONTRAST) return white >= dark ? WHITE : NEAR_BLACK;
  return contrastRatio(BLACK, background) >= white ? BLACK : WHITE;
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return { r: from.r + (to.r - from.r) * t, g: from.g + (to.g - from.g) * t, b: from.b + (to.b - from.b) * t };
}

/**
 * The colour itself when it already reaches `min` against the background, else the least-changed shade of it that
 * does: darkened towards black on light backgrounds, lightened towards white on dark ones. Used where a brand
 * colour is itself painted as text (links, error messages) or as a focus ring.
 */
export function ensureContrast(foreground: string, background: string, min = TEXT_CONTRAST): string {
  const fg = parseHex(foreground);
  if (!fg) throw new Error(`Not a hex colour: ${foreground}`);
  if (contrastRatio(fg, background) >= min) return toHex(fg);
  const towards = parseHex(contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE)!;
  // Mixing one way moves luminance one way, so the smallest sufficient mix is found by bisection.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(toHex(mix(fg, towards, mid)), background) >= min) hi = mid;
    else lo = mid;
  }
  // Rounding to whole channel values can undo the last fraction of the mix; step on until it holds.
  let t = hi;
  let out = toHex(mix(fg, towards, t));
  while (contrastRatio(out, background) < min && t < 1) {
    t = Math.min(1, t + 0.005);
    out = toHex(mix(fg, towards, t));
  }
  return out;
}

/** Characters a font-family list needs; anything else could end the declaration and start new CSS. */
export function safeFontFamily(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = value.replace(/[^A-Za-z0-9 ,'"_-]/g, "").trim();
  return cleaned.length ? cleaned : null;
}

export const SYSTEM_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface NavbarLook {
  bgColor?: string | null;
  menuItemColor?: string | null;
  height?: number | null;
  logoHeight?: number | null;
}

export interface BrandLook {
  colours: Partial<Record<BrandColourName, string | null | undefined>>;
  fontFamily?: string | null;
  header?: {
    bannerBgColor?: string | null;
    desktop?: NavbarLook;
    desktopScrolling?: NavbarLook;
    mobile?: NavbarLook;
    mobileScrolling?: NavbarLook;
  };
  footerBgColor?: string | null;
  /** The store search widget's button (white-label settings); unset, red with white text (spec 1 §2). */
  storeSearchButton?: { bgColor?: string | null; textColor?: string | null };
}

/** Spec 1 §2: the store search button is red with white text unless the settings say otherwise. */
export const DEFAULT_SEARCH_BUTTON = { bg: "#E42034", fg: WHITE } as const;

/** The store search button's two custom properties; a text colour that does not read on the button is shaded until it does. */
export function searchButtonVariables(look: BrandLook["storeSearchButton"]): Record<string, string> {
  const bg = colourOr(look?.bgColor, DEFAULT_SEARCH_BUTTON.bg);
  const wanted =
    look?.textColor && isHexColour(look.textColor) ? normaliseHex(look.textColor) : DEFAULT_SEARCH_BUTTON.fg;
  const fg =
    contrastRatio(wanted, bg) >= TEXT_CONTRAST ? wanted : look?.textColor ? ensureContrast(wanted, bg) : textOn(bg);
  return { "--search-button-bg": bg, "--search-button-fg": fg };
}

/** Surfaces (cards, inputs, header by default) are white whatever the brand; text on them is derived like the rest. */
export const SURFACE = WHITE;

function colourOr(value: string | null | undefined, fallback: string): string {
  return value && isHexColour(value) ? normaliseHex(value) : fallback;
}

function px(value: number | null | undefined, fallback: number): string {
  const n =
    typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), 400) : fallback;
  return `${n}px`;
}

/** Brand colours with each missing or malformed one replaced by the spec default. */
export function resolveBrandColours(colours: BrandLook["colours"]): BrandColours {
  const out = { ...DEFAULT_BRAND_COLOURS };
  for (const name of Object.keys(out) as BrandColourName[])
    out[name] = colourOr(colours[name], DEFAULT_BRAND_COLOURS[name]);
  return out;
}

function navbarVariables(
  prefix: string,
  look: NavbarLook | undefined,
  base: { bg: string; fg?: string; height: number; logo: number },
) {
  const bg = colourOr(look?.bgColor, base.bg);
  // A brand's menu colour is kept when it reads on the bar, otherwise shaded until it does.
  const fg =
    look?.menuItemColor && isHexColour(look.menuItemColor)
      ? ensureContrast(look.menuItemColor, bg)
      : base.fg && contrastRatio(base.fg, bg) >= TEXT_CONTRAST
        ? base.fg
        : textOn(bg);
  return {
    [`--${prefix}-bg`]: bg,
    [`--${prefix}-fg`]: fg,
    [`--${prefix}-height`]: px(look?.height, base.height),
    [`--${prefix}-logo-height`]: px(look?.logoHeight, base.logo),
  };
}

/**
 * Every CSS custom property the theme contract reads (app/styles/theme.css.ts), computed from the brand.
 * Keys are the property names, values are ready to write into `:root{…}`.
 */
export function brandCssVariables(look: BrandLook): Record<string, string> {
  const c = resolveBrandColours(look.colours);
  const text = ensureContrast(c.text, c.mainBg);
  const vars: Record<string, string> = {
    "--color-primary": c.primary,
    "--color-on-primary": textOn(c.primary),
    "--color-secondary": c.secondary,
    "--color-on-secondary": textOn(c.secondary),
    "--color-success": c.success,
    "--color-on-success": textOn(c.success),
    "--color-danger": c.danger,
    "--color-on-danger": textOn(c.danger),
    "--color-warning": c.warning,
    "--color-on-warning": textOn(c.warning),
    "--color-info": c.info,
    "--color-on-info": textOn(c.info),
    "--color-highlight": c.highlight,
    "--color-on-highlight": textOn(c.highlight),
    "--color-main-bg": c.mainBg,
    "--color-text": text,
    "--color-surface": SURFACE,
    "--color-on-surface": ensureContrast(c.text, SURFACE),
    "--color-link": ensureContrast(c.primary, c.mainBg),
    "--color-link-on-surface": ensureContrast(c.primary, SURFACE),
    // Error and success texts and input borders appear on white cards and on the page background alike.
    "--color-danger-text": ensureContrast(ensureContrast(c.danger, SURFACE), c.mainBg),
    "--color-success-text": ensureContrast(ensureContrast(c.success, SURFACE), c.mainBg),
    // Input borders and focus rings are user-interface parts: 3:1 against what surrounds them (WCAG 1.4.11).
    "--color-border": ensureContrast(ensureContrast(c.text, SURFACE, UI_CONTRAST), c.mainBg, UI_CONTRAST),
    // Focus rings sit on the page and on white cards alike, so the ring must stand out from both.
    "--color-focus": ensureContrast(ensureContrast(c.highlight, SURFACE, UI_CONTRAST), c.mainBg, UI_CONTRAST),
    "--font-body": [safeFontFamily(look.fontFamily), SYSTEM_FONT_STACK].filter(Boolean).join(", "),
  };
  const bannerBg = colourOr(look.header?.bannerBgColor, c.secondary);
  vars["--banner-bg"] = bannerBg;
  vars["--banner-fg"] = textOn(bannerBg);
  const footerBg = colourOr(look.footerBgColor, c.secondary);
  vars["--footer-bg"] = footerBg;
  vars["--footer-fg"] = textOn(footerBg);
  vars["--footer-link"] = textOn(footerBg);
  Object.assign(vars, searchButtonVariables(look.storeSearchButton));

  const desktop = navbarVariables("navbar-desktop", look.header?.desktop, {
    bg: SURFACE,
    fg: vars["--color-on-surface"],
    height: 72,
    logo: 40,
  });
  const mobile = navbarVariables("navbar-mobile", look.header?.mobile, {
    bg: SURFACE,
    fg: vars["--color-on-surface"],
    height: 56,
    logo: 32,
  });
  Object.assign(vars, desktop, mobile);
  // Scrolling bars inherit from the resting bar of the same size unless the content sets them.
  Object.assign(
    vars,
    navbarVariables("navbar-desktop-scrolling", look.header?.desktopScrolling, {
      bg: desktop["--navbar-desktop-bg"]!,
      fg: desktop["--navbar-desktop-fg"],
      height: Number.parseInt(desktop["--navbar-desktop-height"]!, 10),
      logo: Number.parseInt(desktop["--navbar-desktop-logo-height"]!, 10),
    }),
    navbarVariables("navbar-mobile-scrolling", look.header?.mobileScrolling, {
      bg: mobile["--navbar-mobile-bg"]!,
      fg: mobile["--navbar-mobile-fg"],
      height: Number.parseInt(mobile["--navbar-mobile-height"]!, 10),
      logo: Number.parseInt(mobile["--navbar-mobile-logo-height"]!, 10),
    }),
  );
  return vars;
}

/**
 * The `:root{…}` rule for the brand. Doubled `:root` outranks the build's default theme whatever order the two
 * stylesheets load in. `<` is escaped so the text can never close the <style> element it is written into.
 */
export function brandCss(vars: Record<string, string>): string {
  const body = Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  return `:root:root{${body}}`.replace(/</g, "\\3c ");
}

/** The parts of the global settings that shape the theme. */
export function brandLook(
  settings: Pick<GlobalSettings, "brandingColors" | "fontFamily" | "header" | "footer">,
): BrandLook {
  const { navbars, banner } = settings.header;
  return {
    colours: settings.brandingColors,
    fontFamily: settings.fontFamily,
    header: {
      bannerBgColor: banner.bgColor,
      desktop: navbars.desktop,
      desktopScrolling: navbars.desktopScrolling,
      mobile: navbars.mobile,
      mobileScrolling: navbars.mobileScrolling,
    },
    footerBgColor: settings.footer.bgColor,
  };
}

/**
 * The brand's stylesheet for the page's nonce-tagged <style> (BrandStyle): the custom properties the theme contract
 * reads, from the content's colours and font. brandCss escapes `<`, so content can never end the element early.
 */
export function brandStyleCss(
  settings: Pick<GlobalSettings, "brandingColors" | "fontFamily" | "header" | "footer">,
): string {
  return brandCss(brandCssVariables(brandLook(settings)));
}
