import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";


export const bar = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  borderBottom: `1px solid ${vars.color.border}`,
  margin: "0 -16px 16px",
  padding: "4px 16px",
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 24px",
});

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
});

export const label = style({ fontSize: "0.875rem", fontWeight: 400 });

export const value = style({ fontWeight: 700, color: vars.color.onSurface });

export const change = style({
  color: vars.color.linkOnSurface,
  fontSize: "0.875rem",
  minHeight: 44,
  display: "inline-flex",
  alignItems: "center",
  padding: "0 4px",
});

export const inlineForm = style({ display: "inline" });

export const changeButton = style([
  change,
  {
    background: "none",
    border: 0,
    textDecoration: "underline",
    cursor: "pointer",
    font: "inherit",
    fontSize: "0.875rem",
  },
]);

export const basket = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
  padding: "0 4px",
  color: vars.color.linkOnSurface,
  fontWeight: 700,
});
