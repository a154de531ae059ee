import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const hero = style({
  padding: "32px 0 24px",
  textAlign: "center",
});

export const title = style({
  fontSize: "clamp(1.75rem, 6vw, 2.75rem)",
  lineHeight: 1.15,
  margin: "0 0 12px",
  color: vars.color.text,
});

export const subtitle = style({
  fontSize: "1.125rem",
  lineHeight: 1.5,
  maxWidth: 640,
  margin: "0 auto 24px",
});

export const image = style({ maxWidth: "100%", height: "auto", borderRadius: 12 });

export const sectionTitle = style({ fontSize: "1.5rem", margin: "24px 0 16px" });

export const features = style({
  listStyle: "none",
  padding: 0,
  margin: "0 0 32px",
  display: "grid",
  gap: 16,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});

export const feature = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 12,
  padding: 16,
});

export const featureTitle = style({ fontSize: "1.125rem", margin: "0 0 8px" });

export const search = style({ maxWidth: 420, margin: "0 auto 24px", textAlign: "left" });
export const searchTitle = style({ fontSize: "1.25rem", margin: "0 0 12px" });
