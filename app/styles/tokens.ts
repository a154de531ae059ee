/**
 * Design tokens that do not change with the brand. Plain values (not CSS variables) so that media queries, which
 * cannot read custom properties, can use the breakpoints.
 */

/** Spec 1 §9. Below `md` (960px) is "mobile": bottom navigation and sidebar menu instead of the desktop bar. */
export const breakpoints = { xs: 375, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Mobile first: styles are written for phones and widened from a breakpoint up. */
export const mq = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  xl: `screen and (min-width: ${breakpoints.xl}px)`,
  belowMd: `screen and (max-width: ${breakpoints.md - 0.02}px)`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;

export const space = {
  0: "0",
  1: "0.25rem",
  2: "0.5rem",
  3: "0.75rem",
  4: "1rem",
  5: "1.25rem",
  6: "1.5rem",
  8: "2rem",
  10: "2.5rem",
  12: "3rem",
  16: "4rem",
} as const;

export const radii = { none: "0", sm: "4px", md: "8px", lg: "12px", pill: "999px", round: "50%" } as const;

export const fontSize = {
  sm: "0.875rem",
  base: "1rem",
  md: "1.125rem",
  lg: "1.5rem",
  xl: "2rem",
  xxl: "2.5rem",
} as const;

export const fontWeight = { regular: "400", bold: "700" } as const;
export const lineHeight = { tight: "1.2", base: "1.5" } as const;

/** WCAG 2.5.5: every control is at least 44×44 CSS pixels. */
export const tapTarget = "44px";

export const layout = {
  contentMaxWidth: "1264px",
  readingMaxWidth: "42rem",
  storeSearchMaxWidth: "420px",
  bottomNavHeight: "64px",
  // Room is left beside the panel for its 44px close control and a margin either side, even at 320px.
  sidebarWidth: "min(320px, calc(100vw - 60px))",
} as const;

/** Stacking order of the site's layers; tooltip from spec 1 §9. */
export const zIndex = {
  header: 100,
  dropdown: 200,
  bottomNav: 300,
  sidebar: 1000,
  modal: 2000,
  toast: 5000,
  tooltip: 6000,
} as const;

export const duration = { sidebar: "300ms", fast: "150ms" } as const;

export const shadow = {
  card: "0 1px 3px rgba(0, 0, 0, 0.12), 0 1px 2px rgba(0, 0, 0, 0.08)",
  raised: "0 8px 24px rgba(0, 0, 0, 0.18)",
} as const;
