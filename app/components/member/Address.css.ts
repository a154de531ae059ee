import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space, tapTarget } from "~/styles/tokens";

/* The member's saved addresses: a card per address, the finder's results, the typed-in form. */
export const list = style({ listStyle: "none", margin: `0 0 ${space[4]}`, padding: 0, display: "grid", gap: space[3] });
export const card = style({
  padding: space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  background: vars.color.surface,
  color: vars.color.onSurface,
});
export const lines = style({ margin: 0, fontStyle: "normal" });
export const line = style({ display: "block" });
export const defaultTag = style({
  display: "inline-block",
  marginBottom: space[2],
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radii.sm,
  background: vars.color.onSurface,
  color: vars.color.surface,
  fontSize: fontSize.sm,
  fontWeight: 700,
});
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  alignItems: "center",
  marginTop: space[3],
});
/** A link that reads as a quiet button: at least a tap target high. */
export const actionLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  minWidth: tapTarget,
  padding: `0 ${space[2]}`,
  color: vars.color.linkOnSurface,
  fontWeight: 700,
});
export const inlineForm = style({ display: "inline" });
export const empty = style({ margin: `0 0 ${space[4]}` });

/** The finder's results are chosen as the checkout's are: the same radio cards. */
export { choiceInput } from "~/components/checkout/Checkout.css";
export const checkbox = style({
  display: "flex",
  alignItems: "center",
  gap: space[3],
  minHeight: tapTarget,
  margin: `0 0 ${space[6]}`,
  cursor: "pointer",
});
export const row = style({ display: "flex", flexWrap: "wrap", gap: space[3], alignItems: "flex-end" });
export const formActions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[3],
  alignItems: "center",
  margin: `${space[4]} 0`,
});
export const confirm = style({ margin: `0 0 ${space[4]}` });
