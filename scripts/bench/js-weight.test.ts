import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { jsWeight, matchedRouteIds, readBrowserManifest, type BrowserManifest, pageLoadsManifest } from "./js-weight";
import { percentile } from "./load";

const manifest: BrowserManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/chunk-react-1.js"] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/chunk-react-1.js"] },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-1.js", imports: [] },
    "routes/store": {
      id: "routes/store",
      parentId: "root",
      path: "stores/:storeSlug",
      module: "/assets/store-1.js",
      imports: ["/assets/chunk-react-1.js", "/assets/chunk-money-1.js"],
      clientLoaderModule: "/assets/store-loader-1.js",
    },
    "routes/store-category": {
      id: "routes/store-category",
      parentId: "routes/store",
      path: "category/:categorySlug",
      module: "/assets/category-1.js",
      imports: ["/assets/chunk-money-1.js"],
    },
  },
};

const clientDir = mkdtempSync(join(tmpdir(), "js-weight-"));
mkdirSync(join(clientDir, "assets"));
const contents = new Map<string, string>();
const files = [
  manifest.url,
  manifest.entry.module,
  "/assets/chunk-react-1.js",
  "/assets/root-1.js",
  "/assets/home-1.js",
  "/assets/store-1.js",
  "/assets/store-loader-1.js",
  "/assets/category-1.js",
  "/assets/chunk-money-1.js",
];
for (const [index, file] of files.entries()) {
  const body =
    file === manifest.url
      ? `window.__reactRouterManifest=${JSON.stringify(manifest)};`
      : `export const part${index} = ${JSON.stringify("x".repeat(200 * (index + 1)))};`;
  contents.set(file, body);
  writeFileSync(join(clientDir, file), body);
}
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const gzipped = (file: string) => gzipSync(contents.get(file) ?? "", { level: 9 }).length;

describe("the JavaScript a URL loads", () => {
  it("reads the manifest the build wrote", () => {
    expect(readBrowserManifest(clientDir)).toEqual(manifest);
  });

  it("follows the matched route chain, nested routes included", () => {
    expect(matchedRouteIds(manifest, "/")).toEqual(["root", "routes/home"]);
    expect(matchedRouteIds(manifest, "/stores/larder-soho-12")).toEqual(["root", "routes/store"]);
    expect(matchedRouteIds(manifest, "/stores/larder-soho-12/category/bakery")).toEqual([
      "root",
      "routes/store",
      "routes/store-category",
    ]);
  });

  it("falls back to the root route, whose error boundary renders, when nothing matches", () => {
    expect(matchedRouteIds(manifest, "/no-such-page")).toEqual(["root"]);
  });

  it("counts each file once, with the manifest, the entry and split client modules", () => {
    const weight = jsWeight(clientDir, "/stores/larder-soho-12/category/bakery");
    const expected = [
      manifest.url,
      manifest.entry.module,
      "/assets/chunk-react-1.js",
      "/assets/root-1.js",
      "/assets/store-1.js",
      "/assets/store-loader-1.js",
      "/assets/chunk-money-1.js",
      "/assets/category-1.js",
    ];
    expect([...weight.files].sort()).toEqual([...expected].sort());
    expect(weight.rawBytes).toBe(expected.reduce((sum, file) => sum + Buffer.byteLength(contents.get(file) ?? ""), 0));
    expect(weight.gzipBytes).toBe(expected.reduce((sum, file) => sum + gzipped(file), 0));
    expect(weight.brotliBytes).toBeGreaterThan(0);
    expect(weight.brotliBytes).toBeLessThan(weight.rawBytes);
  });

  it("leaves out the manifest file when the page carries its routes inline (lazy route discovery)", () => {
    const weight = jsWeight(clientDir, "/", manifest, { manifestLoaded: false });
    expect(weight.files).not.toContain(manifest.url);
    expect(weight.files).toContain(manifest.entry.module);
    expect(pageLoadsManifest(`<link rel="modulepreload" href="${manifest.url}"/>`, manifest)).toBe(true);
    expect(pageLoadsManifest(`<script type="module">import "${manifest.url}";</script>`, manifest)).toBe(true);
    expect(pageLoadsManifest(`<script>window.__reactRouterManifest={"url":"${manifest.url}"}</script>`, manifest)).toBe(
      false,
    );
  });

  it("leaves out what other routes load", () => {
    const home = jsWeight(clientDir, "/");
    expect(home.files).not.toContain("/assets/store-1.js");
    expect(home.files).not.toContain("/assets/chunk-money-1.js");
  });
});

describe("percentile", () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);

  it("takes the nearest-rank value", () => {
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
  });

  it("is not a number when nothing was measured", () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});
