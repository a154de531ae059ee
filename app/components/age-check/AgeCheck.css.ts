import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { space } from "~/styles/tokens";

export const dialog = style({
  maxWidth: "min(28rem, calc(100vw - 2rem))",
  padding: space[6],
  border: `2px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  color: vars.color.onSurface,
  selectors: { "&::backdrop": { background: "rgba(0, 0, 0, 0.5)" } },
});
export const title = style({ margin: `0 0 ${space[3]}`, fontSize: "1.25rem" });
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[3],
  marginTop: space[4],
  alignItems: "center",
});
