import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, mq, radii, space, tapTarget } from "~/styles/tokens";

/**
 * Every list of product cards (category, search, recommended, deal and banner pages): two columns on a phone, four
 * from 600px (UX.md: 2 on phones, 4–5 on desktop). Four, not five, so that the category page's first row of four,
 * after which its first offer sits, is a whole row at every width (decision 0038).
 */
export const productGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: space[2],
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": { [mq.sm]: { gap: space[3], gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const card = style({
  position: "relative",
  height: "100%",
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  padding: space[2],
  display: "flex",
  flexDirection: "column",
  gap: space[1],
  "@media": { [mq.sm]: { padding: space[3], gap: space[2] } },
});
/*
 * 16:9, as the Picture's width and height say, so the box is kept before the image comes (no layout shift). Low enough
 * that two rows of cards fit a phone's first screen; the picture is contained, never cropped (decision 0038).
 */
export const image = style({ width: "100%", height: "auto", aspectRatio: "16 / 9", borderRadius: radii.sm });
export const name = style({
  fontSize: "0.9375rem",
  margin: 0,
  lineHeight: 1.25,
  "@media": { [mq.sm]: { fontSize: fontSize.base } },
});
export const nameLink = style({
  display: "flex",
  flexDirection: "column",
  gap: space[1],
  color: vars.color.linkOnSurface,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "none" } },
});
/** At most two lines: a row of cards stays level and short; the item page has the whole name. */
export const nameText = style({
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  textDecoration: "underline",
  textDecorationThickness: "1px",
  textUnderlineOffset: "0.15em",
  selectors: { [`${nameLink}:hover &`]: { textDecorationThickness: "3px" } },
});
/* Grows from nothing, so a member price or "From" wraps inside it rather than pushing Add to a line of its own. */
export const price = style({ flex: "1 1 0", fontWeight: 700, margin: 0, lineHeight: 1.25, overflowWrap: "normal" });
export const memberPrice = style({ display: "block", fontWeight: 600, fontSize: fontSize.sm });
export const note = style({ margin: 0, fontSize: fontSize.sm });
export const unavailable = style([note, { color: vars.color.dangerText }]);
/** Price and action share a line when they fit, at the foot of the card, level across a row of cards. */
export const buy = style({
  marginTop: "auto",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: space[2],
});
/* Takes the rest of the price's line; a stepper too wide to share it takes a line of its own, full width. */
export const action = style({ flex: "1 0 auto", display: "flex", justifyContent: "flex-end" });
export const fullWidth = style({ width: "100%", paddingInline: space[3] });
export const stepper = style({
  flex: "1 1 auto",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: space[2],
  border: `2px solid ${vars.color.linkOnSurface}`,
  borderRadius: radii.md,
});
export const stepButton = style({
  minWidth: tapTarget,
  minHeight: tapTarget,
  border: 0,
  background: "transparent",
  color: vars.color.linkOnSurface,
  fontSize: "1.5rem",
  fontWeight: 700,
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.55, cursor: "not-allowed" } },
});
export const count = style({ fontWeight: 700, minWidth: "2ch", textAlign: "center" });
globalStyle(`${action} > *`, { flex: "1 1 auto" });
