import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout, mq, radii, space } from "~/styles/tokens";

/* The auth layout (spec 1 §2): one narrow column on phones; on desktop the form in a card beside the brand's image. */
export const shell = style({
  display: "grid",
  gap: space[6],
  padding: `${space[4]} 0 ${space[10]}`,
  "@media": { [mq.md]: { gridTemplateColumns: "minmax(0, 30rem)", alignItems: "start", justifyContent: "center" } },
});
export const shellWithImage = style({
  "@media": { [mq.md]: { gridTemplateColumns: "minmax(0, 30rem) minmax(0, 1fr)" } },
});

export const card = style({
  minWidth: 0,
  maxWidth: layout.readingMaxWidth,
  "@media": {
    [mq.md]: {
      background: vars.color.surface,
      color: vars.color.onSurface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: radii.md,
      padding: space[6],
    },
  },
});

export const title = style({ margin: `0 0 ${space[2]}` });
export const lead = style({ margin: `0 0 ${space[6]}`, fontSize: fontSize.md });
export const image = style({
  display: "none",
  width: "100%",
  height: "auto",
  borderRadius: radii.md,
  "@media": { [mq.md]: { display: "block" } },
});

export const alternatives = style({
  margin: `${space[6]} 0 0`,
  paddingTop: space[4],
  borderTop: `1px solid ${vars.color.border}`,
});
export const linkList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: space[2] });
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.link,
  fontWeight: 700,
});

export const checkboxRow = style({ display: "flex", alignItems: "center", gap: space[2], minHeight: "44px" });
export const checkbox = style({ width: "1.5rem", height: "1.5rem", margin: 0, flex: "none" });

/** The logout form's button dressed as the link beside it (sidebar, desktop bar). */
export const logoutForm = style({ margin: 0, display: "contents" });
export const logoutButton = style({
  fontFamily: "inherit",
  fontSize: "inherit",
  lineHeight: "inherit",
  background: "none",
  border: 0,
  width: "100%",
  textAlign: "start",
  cursor: "pointer",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const details = style({ margin: `0 0 ${space[6]}`, padding: 0 });
export const detailsTerm = style({ fontWeight: 700 });
export const detailsValue = style({ margin: `0 0 ${space[3]}`, overflowWrap: "anywhere" });
