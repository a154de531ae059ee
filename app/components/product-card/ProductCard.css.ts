import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { radii, space, tapTarget } from "~/styles/tokens";

export const card = style({
  position: "relative",
  height: "100%",
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  padding: space[3],
  display: "flex",
  flexDirection: "column",
  gap: space[2],
});
export const image = style({ width: "100%", height: "auto", aspectRatio: "1 / 1" });
export const name = style({ fontSize: "1rem", margin: 0, lineHeight: 1.3 });
export const nameLink = style({ color: vars.color.linkOnSurface });
export const price = style({ fontWeight: 700, margin: 0 });
export const memberPrice = style({ display: "block", fontWeight: 600, fontSize: "0.875rem" });
export const note = style({ margin: 0, fontSize: "0.875rem" });
export const unavailable = style([note, { color: vars.color.dangerText }]);
/** The action sits at the foot of the card, level across a row of cards. */
export const action = style({ marginTop: "auto", paddingTop: space[1] });
export const fullWidth = style({ width: "100%" });
export const stepper = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: space[2],
  border: `2px solid ${vars.color.linkOnSurface}`,
  borderRadius: radii.md,
});
export const stepButton = style({
  minWidth: tapTarget,
  minHeight: tapTarget,
  border: 0,
  background: "transparent",
  color: vars.color.linkOnSurface,
  fontSize: "1.5rem",
  fontWeight: 700,
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.55, cursor: "not-allowed" } },
});
export const count = style({ fontWeight: 700, minWidth: "2ch", textAlign: "center" });
