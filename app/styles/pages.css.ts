import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { dangerNotice } from "~/styles/notices.css";

/* The page styles the stores', basket's, location's and content's screens share: titles, sections, grids, notices. */

export const page = style({ padding: "8px 0 40px" });
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: "8px 0 8px" });
export const address = style({ margin: "0 0 16px" });
export const sectionTitle = style({ fontSize: "1.25rem", margin: "24px 0 12px" });
export const notice = style([dangerNotice, { fontWeight: 600 }]);
export const locationPrompt = style({ margin: "16px 0" });

export const methods = style({
  display: "grid",
  gap: 8,
  margin: "16px 0",
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});
export const method = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  padding: 12,
});
globalStyle(`${method} dt`, { fontWeight: 700 });
globalStyle(`${method} dd`, { margin: "4px 0 0" });

export const categoryGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: 12,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(46%, 180px), 1fr))",
});
export const categoryCard = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 4,
  padding: 12,
  minHeight: 44,
  textAlign: "center",
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  textDecoration: "none",
});
export const categoryImage = style({ width: 80, height: 80 });
export const categoryName = style({ fontWeight: 700, color: vars.color.linkOnSurface, textDecoration: "underline" });
export const categoryCount = style({ fontSize: "0.875rem" });

/* The category's name and its item count on one line: little height above the first products (decision 0038). */
export const categoryPage = style([page, { paddingTop: 0 }]);
export const titleRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: 12,
  margin: "2px 0 6px",
});
export const categoryTitle = style({ fontSize: "clamp(1.25rem, 5vw, 2rem)", margin: 0 });
export const count = style({ margin: 0, fontSize: "0.875rem" });
export const description = style({ margin: "16px 0 0" });
export const price = style({ fontWeight: 700, margin: 0 });
export const memberPrice = style({ display: "block", fontWeight: 600, fontSize: "0.875rem" });
export const unavailable = style({ margin: 0, fontSize: "0.875rem", color: vars.color.dangerText });
export const ageNote = style({ margin: 0, fontSize: "0.875rem" });
export const pager = style({
  display: "flex",
  gap: 16,
  alignItems: "center",
  justifyContent: "center",
  margin: "24px 0",
});

// Menu item, deal and banner pages (issue 5).
export const breadcrumb = style({ margin: "4px 0 8px" });
export const itemLayout = style({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 960px)": { gridTemplateColumns: "minmax(0, 480px) minmax(0, 1fr)", gap: 32 } },
});
export const itemPicture = style({ width: "100%", height: "auto", aspectRatio: "1 / 1", borderRadius: 8 });
export const itemForm = style({ marginTop: 16 });
export const formActions = style({ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "center", marginTop: 16 });
export const lead = style({ margin: "0 0 12px" });
export const bannerPicture = style({
  width: "100%",
  maxWidth: 800,
  height: "auto",
  aspectRatio: "2 / 1",
  borderRadius: 8,
});
export const dealSection = style({ margin: "24px 0" });
export const dealNote = style({
  padding: 12,
  borderLeft: `6px solid ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  margin: "12px 0",
});
export const dealStrip = style({
  listStyle: "none",
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "min(70%, 260px)",
  gap: 12,
  margin: "0 -16px",
  padding: "4px 16px 12px",
  overflowX: "auto",
});
export const dealCard = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  height: "100%",
  padding: 12,
  background: vars.color.surface,
  color: vars.color.onSurface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  textDecoration: "none",
});
export const dealName = style({ fontWeight: 700, color: vars.color.linkOnSurface, textDecoration: "underline" });
export const dealImage = style({ width: "100%", height: "auto", aspectRatio: "2 / 1" });
