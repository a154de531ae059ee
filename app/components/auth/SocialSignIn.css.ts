import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space, tapTarget } from "~/styles/tokens";

export const section = style({ marginBlock: space[6] });

export const title = style({ fontSize: fontSize.md, marginBottom: space[3] });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: space[3] });

/** A full-width, 44 px tall link that looks like a secondary button, in the brand's colours (no provider artwork). */
export const link = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: tapTarget,
  padding: `${space[2]} ${space[4]}`,
  borderRadius: radii.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  fontWeight: 600,
  textAlign: "center",
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
