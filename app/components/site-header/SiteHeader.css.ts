import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { duration, fontSize, layout, mq, radii, shadow, space, tapTarget, zIndex } from "~/styles/tokens";

const nav = vars.navbar;

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: zIndex.header,
  backgroundColor: nav.mobile.bg,
  color: nav.mobile.fg,
  boxShadow: shadow.card,
  "@media": { [mq.md]: { backgroundColor: nav.desktop.bg, color: nav.desktop.fg } },
  selectors: {
    "&[data-scrolled]": { backgroundColor: nav.mobileScrolling.bg, color: nav.mobileScrolling.fg },
  },
});
globalStyle(`${header}[data-scrolled]`, {
  "@media": { [mq.md]: { backgroundColor: nav.desktopScrolling.bg, color: nav.desktopScrolling.fg } },
});

export const banner = style({
  display: "flex",
  alignItems: "center",
  gap: space[2],
  padding: `${space[2]} ${space[4]}`,
  backgroundColor: vars.banner.bg,
  color: vars.banner.fg,
  fontSize: fontSize.sm,
});
export const bannerText = style({ flex: 1, minWidth: 0, textAlign: "center", overflowWrap: "anywhere" });
export const bannerForm = style({ display: "flex", flexShrink: 0, margin: 0 });
export const bannerClose = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: tapTarget,
  minHeight: tapTarget,
  padding: 0,
  border: 0,
  background: "transparent",
  color: "inherit",
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: space[2],
  maxWidth: layout.contentMaxWidth,
  minHeight: nav.mobile.height,
  marginInline: "auto",
  paddingInline: space[2],
  transition: `min-height ${duration.fast}`,
  "@media": { [mq.md]: { minHeight: nav.desktop.height, paddingInline: space[6], gap: space[6] } },
});
globalStyle(`${header}[data-scrolled] ${bar}`, {
  minHeight: nav.mobileScrolling.height,
  "@media": { [mq.md]: { minHeight: nav.desktopScrolling.height } },
});

export const brand = style({ display: "flex", alignItems: "center", gap: space[2], marginRight: "auto" });

export const logoLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  color: "inherit",
  textDecoration: "none",
});

export const logoImage = style({
  display: "block",
  width: "auto",
  height: nav.mobile.logoHeight,
  "@media": { [mq.md]: { height: nav.desktop.logoHeight } },
});
globalStyle(`${header}[data-scrolled] ${logoImage}`, {
  height: nav.mobileScrolling.logoHeight,
  "@media": { [mq.md]: { height: nav.desktopScrolling.logoHeight } },
});

export const wordmark = style({ fontSize: fontSize.md, fontWeight: 700 });

export const beta = style({
  padding: `0 ${space[2]}`,
  borderRadius: radii.pill,
  backgroundColor: vars.color.highlight,
  color: vars.color.onHighlight,
  fontSize: fontSize.sm,
  fontWeight: 700,
});

/* Desktop bar: shown from 960px. */
export const desktopNav = style({ display: "none", "@media": { [mq.md]: { display: "block" } } });
export const desktopList = style({
  display: "flex",
  alignItems: "center",
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const desktopItem = style({ position: "relative" });

export const desktopLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[1],
  minHeight: tapTarget,
  padding: `0 ${space[3]}`,
  color: "inherit",
  fontWeight: 700,
  textDecoration: "none",
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&:hover": { textDecoration: "underline", textDecorationThickness: "2px", textUnderlineOffset: "0.3em" },
    "&::-webkit-details-marker": { display: "none" },
  },
});

export const chevron = style({ flexShrink: 0, transition: `transform ${duration.fast}` });
globalStyle(`details[open] > summary ${chevron}`, { transform: "rotate(180deg)" });

export const dropdown = style({});
export const dropdownList = style({
  position: "absolute",
  top: "100%",
  // The bar sits at the right of the header, so menus open leftwards and never push past the viewport.
  right: 0,
  zIndex: zIndex.dropdown,
  minWidth: "14rem",
  maxHeight: "310px",
  overflowY: "auto",
  margin: 0,
  padding: `${space[2]} 0`,
  listStyle: "none",
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  borderRadius: radii.md,
  boxShadow: shadow.raised,
});
export const dropdownLink = style({
  display: "flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `0 ${space[4]}`,
  color: vars.color.linkOnSurface,
  textDecoration: "none",
  // Inside the scrolling list an outer ring would be clipped.
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outlineOffset: "-3px", boxShadow: "none" },
  },
});

/* Mobile sidebar: a <details> whose summary is the Menu button, hidden from 960px. */
export const sidebar = style({ "@media": { [mq.md]: { display: "none" } } });

export const whenClosed = style({ display: "inline-flex", alignItems: "center", gap: space[2] });
export const whenOpen = style({ display: "none" });
globalStyle(`${sidebar}[open] ${whenClosed}`, { display: "none" });
globalStyle(`${sidebar}[open] ${whenOpen}`, { display: "block" });

export const menuButton = style({
  display: "inline-flex",
  alignItems: "center",
  minWidth: tapTarget,
  minHeight: tapTarget,
  padding: `0 ${space[2]}`,
  borderRadius: radii.md,
  fontWeight: 700,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

/*
 * Open, the summary becomes the dimmed backdrop over the whole page, so a tap outside the panel closes the sidebar
 * without any script. Its visible part is the close control beside the panel.
 */
globalStyle(`${sidebar}[open] > ${menuButton}`, {
  position: "fixed",
  inset: 0,
  zIndex: zIndex.sidebar,
  display: "block",
  padding: 0,
  borderRadius: 0,
  backgroundColor: "rgba(0, 0, 0, 0.5)",
  outline: "none",
});

export const closeControl = style({
  position: "absolute",
  top: space[2],
  left: `calc(${layout.sidebarWidth} + ${space[2]})`,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: tapTarget,
  height: tapTarget,
  borderRadius: radii.round,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
});
globalStyle(`${menuButton}:focus-visible ${closeControl}`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

const slideIn = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(0)" } });

export const panel = style({
  position: "fixed",
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: zIndex.sidebar + 1,
  width: layout.sidebarWidth,
  overflowY: "auto",
  padding: space[4],
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  boxShadow: shadow.raised,
  // The panel exists only while open, so the animation plays on each opening (spec 1 §9: 300 ms).
  animation: `${slideIn} ${duration.sidebar} ease-out`,
});

// The page behind an open sidebar does not scroll.
globalStyle(`body:has(${sidebar}[open])`, { overflow: "hidden", "@media": { [mq.md]: { overflow: "visible" } } });

export const sidebarLogo = style({
  display: "inline-flex",
  minHeight: tapTarget,
  marginBottom: space[4],
  color: "inherit",
});
export const sidebarLogoImage = style({ height: nav.mobile.logoHeight, width: "auto" });

export const sidebarList = style({ margin: 0, padding: 0, listStyle: "none" });
globalStyle(`${sidebarList} > li`, { borderBottom: `1px solid ${vars.color.border}` });

export const sidebarLink = style({
  display: "flex",
  alignItems: "center",
  minHeight: "48px",
  padding: `0 ${space[2]}`,
  color: vars.color.linkOnSurface,
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const section = style({});
export const sectionSummary = style([
  sidebarLink,
  {
    justifyContent: "space-between",
    color: vars.color.onSurface,
    cursor: "pointer",
    listStyle: "none",
    selectors: { "&::-webkit-details-marker": { display: "none" } },
  },
]);
export const sectionList = style({ margin: 0, paddingLeft: space[4], paddingBottom: space[2], listStyle: "none" });
globalStyle(`${sectionList} ${sidebarLink}`, { fontWeight: 400 });
