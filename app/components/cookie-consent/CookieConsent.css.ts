import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, mq, space, tapTarget } from "~/styles/tokens";

/** The banner sits above the header, in the page's flow (GOV.UK's cookie banner): it covers nothing. */
export const banner = style({
  padding: `${space[4]} ${space[4]} ${space[2]}`,
  background: vars.color.surface,
  color: vars.color.onSurface,
  borderBottom: `4px solid ${vars.color.primary}`,
});
export const bannerInner = style({ maxWidth: "60rem", margin: "0 auto" });
export const bannerTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.lg });
export const bannerText = style({ margin: `0 0 ${space[4]}`, maxWidth: "45rem" });
export const actions = style({
  display: "flex",
  flexDirection: "column",
  gap: space[3],
  marginBottom: space[2],
  "@media": { [mq.sm]: { flexDirection: "row", flexWrap: "wrap", alignItems: "center" } },
});
export const actionForm = style({ display: "contents" });
export const settingsLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  color: vars.color.linkOnSurface,
  textDecoration: "underline",
});

export const radios = style({ display: "flex", flexWrap: "wrap", gap: `${space[2]} ${space[6]}` });
export const radio = style({
  display: "inline-flex",
  alignItems: "center",
  gap: space[2],
  minHeight: tapTarget,
  cursor: "pointer",
});
export const radioInput = style({ width: "1.5rem", height: "1.5rem", margin: 0, accentColor: vars.color.primary });
export const kind = style({ marginBottom: space[6] });
export const kindHint = style({ margin: `0 0 ${space[3]}` });
