import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * The box an image fills while it loads: a plain surface colour. (A blurred preview as a CSS background would need a
 * style attribute per image, which the Content-Security-Policy forbids.)
 */
export const picture = style({
  display: "block",
  maxWidth: "100%",
  height: "auto",
  backgroundColor: vars.color.mainBg,
  objectFit: "cover",
});
export const contain = style({ objectFit: "contain" });
