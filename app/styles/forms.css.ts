import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { fontSize, radii, space, tapTarget } from "./tokens";

/*
 * Forms in the GOV.UK way (UX.md): label above the field, hint under the label, one error message per field, an
 * error summary at the top linking to each field. Class names are exported for route modules to compose.
 */

export const formGroup = style({ marginBottom: space[6] });

/** A group with an error gets the GOV.UK red bar down its left edge. */
export const formGroupError = style({
  paddingLeft: space[4],
  borderLeft: `5px solid ${vars.color.dangerText}`,
});

export const label = style({
  display: "block",
  marginBottom: space[1],
  fontWeight: 700,
  fontSize: fontSize.md,
});

export const hint = style({
  display: "block",
  marginBottom: space[2],
  color: vars.color.text,
});

export const errorMessage = style({
  display: "block",
  marginBottom: space[2],
  color: vars.color.dangerText,
  fontWeight: 700,
});

export const errorSummary = style({
  marginBottom: space[8],
  padding: space[4],
  border: `5px solid ${vars.color.dangerText}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  selectors: { "&:focus": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 0 } },
});

export const errorSummaryTitle = style({ marginBottom: space[3], fontSize: fontSize.lg });

export const errorSummaryList = style({ margin: 0, paddingLeft: 0, listStyle: "none" });

export const errorSummaryLink = style({
  color: vars.color.dangerText,
  fontWeight: 700,
  selectors: { "&:visited, &:hover": { color: vars.color.dangerText } },
});

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ marginBottom: space[2], padding: 0, fontWeight: 700, fontSize: fontSize.md });

const field = style({
  display: "block",
  width: "100%",
  minHeight: tapTarget,
  padding: `${space[2]} ${space[3]}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.none,
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  fontSize: fontSize.base,
  // Below 16px phones zoom into the field on focus.
  lineHeight: 1.25,
  appearance: "none",
  selectors: {
    "&:focus-visible": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: 0,
      boxShadow: `inset 0 0 0 2px ${vars.color.border}`,
    },
    "&:disabled": { opacity: 0.5, cursor: "not-allowed" },
  },
});

export const input = field;
export const textarea = style([field, { minHeight: "7.5rem", resize: "vertical" }]);
export const select = style([field, { paddingRight: space[8] }]);

/** Added beside input/select/textarea when the field has an error. */
export const fieldError = style({ borderColor: vars.color.dangerText });

/** Width classes for fields whose answer has a known length (postcode, phone, code). */
export const fieldWidth = styleVariants({
  postcode: { maxWidth: "11ch" },
  code: { maxWidth: "9ch", letterSpacing: "0.1em" },
  phone: { maxWidth: "20ch" },
  half: { maxWidth: "50%" },
  full: { maxWidth: "100%" },
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: space[2],
  minHeight: tapTarget,
  minWidth: tapTarget,
  padding: `${space[2]} ${space[5]}`,
  border: "2px solid transparent",
  borderRadius: radii.md,
  fontSize: fontSize.base,
  fontWeight: 700,
  lineHeight: 1.2,
  textAlign: "center",
  textDecoration: "none",
  cursor: "pointer",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed" },
    // Hover underlines rather than darkening, which could pull derived text below 4.5:1.
    "&:hover:not(:disabled)": { textDecoration: "underline", textDecorationThickness: "2px" },
    "&:active:not(:disabled)": { transform: "translateY(1px)" },
  },
});

/** Buttons by purpose; each paints its text with the colour derived for its background. */
export const button = styleVariants({
  primary: [buttonBase, { backgroundColor: vars.color.primary, color: vars.color.onPrimary }],
  secondary: [
    buttonBase,
    { backgroundColor: vars.color.surface, color: vars.color.linkOnSurface, borderColor: vars.color.linkOnSurface },
  ],
  danger: [buttonBase, { backgroundColor: vars.color.danger, color: vars.color.onDanger }],
  warning: [buttonBase, { backgroundColor: vars.color.warning, color: vars.color.onWarning }],
  /** Looks like a link, behaves like a button (e.g. "Remove" in a list). */
  link: [
    buttonBase,
    {
      padding: `${space[2]} ${space[1]}`,
      backgroundColor: "transparent",
      color: vars.color.link,
      textDecoration: "underline",
      fontWeight: 400,
    },
  ],
});

export const buttonBlock = style({ width: "100%" });
