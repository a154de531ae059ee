import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout, radii, space, tapTarget } from "~/styles/tokens";

/* The content pages' parts: FAQ accordion, news list and pager, contact details, article heading. */

export const page = style({
  maxWidth: layout.readingMaxWidth,
  padding: `${space[2]} 0 ${space[10]}`,
  overflowWrap: "anywhere",
});
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: `${space[2]} 0` });
export const subTitle = style({ fontSize: fontSize.md, margin: `0 0 ${space[6]}` });

export const faqList = style({ display: "grid", gap: space[2] });
export const faq = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
});
export const question = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: space[3],
  minHeight: tapTarget,
  padding: `${space[2]} ${space[4]}`,
  fontWeight: 700,
  cursor: "pointer",
  listStyle: "none",
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
});
globalStyle(`${question}::-webkit-details-marker`, { display: "none" });
// A plus that turns to a minus when open: the state is also the <details> element's own (announced by readers).
globalStyle(`${question}::after`, { content: '"+"', fontSize: fontSize.lg, lineHeight: 1, flexShrink: 0 });
globalStyle(`${faq}[open] ${question}::after`, { content: '"−"' });
export const answer = style({ margin: 0, padding: `0 ${space[4]} ${space[4]}` });

export const newsList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: space[4] });
export const newsItem = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  padding: space[4],
});
export const newsTitle = style({ fontSize: fontSize.md, margin: `0 0 ${space[1]}` });
globalStyle(`${newsTitle} a`, { color: vars.color.linkOnSurface });
export const date = style({ fontSize: fontSize.sm, margin: `0 0 ${space[2]}` });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: space[4],
  marginTop: space[6],
});
export const pagerLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `0 ${space[2]}`,
});

export const details = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: space[4], margin: 0 });
globalStyle(`${details} dt`, { fontWeight: 700 });
globalStyle(`${details} dd`, { margin: `${space[1]} 0 0` });
export const mapLink = style({ display: "inline-flex", alignItems: "center", minHeight: tapTarget });

export const brandImage = style({ display: "block", margin: `0 0 ${space[4]}`, maxWidth: "100%", height: "auto" });
globalStyle(`${page} img`, { maxWidth: "100%", height: "auto" });
