import { describe, expect, it } from "vitest";
import {
  lowerScriptPreloads,
  matchedStylesheets,
  prioritiseDocument,
  stylesheetPreloadHeader,
} from "./document-head.server";

describe("what a page asks for first (decision 0047)", () => {
  it("marks every script preload low priority, once", () => {
    const head =
      '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="stylesheet" href="/assets/s.css"/>';
    const lowered = lowerScriptPreloads(head);
    expect(lowered).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>' +
        '<link rel="stylesheet" href="/assets/s.css"/>',
    );
    expect(lowerScriptPreloads(lowered)).toBe(lowered);
  });

  it("changes only the head of a document", () => {
    const body = '<body><p>&lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/x.js"/></body>';
    const document = Buffer.from(
      `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/></head>${body}</html>`,
    );
    const out = prioritiseDocument(document).toString();
    expect(out).toContain('<head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/></head>');
    expect(out).toContain(body);
    const fragment = Buffer.from("<p>no head</p>");
    expect(prioritiseDocument(fragment)).toBe(fragment);
  });

  it("preloads the routes' stylesheets from the response's headers, each once, without React Router's #", () => {
    expect(stylesheetPreloadHeader(["/assets/styles-1.css#", "/assets/styles-1.css", "/assets/print-2.css"])).toBe(
      "</assets/styles-1.css>; rel=preload; as=style, </assets/print-2.css>; rel=preload; as=style",
    );
    expect(stylesheetPreloadHeader([])).toBeNull();
    // Nothing that could break the header out of its syntax.
    expect(stylesheetPreloadHeader(["/assets/a>.css", "https://elsewhere.example/x.css", "/a, </b.css>"])).toBeNull();
  });

  it("reads the matched routes' stylesheets from the manifest", () => {
    const context = {
      manifest: { routes: { root: { css: ["/assets/styles-1.css#"] }, "routes/home": {} } },
      staticHandlerContext: {
        matches: [{ route: { id: "root" } }, { route: { id: "routes/home" } }, { route: { id: "gone" } }],
      },
    } as unknown as Parameters<typeof matchedStylesheets>[0];
    expect(matchedStylesheets(context)).toEqual(["/assets/styles-1.css#"]);
  });
});
