import { createGlobalThemeContract, globalStyle } from "@vanilla-extract/css";
import { brandCssVariables, DEFAULT_BRAND_COLOURS } from "../models/colour";

/**
 * The brand theme as CSS custom properties. Components read `vars.*`; the values come from the content system at
 * run time (BrandStyle writes them in a nonce-tagged <style>), so a colour change needs no rebuild. The names here
 * are exactly the keys of `brandCssVariables`, which a unit test holds in step.
 */
const navbar = (prefix: string) => ({
  bg: `${prefix}-bg`,
  fg: `${prefix}-fg`,
  height: `${prefix}-height`,
  logoHeight: `${prefix}-logo-height`,
});

export const vars = createGlobalThemeContract(
  {
    color: {
      primary: "color-primary",
      onPrimary: "color-on-primary",
      secondary: "color-secondary",
      onSecondary: "color-on-secondary",
      success: "color-success",
      onSuccess: "color-on-success",
      danger: "color-danger",
      onDanger: "color-on-danger",
      warning: "color-warning",
      onWarning: "color-on-warning",
      info: "color-info",
      onInfo: "color-on-info",
      highlight: "color-highlight",
      onHighlight: "color-on-highlight",
      mainBg: "color-main-bg",
      text: "color-text",
      surface: "color-surface",
      onSurface: "color-on-surface",
      link: "color-link",
      linkOnSurface: "color-link-on-surface",
      dangerText: "color-danger-text",
      successText: "color-success-text",
      border: "color-border",
      focus: "color-focus",
    },
    banner: { bg: "banner-bg", fg: "banner-fg" },
    footer: { bg: "footer-bg", fg: "footer-fg", link: "footer-link" },
    searchButton: { bg: "search-button-bg", fg: "search-button-fg" },
    navbar: {
      desktop: navbar("navbar-desktop"),
      desktopScrolling: navbar("navbar-desktop-scrolling"),
      mobile: navbar("navbar-mobile"),
      mobileScrolling: navbar("navbar-mobile-scrolling"),
    },
    font: { body: "font-body" },
  },
  (value) => String(value),
);

/**
 * The spec's default brand, built into the stylesheet so the site is readable before (or without) the brand's own
 * values. BrandStyle's rule uses a more specific selector and wins whichever loads first.
 */
globalStyle(":root", { vars: brandCssVariables({ colours: DEFAULT_BRAND_COLOURS }) });
