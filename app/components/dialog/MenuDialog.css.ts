import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { space } from "~/styles/tokens";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: space[1] });
export const entry = style({
  display: "flex",
  alignItems: "center",
  minHeight: 44,
  padding: `0 ${space[2]}`,
  color: vars.color.linkOnSurface,
  fontWeight: 600,
  overflowWrap: "anywhere",
});
