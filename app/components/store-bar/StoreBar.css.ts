import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { fontSize, mq, space, tapTarget } from "~/styles/tokens";

export const bar = style({
  background: vars.color.surface,
  color: vars.color.onSurface,
  borderBottom: `1px solid ${vars.color.border}`,
  margin: `0 -16px ${space[1]}`,
  padding: "0 16px",
  "@media": { [mq.md]: { marginBottom: space[4], paddingBlock: space[1] } },
});

/*
 * Wide screens show the full bar whatever the disclosure's state: its one-line summary is hidden and its content
 * shown. Only where the browser lets a page style a <details>'s content (::details-content); elsewhere wide screens get
 * the phone's line, which opens the same bar.
 */
const wideFullBar = "selector(::details-content)";

export const disclosure = style({});
globalStyle(`${disclosure}::details-content`, {
  "@supports": { [wideFullBar]: { "@media": { [mq.md]: { contentVisibility: "visible", display: "contents" } } } },
});

/** The phone's one line: store · method · time, and a chevron; the whole line is the control (44px high). */
export const summary = style({
  display: "flex",
  alignItems: "center",
  gap: space[2],
  minHeight: tapTarget,
  cursor: "pointer",
  listStyle: "none",
  fontSize: fontSize.sm,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
  "@supports": { [wideFullBar]: { "@media": { [mq.md]: { display: "none" } } } },
});

export const summaryText = style({
  display: "flex",
  alignItems: "baseline",
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  whiteSpace: "nowrap",
});
const shrinking = { overflow: "hidden", textOverflow: "ellipsis", minWidth: 0 } as const;
/** The store's name gives way first on a narrow screen; the method and the time are what the shopper acts on. */
export const summaryStore = style({ ...shrinking, flex: "0 1 auto", fontWeight: 700 });
export const summaryPart = style({ flex: "0 0 auto", fontWeight: 700 });
/* Kept whole while the store's name can give way; cut only if it alone is wider than the line (a 200 % zoom). */
export const summaryTime = style({
  ...shrinking,
  flex: "0 0 auto",
  maxWidth: "100%",
  fontWeight: 700,
  color: vars.color.linkOnSurface,
});
export const separator = style({ flex: "0 0 auto", paddingInline: space[1] });
export const summaryAction = style({
  display: "inline-flex",
  alignItems: "center",
  flexShrink: 0,
  color: vars.color.linkOnSurface,
});
export const chevron = style({ transition: "transform 150ms" });
globalStyle(`${disclosure}[open] ${chevron}`, { transform: "rotate(180deg)" });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: `0 0 ${space[2]}`,
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 24px",
  "@media": { [mq.md]: { paddingBottom: 0 } },
});

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
});

/** Below 960px the bottom navigation carries the basket, so the bar does not repeat it. */
export const basketItem = style({ display: "none", "@media": { [mq.md]: { display: "flex" } } });

export const label = style({ fontSize: "0.875rem", fontWeight: 400 });

export const value = style({ fontWeight: 700, color: vars.color.onSurface });

export const change = style({
  color: vars.color.linkOnSurface,
  fontSize: "0.875rem",
  minHeight: 44,
  display: "inline-flex",
  alignItems: "center",
  padding: "0 4px",
});

export const inlineForm = style({ display: "inline" });

export const changeButton = style([
  change,
  {
    background: "none",
    border: 0,
    textDecoration: "underline",
    cursor: "pointer",
    font: "inherit",
    fontSize: "0.875rem",
  },
]);

export const basket = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
  padding: "0 4px",
  color: vars.color.linkOnSurface,
  fontWeight: 700,
});
