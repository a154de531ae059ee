import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout as sizes, mq, space, tapTarget } from "~/styles/tokens";
import { dangerNotice } from "~/styles/notices.css";

export const page = style({ padding: `${space[2]} 0 ${space[10]}` });
export const title = style({ margin: `${space[2]} 0 ${space[4]}` });
export const empty = style({ fontSize: fontSize.md, fontWeight: 700, margin: `${space[4]} 0` });
export const search = style({ maxWidth: sizes.storeSearchMaxWidth, margin: `${space[4]} 0` });

export const notice = style([dangerNotice, { marginBottom: space[4] }]);
export const noticeDetail = style({ fontWeight: 400, marginTop: space[1] });

/* Phones: one column, the summary after the items; desktop: the summary beside them (UX.md: more columns, same flow). */
export const layout = style({
  display: "grid",
  gap: space[4],
  "@media": { [mq.md]: { gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)", alignItems: "start" } },
});
export const main = style({ minWidth: 0 });
export const side = style({ minWidth: 0 });

export const facts = style({ display: "grid", gap: space[2], margin: 0 });
export const fact = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: `0 ${space[2]}`,
  minHeight: tapTarget,
});
globalStyle(`${fact} dt`, { fontWeight: 700 });
globalStyle(`${fact} dd`, { margin: 0, display: "flex", flexWrap: "wrap", alignItems: "center", gap: `0 ${space[2]}` });
export const factLink = style({
  color: vars.color.linkOnSurface,
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
});

export const clear = style({ marginTop: space[2], textAlign: "right" });
