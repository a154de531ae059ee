import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { space } from "~/styles/tokens";
import { entry as menuEntry } from "~/components/dialog/MenuDialog.css";

export const table = style({ width: "100%", borderCollapse: "collapse", margin: `0 0 ${space[4]}` });
export const cell = style({
  textAlign: "left",
  padding: `${space[2]} ${space[2]} ${space[2]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});
export const fee = style([cell, { textAlign: "right", paddingRight: 0, whiteSpace: "nowrap" }]);
export const facts = style({
  margin: `0 0 ${space[4]}`,
  padding: 0,
  listStyle: "none",
  display: "grid",
  gap: space[2],
});
export const lead = style({ margin: `0 0 ${space[4]}`, textAlign: "left" });
export const list = style({ listStyle: "none", margin: `0 0 ${space[4]}`, padding: 0, display: "grid", gap: space[3] });
/** A menu dialog's entry (a full-height target), marked when it is the current choice. */
export const choice = style([
  menuEntry,
  {
    selectors: {
      '&[aria-current="true"]': {
        fontWeight: 800,
        textDecoration: "none",
        borderLeft: `4px solid ${vars.color.primary}`,
      },
    },
  },
]);
export const section = style({ padding: `${space[2]} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const sectionName = style({ display: "block", fontWeight: 700 });
export const done = style({ fontWeight: 700 });
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: 44,
  color: vars.color.linkOnSurface,
});
