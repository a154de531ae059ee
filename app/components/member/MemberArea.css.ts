import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, mq, radii, space } from "~/styles/tokens";

/* The member area (spec 2 §2): its pages beside a list of its parts on desktop, under it on phones. */
export const shell = style({
  display: "grid",
  gap: space[6],
  padding: `${space[4]} 0 ${space[10]}`,
  "@media": { [mq.md]: { gridTemplateColumns: "14rem minmax(0, 1fr)", alignItems: "start" } },
});

export const nav = style({ minWidth: 0 });
export const navList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  "@media": { [mq.md]: { display: "grid", gap: space[1] } },
});
export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${space[3]}`,
  borderRadius: radii.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.link,
  fontWeight: 700,
  textDecoration: "none",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    '&[aria-current="page"]': {
      background: vars.color.surface,
      color: vars.color.onSurface,
      borderColor: vars.color.onSurface,
    },
  },
  "@media": { [mq.md]: { display: "flex", border: 0 } },
});

export const main = style({ minWidth: 0, maxWidth: "44rem" });
export const title = style({ margin: `0 0 ${space[2]}` });
export const lead = style({ margin: `0 0 ${space[6]}`, fontSize: fontSize.md });

export const section = style({
  marginTop: space[8],
  paddingTop: space[6],
  borderTop: `1px solid ${vars.color.border}`,
});
export const sectionTitle = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.lg });

/** The dashboard's ways on: one card per part of the member area. */
export const tiles = style({
  listStyle: "none",
  margin: `0 0 ${space[6]}`,
  padding: 0,
  display: "grid",
  gap: space[3],
  "@media": { [mq.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const tile = style({
  display: "block",
  height: "100%",
  padding: space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.md,
  background: vars.color.surface,
  color: vars.color.onSurface,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.link } },
});
export const tileTitle = style({
  display: "block",
  color: vars.color.link,
  fontWeight: 700,
  fontSize: fontSize.md,
  textDecoration: "underline",
});
export const tileText = style({ display: "block", marginTop: space[1] });

/** The retailer banner: the shopper's store, with ways to visit it and to call it. */
export const banner = style({
  marginTop: space[8],
  padding: space[4],
  borderRadius: radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
});
export const bannerTitle = style({ margin: `0 0 ${space[1]}`, fontSize: fontSize.md });
export const bannerText = style({ margin: `0 0 ${space[3]}` });
export const bannerActions = style({ display: "flex", flexWrap: "wrap", gap: space[3] });
