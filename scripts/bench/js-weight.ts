// The JavaScript a browser loads for one URL of a React Router build: the client entry, the route manifest file
// where the page loads it, and the module of every route the URL matches, with everything they import, each counted
// once. With React Router's default lazy route discovery the page carries its own routes inline and fetches the
// others' as data when links need them, so it never loads the manifest file (checked in a browser: no request for it);
// with `routeDiscovery: { mode: "initial" }` it loads the whole file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface BrowserManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

export interface JsWeight {
  /** Route ids the URL matched, root first. */
  routeIds: string[];
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function readBrowserManifest(clientDir: string): BrowserManifest {
  const assetsDir = join(clientDir, "assets");
  const file = readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assetsDir}; was the app built?`);
  const sandbox: { window: { __reactRouterManifest?: BrowserManifest } } = { window: {} };
  runInNewContext(readFileSync(join(assetsDir, file), "utf8"), sandbox);
  const manifest = sandbox.window.__reactRouterManifest;
  if (!manifest?.entry || !manifest.routes) throw new Error(`${file} does not hold a React Router manifest`);
  return manifest;
}

function routeTree(manifest: BrowserManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route): RouteObject => {
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...base, index: true } : { ...base, children: routeTree(manifest, route.id) };
    });
}

/** Route ids a path renders: the matched chain, or only the root (its error boundary) when nothing matches. */
export function matchedRouteIds(manifest: BrowserManifest, pathname: string): string[] {
  const matches = matchRoutes(routeTree(manifest), pathname);
  const ids = matches?.map((match) => match.route.id).filter((id): id is string => Boolean(id));
  return ids && ids.length > 0 ? ids : ["root"];
}

export function modulesForPath(
  manifest: BrowserManifest,
  pathname: string,
  options: { manifestLoaded?: boolean } = {},
): { routeIds: string[]; files: string[] } {
  const routeIds = matchedRouteIds(manifest, pathname);
  const files = new Set<string>([
    ...(options.manifestLoaded === false ? [] : [manifest.url]),
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
  ]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    const modules = [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
    ];
    for (const module of [...modules, ...(route.imports ?? [])]) if (module) files.add(module);
  }
  return { routeIds, files: [...files] };
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();

function compressedSizes(path: string): { raw: number; gzip: number; brotli: number } {
  const cached = sizeCache.get(path);
  if (cached) return cached;
  const content = readFileSync(path);
  const sizes = {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizeCache.set(path, sizes);
  return sizes;
}

/**
 * Whether a page's HTML makes the browser load the route manifest file: a preload, a script or an import of it. (The
 * routes the page carries inline name the file too, as their `url`, without loading it.)
 */
export function pageLoadsManifest(html: string, manifest: BrowserManifest): boolean {
  const file = manifest.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:href|src)="${file}"|import\\s*\\(?\\s*["']${file}["']`).test(html);
}

export function jsWeight(
  clientDir: string,
  pathname: string,
  manifest = readBrowserManifest(clientDir),
  options: { manifestLoaded?: boolean } = {},
): JsWeight {
  const { routeIds, files } = modulesForPath(manifest, pathname, options);
  const weight: JsWeight = { routeIds, files, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of files) {
    const sizes = compressedSizes(join(clientDir, file.replace(/^\//, "")));
    weight.rawBytes += sizes.raw;
    weight.gzipBytes += sizes.gzip;
    weight.brotliBytes += sizes.brotli;
  }
  return weight;
}
