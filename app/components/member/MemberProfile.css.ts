import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, space } from "~/styles/tokens";

export const actions = style({ display: "flex", flexWrap: "wrap", gap: space[3], margin: `${space[4]} 0 0` });

/** A refusal or failure in a part of the page (the error summary is for forms' fields). */
export const problem = style({
  margin: `0 0 ${space[4]}`,
  padding: space[3],
  borderLeft: `5px solid ${vars.color.dangerText}`,
  color: vars.color.dangerText,
  fontWeight: 700,
});

/** A step done ('One time password code has been sent'). */
export const notice = style({
  margin: `0 0 ${space[4]}`,
  padding: space[3],
  borderLeft: `5px solid ${vars.color.successText}`,
  fontSize: fontSize.md,
});

export const verified = style({ fontWeight: 700 });

export const codeForm = style({ marginTop: space[6] });

export const intro = style({ margin: `0 0 ${space[4]}` });
