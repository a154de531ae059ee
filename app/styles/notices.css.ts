import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { space } from "./tokens";

/**
 * A problem the page states in its own words (a store closed, a basket that cannot go on, a link that no longer
 * works): the danger colour's bar at its start, on the page's surface. Each place adds its own spacing.
 */
export const dangerNotice = style({
  padding: space[3],
  borderLeft: `6px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  fontWeight: 700,
});
