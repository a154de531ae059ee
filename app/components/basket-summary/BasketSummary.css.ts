import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, mq, radii, space, tapTarget } from "~/styles/tokens";

export const panel = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  padding: space[4],
  marginBottom: space[4],
});

export const panelTitle = style({ fontSize: fontSize.md, marginBottom: space[3] });

export const lines = style({ listStyle: "none", margin: 0, padding: 0 });

export const line = style({
  display: "grid",
  gridTemplateColumns: "64px 1fr",
  gridTemplateAreas: `"image info" "image controls"`,
  columnGap: space[3],
  rowGap: space[2],
  padding: `${space[3]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
  "@media": {
    [mq.sm]: { gridTemplateColumns: "80px 1fr auto", gridTemplateAreas: `"image info controls"`, alignItems: "center" },
  },
});

export const linePending = style({ opacity: 0.7 });

export const lineImage = style({
  gridArea: "image",
  width: 64,
  height: 64,
  objectFit: "contain",
  "@media": { [mq.sm]: { width: 80, height: 80 } },
});
export const lineImagePlaceholder = style([lineImage, { background: vars.color.mainBg, borderRadius: radii.sm }]);

export const lineInfo = style({ gridArea: "info", minWidth: 0 });
export const lineName = style({ fontSize: fontSize.base, margin: 0 });
globalStyle(`${lineName} a`, { color: vars.color.linkOnSurface });
export const lineMeta = style({ fontSize: fontSize.sm, margin: `${space[1]} 0 0` });
export const lineConflict = style({
  color: vars.color.dangerText,
  fontWeight: 700,
  fontSize: fontSize.sm,
  margin: `${space[1]} 0 0`,
});

export const lineControls = style({
  gridArea: "controls",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: space[2],
});
export const linePrice = style({ fontWeight: 700, minWidth: "5.5ch", textAlign: "right", marginLeft: "auto" });

export const stepper = style({
  display: "inline-flex",
  alignItems: "center",
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.pill,
});
export const stepperForm = style({ display: "inline-flex" });
export const stepperButton = style({
  minWidth: tapTarget,
  minHeight: tapTarget,
  border: 0,
  background: "transparent",
  color: vars.color.linkOnSurface,
  fontSize: fontSize.md,
  fontWeight: 700,
  borderRadius: radii.pill,
  selectors: { "&:disabled": { opacity: 0.45, cursor: "not-allowed" } },
});
export const stepperValue = style({ minWidth: "2.5ch", textAlign: "center", fontWeight: 700 });

export const inlineForm = style({ display: "inline" });

export const linkButton = style({
  minHeight: tapTarget,
  padding: `0 ${space[2]}`,
  border: 0,
  background: "transparent",
  color: vars.color.linkOnSurface,
  textDecoration: "underline",
  font: "inherit",
  fontSize: fontSize.sm,
});

/** A line's Edit link, sized like the Remove button beside it. */
export const lineEdit = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `0 ${space[2]}`,
  color: vars.color.linkOnSurface,
  fontSize: fontSize.sm,
});

export const dealList = style({
  listStyle: "none",
  margin: `${space[3]} 0 0`,
  padding: 0,
  display: "grid",
  gap: space[2],
});
export const dealIncomplete = style({
  padding: space[3],
  borderLeft: `6px solid ${vars.color.warning}`,
  background: vars.color.mainBg,
  color: vars.color.text,
});
export const dealApplied = style({
  padding: space[3],
  borderLeft: `6px solid ${vars.color.success}`,
  background: vars.color.mainBg,
  color: vars.color.text,
});
globalStyle(`${dealIncomplete} a, ${dealApplied} a`, { color: vars.color.link });

export const totals = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: `${space[2]} ${space[4]}`,
  margin: 0,
});
globalStyle(`${totals} dt`, { fontWeight: 400 });
globalStyle(`${totals} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });
export const grandTotal = style({
  fontWeight: 700,
  fontSize: fontSize.md,
  borderTop: `2px solid ${vars.color.border}`,
  paddingTop: space[2],
});

export const progress = style({ margin: `${space[3]} 0 0` });
export const progressBar = style({ width: "100%", height: 10, accentColor: vars.color.success });

export const message = style({ margin: `${space[2]} 0 0` });
export const warningMessage = style({ margin: `${space[2]} 0 0`, fontWeight: 700 });

export const couponRow = style({ display: "flex", gap: space[2], alignItems: "flex-start", flexWrap: "wrap" });
export const couponInput = style({ flex: "1 1 12rem", maxWidth: "20rem", textTransform: "uppercase" });

export const tipChoices = style({ display: "flex", flexWrap: "wrap", gap: space[2], margin: `0 0 ${space[3]}` });
export const tipChoice = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[2],
  minHeight: tapTarget,
  padding: `0 ${space[3]}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.pill,
  cursor: "pointer",
});
globalStyle(`${tipChoice} input`, { width: 20, height: 20, margin: 0, accentColor: vars.color.primary });
export const tipCustom = style({
  display: "flex",
  alignItems: "center",
  gap: space[3],
  flexWrap: "wrap",
  marginTop: space[3],
});
export const tipEmoji = style({ fontSize: "1.25em", lineHeight: 1 });

export const validList = style({ margin: `${space[2]} 0 0`, paddingLeft: space[5] });
export const ready = style({ fontWeight: 700, color: vars.color.successText });
