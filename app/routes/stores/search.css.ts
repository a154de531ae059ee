import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, space } from "~/styles/tokens";

export const page = style({ padding: `${space[2]} 0 ${space[10]}` });
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: `${space[2]} 0 ${space[4]}` });

export const status = style({ margin: `0 0 ${space[2]}`, minHeight: "1.5em", fontWeight: 700 });
export const pending = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.sm });

export const error = style({
  margin: `${space[4]} 0`,
  padding: space[4],
  borderLeft: `6px solid ${vars.color.dangerText}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  fontWeight: 700,
});

export const results = style({ selectors: { "&[aria-busy='true']": { opacity: 0.6 } } });
