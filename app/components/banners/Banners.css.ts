import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { radii, space } from "~/styles/tokens";

/** A row the shopper scrolls sideways (no automatic rotation: WCAG 2.2.2). */
export const list = style({
  listStyle: "none",
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "min(88%, 560px)",
  gap: space[3],
  margin: `${space[3]} -16px`,
  padding: `${space[1]} 16px ${space[3]}`,
  overflowX: "auto",
  scrollSnapType: "x mandatory",
});
export const single = style({ gridAutoColumns: "min(100%, 800px)" });
export const item = style({ scrollSnapAlign: "start" });
export const card = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  overflow: "hidden",
  textDecoration: "none",
});
export const image = style({ width: "100%", height: "auto", aspectRatio: "2 / 1" });
export const text = style({ padding: space[3] });
export const title = style({
  margin: 0,
  fontSize: "1.125rem",
  color: vars.color.linkOnSurface,
  textDecoration: "underline",
});
export const body = style({ margin: `${space[1]} 0 0` });
