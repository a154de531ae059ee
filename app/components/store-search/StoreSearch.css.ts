import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, layout, radii, shadow, space, tapTarget, zIndex } from "~/styles/tokens";

/* Spec 1 §2: the store search sits in a container at most 420px wide; the page decides where it goes. */
export const root = style({ width: "100%", maxWidth: layout.storeSearchMaxWidth });

export const group = style({ marginBottom: space[4] });

/* Field and submit button side by side even at 320px: the postcode needs only 8 characters. */
export const row = style({ display: "flex", alignItems: "stretch", gap: space[2] });

export const field = style({ flex: "1 1 auto", minWidth: 0 });

export const postcodeInput = style({
  // The value is upper-cased when it is read; showing it so while typing avoids a surprise.
  textTransform: "uppercase",
  selectors: { "&::placeholder": { textTransform: "none" } },
});

export const submit = style({ flex: "0 0 auto" });
// Spec 1 §2: the search button's own colours (red with white text by default), over the primary button's.
globalStyle(`button${submit}`, {
  backgroundColor: vars.searchButton.bg,
  color: vars.searchButton.fg,
  borderColor: vars.searchButton.bg,
});

export const locate = style({ width: "100%", marginTop: space[3] });

export const locateIcon = style({ flexShrink: 0 });

export const locateError = style({ marginTop: space[2], marginBottom: 0 });

/* Address combobox: the listbox hangs under the field and over whatever follows. */
export const combobox = style({ position: "relative", flex: "1 1 auto", minWidth: 0 });

export const listbox = style({
  position: "absolute",
  top: "100%",
  left: 0,
  right: 0,
  zIndex: zIndex.dropdown,
  maxHeight: "310px",
  overflowY: "auto",
  margin: 0,
  padding: 0,
  listStyle: "none",
  backgroundColor: vars.color.surface,
  color: vars.color.onSurface,
  border: `2px solid ${vars.color.border}`,
  borderTop: 0,
  boxShadow: shadow.raised,
});

export const option = style({
  display: "flex",
  alignItems: "center",
  minHeight: tapTarget,
  padding: `${space[2]} ${space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  selectors: {
    "&:last-child": { borderBottom: 0 },
    "&:hover": { textDecoration: "underline" },
    // The active option is shown by colour and by a bar, never by colour alone.
    "&[aria-selected='true']": {
      backgroundColor: vars.color.highlight,
      color: vars.color.onHighlight,
      boxShadow: `inset 4px 0 0 ${vars.color.focus}`,
    },
  },
});

export const subheading = style({ marginBottom: space[2], fontSize: fontSize.md });

export const plainList = style({ margin: 0, padding: 0, listStyle: "none" });

export const results = style({ marginBottom: space[4] });

export const resultItem = style({ marginBottom: space[2] });

export const resultButton = style({
  display: "flex",
  alignItems: "center",
  width: "100%",
  minHeight: tapTarget,
  padding: `${space[2]} ${space[3]}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: radii.md,
  backgroundColor: vars.color.surface,
  color: vars.color.linkOnSurface,
  textAlign: "left",
  selectors: { "&:hover": { textDecoration: "underline", textDecorationThickness: "2px" } },
});

export const recent = style({ marginTop: space[2] });

export const recentTitle = style({ marginBottom: space[2], fontSize: fontSize.sm, fontWeight: 700 });

export const recentList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const recentButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: tapTarget,
  maxWidth: "100%",
  padding: `${space[1]} ${space[4]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radii.pill,
  backgroundColor: vars.color.surface,
  color: vars.color.linkOnSurface,
  fontSize: fontSize.sm,
  textAlign: "left",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

/* Inline forms (one per recent search or result) must not add their own spacing. */
export const inlineForm = style({ margin: 0 });
