import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, space } from "~/styles/tokens";

/* The member's orders: cards in a list, the order's page, its review and the order-again confirmation. */
export const list = style({ listStyle: "none", margin: `0 0 ${space[4]}`, padding: 0, display: "grid", gap: space[3] });
export const card = style({
  padding: space[4],
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
});
export const cardTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.md });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${space[1]} ${space[3]}`,
  margin: `0 0 ${space[3]}`,
});
export const factName = style({ fontWeight: 700 });
export const factValue = style({ margin: 0 });
export const status = style({
  display: "inline-block",
  padding: `${space[1]} ${space[2]}`,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
});
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.linkOnSurface,
});
export const pager = style({ display: "flex", flexWrap: "wrap", gap: space[4], alignItems: "center" });
export const empty = style({ margin: `0 0 ${space[4]}` });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: space[3], margin: `${space[4]} 0` });
export const stars = style({ display: "grid", gap: space[1], margin: `0 0 ${space[4]}` });
export const star = style({ display: "flex", alignItems: "center", gap: space[2], minHeight: "44px" });
export const starInput = style({ width: "1.5rem", height: "1.5rem", margin: 0 });
export const notAdded = style({
  margin: `0 0 ${space[4]}`,
  padding: space[4],
  borderLeft: `6px solid ${vars.color.warning}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
});
export const notAddedList = style({ margin: `${space[2]} 0 0`, paddingLeft: space[5] });
