import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const region = style({
  position: "fixed",
  left: "50%",
  bottom: 80,
  transform: "translateX(-50%)",
  zIndex: 7000,
  width: "min(92vw, 420px)",
  pointerEvents: "none",
});

const base = style({
  margin: 0,
  padding: "12px 16px",
  borderRadius: 8,
  fontWeight: 600,
  boxShadow: "0 4px 16px rgba(0,0,0,0.2)",
  pointerEvents: "auto",
});

export const toast = styleVariants({
  success: [base, { background: vars.color.success, color: vars.color.onSuccess }],
  error: [base, { background: vars.color.danger, color: vars.color.onDanger }],
  info: [base, { background: vars.color.info, color: vars.color.onInfo }],
});
