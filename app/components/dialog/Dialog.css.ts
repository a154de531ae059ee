import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space } from "~/styles/tokens";

export const dialog = style({
  width: "min(32rem, calc(100vw - 2rem))",
  maxHeight: "calc(100dvh - 2rem)",
  overflowY: "auto",
  padding: space[6],
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.md,
  background: vars.color.surface,
  color: vars.color.onSurface,
  selectors: { "&::backdrop": { background: "rgba(0, 0, 0, 0.5)" } },
});
export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: space[3],
});
export const title = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.lg });
export const close = style({
  flex: "none",
  minWidth: "44px",
  minHeight: "44px",
  margin: `-${space[2]} -${space[2]} 0 0`,
  border: 0,
  background: "none",
  color: "inherit",
  fontSize: "1.5rem",
  lineHeight: 1,
  cursor: "pointer",
});

/** While a modal dialog is open the page behind it does not scroll. */
export const scrollLocked = style({});
globalStyle(`html.${scrollLocked}`, { overflow: "hidden" });
