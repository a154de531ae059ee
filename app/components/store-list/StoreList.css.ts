import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ padding: "16px 0 40px" });
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: "0 0 16px" });

export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: 16,
  margin: "24px 0",
  padding: 16,
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
});

export const toggle = style({ border: 0, margin: 0, padding: 0, display: "flex", gap: 12, flexWrap: "wrap" });
export const legend = style({ fontWeight: 700, marginBottom: 8, padding: 0 });
export const toggleOption = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
  cursor: "pointer",
});
export const field = style({ display: "flex", flexDirection: "column", minWidth: 160 });

export const groupTitle = style({ fontSize: "1.25rem", margin: "24px 0 12px" });
export const count = style({ fontWeight: 400 });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: 12,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))",
});

export const card = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  padding: 16,
  display: "flex",
  flexDirection: "column",
  gap: 8,
});

export const cardTitle = style({ fontSize: "1.125rem", margin: 0 });
export const meta = style({ margin: 0, fontSize: "0.9375rem" });
export const status = style({ margin: 0, fontWeight: 600 });
export const notice = style({ margin: 0, color: vars.color.dangerText, fontWeight: 600 });
export const empty = style({ fontSize: "1.125rem" });

export const notify = style({
  marginTop: 24,
  padding: 16,
  background: vars.color.surface,
  color: vars.color.onSurface,
  borderRadius: 8,
  border: `1px solid ${vars.color.border}`,
  maxWidth: 560,
});
