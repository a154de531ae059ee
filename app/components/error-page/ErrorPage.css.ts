import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  maxWidth: 640,
  margin: "0 auto",
  padding: "32px 16px 48px",
  textAlign: "center",
});

export const status = style({
  fontSize: "1rem",
  fontWeight: 700,
  letterSpacing: "0.05em",
  textTransform: "uppercase",
  margin: "0 0 8px",
});

export const heading = style({
  fontSize: "clamp(1.5rem, 5vw, 2.25rem)",
  lineHeight: 1.2,
  margin: "0 0 16px",
  overflowWrap: "anywhere",
});

export const description = style({ fontSize: "1.125rem", lineHeight: 1.5, margin: "0 0 24px" });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 12,
  justifyContent: "center",
  marginBottom: 32,
});

const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: 44,
  minWidth: 44,
  padding: "0 20px",
  borderRadius: 6,
  fontWeight: 700,
  textDecoration: "none",
  border: "2px solid transparent",
});

export const primaryButton = style([button, { background: vars.color.primary, color: vars.color.onPrimary }]);

export const secondaryButton = style([
  button,
  { background: "transparent", color: vars.color.link, borderColor: "currentColor" },
]);

export const image = style({ maxWidth: "100%", height: "auto" });

export const search = style({ maxWidth: 420, margin: "0 auto 32px", textAlign: "left" });
