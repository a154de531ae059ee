import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, radii, space } from "~/styles/tokens";

/* The loyalty, vouchers and credit pages (spec 2 §2): a balance, a tier bar, a history list, voucher cards. */
export const balance = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.lg, fontWeight: 700 });
export const progressBar = style({ display: "block", width: "100%", height: space[3], marginTop: space[2] });
export const banner = style({
  margin: `${space[6]} 0`,
  padding: space[4],
  borderRadius: radii.md,
  border: `2px solid ${vars.color.border}`,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: space[3],
});
export const bannerText = style({ margin: 0, fontWeight: 700, fontSize: fontSize.md });
export const link = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", color: vars.color.link });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: space[3] });
export const card = style({ padding: space[4], borderRadius: radii.md, border: `1px solid ${vars.color.border}` });
export const cardTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.md });
export const facts = style({
  margin: `0 0 ${space[3]}`,
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${space[1]} ${space[3]}`,
});
export const factTerm = style({ fontWeight: 700 });
export const factValue = style({ margin: 0 });
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: space[3] });
export const inlineForm = style({ margin: 0 });
export const rules = style({ margin: `0 0 ${space[4]}`, paddingLeft: space[5] });
export const terms = style({ whiteSpace: "pre-line" });
export const empty = style({ margin: 0 });
