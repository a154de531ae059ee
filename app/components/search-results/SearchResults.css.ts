import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space, tapTarget } from "~/styles/tokens";

export const section = style({ margin: `${space[6]} 0` });
export const sectionTitle = style({ fontSize: fontSize.md, margin: `0 0 ${space[3]}` });

export const chipList = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  margin: 0,
  padding: 0,
});
export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[2],
  minHeight: tapTarget,
  padding: `0 ${space[4]}`,
  borderRadius: radii.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.linkOnSurface,
  textDecoration: "none",
});
export const chipName = style({ textDecoration: "underline" });
export const chipCount = style({ fontSize: fontSize.sm, color: vars.color.onSurface });

export const dealList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: space[3],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))",
});
export const dealCard = style({
  display: "flex",
  flexDirection: "column",
  gap: space[1],
  minHeight: tapTarget,
  padding: space[3],
  borderRadius: radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
});
export const dealLink = style({ fontWeight: 700, color: vars.color.linkOnSurface });
export const dealPrice = style({ fontWeight: 700 });
export const muted = style({ margin: 0, fontSize: fontSize.sm });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[4],
  alignItems: "center",
  justifyContent: "center",
  margin: `${space[6]} 0`,
});
export const pagerLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `0 ${space[2]}`,
  color: vars.color.link,
});

export const noResults = style({
  padding: space[4],
  borderLeft: `6px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
});
