import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout as sizes, mq, radii, space, tapTarget } from "~/styles/tokens";
import { dangerNotice } from "~/styles/notices.css";

export const page = style({ padding: `${space[2]} 0 ${space[10]}` });
export const title = style({ margin: `${space[2]} 0 ${space[1]}` });
export const lead = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.md });

/* Phones: one column with the summary folded at the top; desktop: the summary beside the form (UX.md). */
export const layout = style({
  display: "grid",
  gap: space[4],
  "@media": { [mq.md]: { gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)", alignItems: "start" } },
});
export const main = style({ minWidth: 0, maxWidth: sizes.readingMaxWidth });
export const side = style({ minWidth: 0, display: "none", "@media": { [mq.md]: { display: "block" } } });
export const foldedSummary = style({ "@media": { [mq.md]: { display: "none" } } });

export const steps = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  margin: `0 0 ${space[4]}`,
  padding: 0,
});
export const step = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[1],
  padding: `${space[1]} ${space[3]}`,
  borderRadius: radii.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  fontSize: fontSize.sm,
});
export const stepCurrent = style({
  borderColor: vars.color.primary,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
});
export const stepDone = style({ borderColor: vars.color.success });
globalStyle(`${step} a`, { color: "inherit", display: "inline-flex", alignItems: "center", minHeight: "28px" });

export const panel = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  padding: space[4],
  marginBottom: space[4],
});
export const panelTitle = style({ fontSize: fontSize.md, margin: `0 0 ${space[3]}` });
/** A heading inside a panel's part (the address finder under a member's saved addresses). */
export const subheading = style({ fontSize: fontSize.base, margin: `${space[6]} 0 ${space[3]}` });
globalStyle(`${panel} a`, { color: vars.color.linkOnSurface });

export const summaryToggle = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  minHeight: tapTarget,
  cursor: "pointer",
  fontWeight: 700,
});
export const summaryLines = style({ listStyle: "none", margin: `0 0 ${space[3]}`, padding: 0 });
export const summaryLine = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  gap: space[2],
  padding: `${space[2]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const variant = style({ display: "block", fontSize: fontSize.sm });
export const totals = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: `${space[1]} ${space[4]}`,
  margin: 0,
});
globalStyle(`${totals} dd`, { margin: 0, textAlign: "right" });
export const grandTotal = style({
  fontWeight: 700,
  fontSize: fontSize.md,
  borderTop: `2px solid ${vars.color.border}`,
  paddingTop: space[2],
});

export const facts = style({ display: "grid", gap: space[3], margin: `0 0 ${space[4]}` });
globalStyle(`${facts} dt`, { fontWeight: 700 });
globalStyle(`${facts} dd`, { margin: 0 });

export const notice = style([dangerNotice, { margin: `0 0 ${space[4]}` }]);
export const info = style({
  padding: space[3],
  margin: `0 0 ${space[4]}`,
  borderLeft: `6px solid ${vars.color.info}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
});

export const choices = style({ display: "grid", gap: space[3], margin: `0 0 ${space[6]}` });
export const choice = style({
  display: "flex",
  alignItems: "flex-start",
  gap: space[3],
  padding: space[3],
  minHeight: tapTarget,
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.md,
  background: vars.color.surface,
  color: vars.color.onSurface,
  cursor: "pointer",
});
export const choiceInput = style({
  width: "1.5rem",
  height: "1.5rem",
  flex: "0 0 auto",
  marginTop: "2px",
  accentColor: vars.color.primary,
});
export const choiceText = style({ display: "grid", gap: space[1] });
export const choiceHint = style({ fontSize: fontSize.sm });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[3],
  alignItems: "center",
  margin: `${space[4]} 0`,
});
export const addressBlock = style({ whiteSpace: "pre-line", margin: `0 0 ${space[2]}` });
export const inlineRow = style({ display: "flex", flexWrap: "wrap", gap: space[3], alignItems: "flex-end" });
export const image = style({ display: "block", maxWidth: "100%", height: "auto", margin: `${space[4]} 0` });
export const orderNumber = style({ fontSize: fontSize.xl, fontWeight: 700, margin: `${space[2]} 0` });

export const progress = style({
  listStyle: "none",
  margin: `0 0 ${space[6]}`,
  padding: 0,
  display: "grid",
  gap: space[2],
});
export const progressStep = style({
  display: "flex",
  alignItems: "center",
  gap: space[3],
  padding: space[3],
  borderRadius: radii.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
});
export const progressDone = style({ borderColor: vars.color.success });
export const progressCurrent = style({ borderColor: vars.color.primary, fontWeight: 700 });
export const progressMark = style({ width: "1.5rem", textAlign: "center", fontWeight: 700 });

export const table = style({ width: "100%", borderCollapse: "collapse", margin: `0 0 ${space[4]}` });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: space[2],
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

/* The card gateway's field frames (decision 0024): each container holds one iframe the gateway's script puts there. */
export const cardFrame = style({ maxWidth: "22rem", minHeight: "2.75rem" });
export const cardFrameShort = style({ maxWidth: "8rem" });
globalStyle(`${cardFrame} iframe`, { display: "block", width: "100%", height: "2.75rem", border: 0 });
export const alternative = style({
  marginTop: space[6],
  paddingTop: space[4],
  borderTop: `1px solid ${vars.color.border}`,
});
