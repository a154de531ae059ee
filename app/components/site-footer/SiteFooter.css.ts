import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout, mq, radii, space, tapTarget } from "~/styles/tokens";

export const footer = style({
  marginTop: space[12],
  backgroundColor: vars.footer.bg,
  color: vars.footer.fg,
});

export const hideOnMobile = style({ display: "none", "@media": { [mq.md]: { display: "block" } } });

export const bannerImage = style({ display: "block", width: "100%", height: "auto" });

export const inner = style({
  maxWidth: layout.contentMaxWidth,
  marginInline: "auto",
  padding: `${space[8]} ${space[4]}`,
  "@media": { [mq.md]: { padding: `${space[12]} ${space[6]}` } },
});

/* One column on phones, two on small tablets, up to four on desktop. */
export const blocks = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: space[8],
  "@media": {
    [mq.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [mq.md]: { gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))" },
  },
});

export const block = style({});
export const blockTitle = style({ marginBottom: space[3], fontSize: fontSize.md });
export const smallTitle = style({ marginBottom: space[2], fontSize: fontSize.base });

export const linkList = style({ margin: 0, padding: 0, listStyle: "none" });

export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  color: vars.footer.link,
  textDecoration: "underline",
  textDecorationThickness: "1px",
  selectors: { "&:hover": { textDecorationThickness: "3px" }, "&:visited": { color: vars.footer.link } },
});

export const address = style({ marginTop: space[3], fontStyle: "normal" });
export const line = style({ display: "block" });

export const extras = style({
  display: "flex",
  flexDirection: "column",
  gap: space[6],
  marginTop: space[8],
  paddingTop: space[6],
  borderTop: `1px solid ${vars.footer.fg}`,
  "@media": {
    [mq.md]: { flexDirection: "row", flexWrap: "wrap", justifyContent: "space-between", alignItems: "flex-end" },
  },
});

export const inlineList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `0 ${space[4]}`,
  border: `2px solid ${vars.footer.fg}`,
  borderRadius: radii.pill,
  color: vars.footer.link,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" }, "&:visited": { color: vars.footer.link } },
});

/** Payment methods are not links: drawn as outlined labels. */
export const badge = style({
  padding: `${space[1]} ${space[3]}`,
  border: `1px solid ${vars.footer.fg}`,
  borderRadius: radii.sm,
  fontSize: fontSize.sm,
  fontWeight: 700,
});

export const bottom = style({
  display: "flex",
  flexDirection: "column",
  gap: space[4],
  marginTop: space[8],
  "@media": { [mq.md]: { flexDirection: "row", alignItems: "center", justifyContent: "space-between" } },
});

export const logo = style({ height: "40px", width: "auto" });
export const copyright = style({ fontSize: fontSize.sm });

globalStyle(`${footer} :focus-visible`, { outlineColor: vars.footer.fg });
