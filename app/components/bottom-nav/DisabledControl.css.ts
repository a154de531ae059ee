import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space, zIndex } from "~/styles/tokens";

export const wrapper = style({ position: "relative", display: "inline-flex" });

export const control = style({ cursor: "not-allowed", opacity: 0.6 });

/* Spec 1 §9: tooltips at most 300px wide, at least 120px, z-index 6000, 8px from their control, 16px from the edge. */
export const tooltip = style({
  position: "absolute",
  zIndex: zIndex.tooltip,
  minWidth: 120,
  maxWidth: "min(300px, calc(100vw - 32px))",
  width: "max-content",
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radii.sm,
  background: vars.color.info,
  color: vars.color.onInfo,
  fontSize: fontSize.sm,
  fontWeight: 400,
  lineHeight: 1.3,
  textAlign: "center",
  pointerEvents: "none",
  visibility: "hidden",
  opacity: 0,
  selectors: {
    [`${wrapper}:hover &, ${wrapper}:focus-within &`]: { visibility: "visible", opacity: 1 },
  },
});

export const placement = styleVariants({
  above: { bottom: "calc(100% + 8px)" },
  below: { top: "calc(100% + 8px)" },
});

/* Centred on its control, or held to the control's edge at the ends of a bar so it stays on screen. */
export const align = styleVariants({
  center: { left: "50%", transform: "translateX(-50%)" },
  start: { left: 0 },
  end: { right: 0 },
});
