import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { radii, space, tapTarget } from "~/styles/tokens";

/* Scrolls sideways under its own edge padding, to the screen's edges on a phone. */
export const strip = style({ overflowX: "auto", margin: "0 -16px", padding: `${space[1]} 16px` });
export const list = style({
  listStyle: "none",
  display: "flex",
  gap: space[2],
  margin: 0,
  padding: 0,
  whiteSpace: "nowrap",
});
const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: "0 14px",
  borderRadius: radii.pill,
  border: `1px solid ${vars.color.border}`,
  textDecoration: "none",
});
export const other = style([link, { background: vars.color.surface, color: vars.color.linkOnSurface }]);
export const current = style([link, { background: vars.color.primary, color: vars.color.onPrimary, fontWeight: 700 }]);
