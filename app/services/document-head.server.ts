// What a page asks the browser to fetch first (decision 0047): its stylesheet, then its first picture, then the
// scripts that make it interactive. The page is whole without script, so on a slow network the scripts wait.
import type { EntryContext } from "react-router";

const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g;

/**
 * Marks the page's script preloads (React Router's `<Scripts />` writes one `<link rel="modulepreload">` per module the
 * page hydrates with: 24–34 of them, all high priority by default, written before the stylesheet) as low priority, so
 * the stylesheet and the first offer's picture are fetched before them.
 */
export function lowerScriptPreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/** Applies `lowerScriptPreloads` to a whole document's head, leaving the body as it is. */
export function prioritiseDocument(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const html = document.toString("utf8");
  const end = html.indexOf("</head>");
  if (end < 0) return document;
  return Buffer.from(lowerScriptPreloads(html.slice(0, end)) + html.slice(end), "utf8");
}

/**
 * A `Link` response header preloading the stylesheets of the routes a page renders (one file, decision 0033), so the
 * browser asks for the stylesheet as soon as the answer's headers arrive rather than once it has read the head. React
 * Router marks a stylesheet that a lazily loaded part also imports with a trailing `#`; the fetch is the same file.
 */
export function stylesheetPreloadHeader(hrefs: string[]): string | null {
  const files = [
    ...new Set(hrefs.map((href) => href.replace(/#.*$/, "")).filter((href) => /^\/[^\s<>;,]*$/.test(href))),
  ];
  return files.length ? files.map((href) => `<${href}>; rel=preload; as=style`).join(", ") : null;
}

/** The stylesheets of the routes the page matched, from the build's manifest. */
export function matchedStylesheets(context: Pick<EntryContext, "manifest" | "staticHandlerContext">): string[] {
  return context.staticHandlerContext.matches.flatMap((match) => context.manifest.routes[match.route.id]?.css ?? []);
}
