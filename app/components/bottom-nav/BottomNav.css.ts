import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout, mq, space, zIndex } from "~/styles/tokens";

/* Keeps the end of every page clear of the fixed bar (spec 1 §9: the bar is 64px high). */
export const spacer = style({ height: layout.bottomNavHeight, "@media": { [mq.md]: { display: "none" } } });

export const bar = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: zIndex.bottomNav,
  height: layout.bottomNavHeight,
  paddingBottom: "env(safe-area-inset-bottom)",
  background: vars.color.surface,
  color: vars.color.onSurface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: "0 -2px 8px rgba(0, 0, 0, 0.08)",
  transition: "transform 200ms ease",
  "@media": { [mq.md]: { display: "none" } },
  selectors: { "&:focus-within": { transform: "none" } },
});

/*
 * Where the bar can show (phones), whatever is scrolled into view — a field or button the keyboard moves to, an
 * anchor's target — stops above the bar's place, never under it: the bar comes back once scrolling stops or a field
 * loses focus, and would then cover what was just brought into view (WCAG 2.4.11, focus not obscured), and take the tap
 * meant for it.
 */
globalStyle(`html:has(.${bar})`, { "@media": { [mq.belowMd]: { scrollPaddingBottom: layout.bottomNavHeight } } });

/* Slid away rather than removed, so a keyboard user tabbing into it brings it back (focus-within above). */
export const hidden = style({ transform: "translateY(100%)" });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", height: "100%" });

export const item = style({ flex: "1 1 0", minWidth: 0, display: "flex", justifyContent: "center" });

export const link = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: 2,
  width: "100%",
  minWidth: 44,
  minHeight: 44,
  height: "100%",
  padding: `${space[1]} ${space[1]}`,
  color: vars.color.linkOnSurface,
  textDecoration: "none",
  fontSize: fontSize.sm,
  selectors: { "&:hover": { textDecoration: "underline" } },
});

/* The current page: solid icon, bold label and a bar above — more than colour alone. */
export const active = style({ fontWeight: 700, boxShadow: `inset 0 3px 0 ${vars.color.linkOnSurface}` });

export const label = style({ maxWidth: "100%", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const fill = style({ width: "100%", height: "100%" });
