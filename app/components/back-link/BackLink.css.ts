import { style } from "@vanilla-extract/css";
import { space, tapTarget } from "~/styles/tokens";

export const wrap = style({ margin: `${space[2]} 0 0` });
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[1],
  minHeight: tapTarget,
});
export const arrow = style({ fontSize: "1.5em", lineHeight: 1 });
