import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { space, tapTarget } from "~/styles/tokens";

export const choices = style({ display: "grid", gap: space[1] });
export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: space[3],
  minHeight: tapTarget,
  padding: `${space[1]} ${space[2]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  color: vars.color.onSurface,
  cursor: "pointer",
});
export const control = style({ width: 24, height: 24, margin: 0, flexShrink: 0, accentColor: vars.color.primary });
export const choiceName = style({ flex: 1 });
export const choicePrice = style({ fontWeight: 700, whiteSpace: "nowrap" });
