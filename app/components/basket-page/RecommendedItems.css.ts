import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space } from "~/styles/tokens";

export const cards = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: space[3],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(46%, 160px), 1fr))",
});
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: space[2],
  padding: space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  background: vars.color.surface,
  color: vars.color.onSurface,
  height: "100%",
});
export const cardImage = style({ width: "100%", height: "auto", aspectRatio: "1", objectFit: "contain" });
export const cardName = style({ fontSize: fontSize.base, margin: 0 });
globalStyle(`${cardName} a`, { color: vars.color.linkOnSurface });
export const cardPrice = style({ fontWeight: 700, margin: 0 });
export const cardAction = style({ marginTop: "auto" });
