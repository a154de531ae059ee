import { TEXT_CONTRAST, UI_CONTRAST } from "../colour";

/**
 * Foreground/background pairs the theme paints, by CSS variable, with the contrast each must reach. The stylesheets
 * only put text on a background through one of these pairs, so checking them checks the site.
 */
export const THEME_CONTRAST_PAIRS: ReadonlyArray<readonly [foreground: string, background: string, min: number]> = [
  ["--color-text", "--color-main-bg", TEXT_CONTRAST],
  ["--color-on-surface", "--color-surface", TEXT_CONTRAST],
  ["--color-link", "--color-main-bg", TEXT_CONTRAST],
  ["--color-link-on-surface", "--color-surface", TEXT_CONTRAST],
  ["--color-danger-text", "--color-surface", TEXT_CONTRAST],
  ["--color-danger-text", "--color-main-bg", TEXT_CONTRAST],
  ["--color-success-text", "--color-surface", TEXT_CONTRAST],
  ["--color-success-text", "--color-main-bg", TEXT_CONTRAST],
  ["--color-on-primary", "--color-primary", TEXT_CONTRAST],
  ["--color-on-secondary", "--color-secondary", TEXT_CONTRAST],
  ["--color-on-success", "--color-success", TEXT_CONTRAST],
  ["--color-on-danger", "--color-danger", TEXT_CONTRAST],
  ["--color-on-warning", "--color-warning", TEXT_CONTRAST],
  ["--color-on-info", "--color-info", TEXT_CONTRAST],
  ["--color-on-highlight", "--color-highlight", TEXT_CONTRAST],
  ["--banner-fg", "--banner-bg", TEXT_CONTRAST],
  ["--footer-fg", "--footer-bg", TEXT_CONTRAST],
  ["--footer-link", "--footer-bg", TEXT_CONTRAST],
  ["--navbar-desktop-fg", "--navbar-desktop-bg", TEXT_CONTRAST],
  ["--navbar-mobile-fg", "--navbar-mobile-bg", TEXT_CONTRAST],
  ["--navbar-desktop-scrolling-fg", "--navbar-desktop-scrolling-bg", TEXT_CONTRAST],
  ["--navbar-mobile-scrolling-fg", "--navbar-mobile-scrolling-bg", TEXT_CONTRAST],
  ["--search-button-fg", "--search-button-bg", TEXT_CONTRAST],
  ["--color-border", "--color-surface", UI_CONTRAST],
  ["--color-border", "--color-main-bg", UI_CONTRAST],
  ["--color-focus", "--color-main-bg", UI_CONTRAST],
  ["--color-focus", "--color-surface", UI_CONTRAST],
];
