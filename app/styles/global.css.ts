import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { fontSize, layout, lineHeight, mq, space, zIndex } from "./tokens";

/* A small reset: predictable box sizes and margins, media that never overflows its column. */
globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("body, h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd, ul, ol", { margin: 0 });
globalStyle("img, svg, video", { display: "block", maxWidth: "100%" });
globalStyle("img", { height: "auto" });
globalStyle("input, button, textarea, select", { font: "inherit", color: "inherit" });
globalStyle("button", { cursor: "pointer" });
globalStyle("[hidden]", { display: "none !important" });

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
  scrollPaddingTop: space[16],
});

globalStyle("body", {
  minHeight: "100vh",
  backgroundColor: vars.color.mainBg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: fontSize.base,
  lineHeight: lineHeight.base,
  WebkitFontSmoothing: "antialiased",
  overflowWrap: "break-word",
});

globalStyle("h1, h2, h3, h4", { lineHeight: lineHeight.tight, fontWeight: 700 });
globalStyle("h1", { fontSize: fontSize.xl, "@media": { [mq.md]: { fontSize: fontSize.xxl } } });
globalStyle("h2", { fontSize: fontSize.lg, "@media": { [mq.md]: { fontSize: fontSize.xl } } });
globalStyle("h3", { fontSize: fontSize.md });

globalStyle("a", {
  color: vars.color.link,
  textDecorationThickness: "1px",
  textUnderlineOffset: "0.15em",
});
globalStyle("a:hover", { textDecorationThickness: "3px" });

/*
 * Focus is always visible and never colour alone: a thick ring in the brand's focus colour (held to 3:1 against
 * the page and white cards) plus an inner white ring so it shows on any coloured button.
 */
globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
});
globalStyle(":focus:not(:focus-visible)", { outline: "none" });

globalStyle("::selection", { backgroundColor: vars.color.highlight, color: vars.color.onHighlight });

globalStyle("*, *::before, *::after", {
  "@media": {
    [mq.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
      scrollBehavior: "auto",
    },
  },
});

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});

/** "Skip to main content": invisible until a keyboard user tabs to it. */
export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      "&:focus": {
        position: "fixed",
        top: space[2],
        left: space[2],
        width: "auto",
        height: "auto",
        margin: 0,
        padding: `${space[3]} ${space[4]}`,
        clip: "auto",
        zIndex: zIndex.toast + 1,
        backgroundColor: vars.color.surface,
        color: vars.color.linkOnSurface,
        fontWeight: 700,
      },
    },
  },
]);

/** The page's content column, padded on phones and centred on wide screens. */
export const container = style({
  width: "100%",
  maxWidth: layout.contentMaxWidth,
  marginInline: "auto",
  paddingInline: space[4],
  "@media": { [mq.md]: { paddingInline: space[6] } },
});

/** Long-form text (content pages) kept to a readable line length. */
export const prose = style({ maxWidth: layout.readingMaxWidth });
globalStyle(`${prose} > * + *`, { marginTop: space[4] });
globalStyle(`${prose} h2, ${prose} h3`, { marginTop: space[8] });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: space[6] });
globalStyle(`${prose} li + li`, { marginTop: space[2] });
