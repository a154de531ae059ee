import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space, tapTarget } from "~/styles/tokens";

export const root = style({ width: "100%" });

/* The day tabs scroll sideways on a phone rather than wrapping into a second row. */
export const days = style({
  marginBottom: space[4],
  overflowX: "auto",
  borderBottom: `1px solid ${vars.color.border}`,
  // Keeps the focus ring of the first and last tab inside the scroll box.
  padding: `${space[1]} ${space[1]} 0`,
});

export const dayList = style({ display: "flex", gap: space[1], margin: 0, padding: 0, listStyle: "none" });

export const dayTab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `${space[2]} ${space[4]}`,
  whiteSpace: "nowrap",
  color: vars.color.link,
  textDecoration: "none",
  // The current day is marked by a thick bar and weight as well as colour.
  borderBottom: "4px solid transparent",
  selectors: {
    "&:hover": { textDecoration: "underline", textDecorationThickness: "2px" },
    "&[aria-current='page']": { color: vars.color.text, fontWeight: 700, borderBottomColor: vars.color.text },
  },
});

export const notice = style({
  padding: space[4],
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  marginBottom: space[4],
});

export const cost = style({ marginBottom: space[3], fontWeight: 700 });

export const slotList = style({ display: "grid", gap: space[2], marginBottom: space[6] });

export const slotRow = style({
  display: "flex",
  alignItems: "center",
  gap: space[3],
  minHeight: tapTarget,
  padding: `${space[2]} ${space[3]}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  cursor: "pointer",
  selectors: {
    // The held slot gets a heavier border in the link colour, not a change of colour alone.
    "&:has(input:checked)": {
      borderColor: vars.color.linkOnSurface,
      boxShadow: `inset 0 0 0 2px ${vars.color.linkOnSurface}`,
    },
    "&:has(input:disabled)": { cursor: "not-allowed" },
  },
});

export const radio = style({
  flexShrink: 0,
  width: "1.5rem",
  height: "1.5rem",
  margin: 0,
  accentColor: vars.color.linkOnSurface,
  cursor: "inherit",
});

export const slotText = style({ flex: "1 1 auto", fontSize: fontSize.md });

export const slotState = style({
  flexShrink: 0,
  padding: `0 ${space[2]}`,
  border: `1px solid ${vars.color.onSurface}`,
  borderRadius: radii.pill,
  fontSize: fontSize.sm,
  fontWeight: 700,
});

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: space[3] });
