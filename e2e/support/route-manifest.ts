// The storefront's routes as the build compiled them from app/routes.ts: build/client/assets/manifest-*.js holds each
// route's id, parent, path and whether it has an action, a loader and a page (a default export). Specs that must cover
// every form post or every page type read them here, so a route added later is covered without being listed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
}

export function manifestRoutes(): Record<string, ManifestRoute> {
  const assets = path.resolve("build/client/assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no route manifest in build/client/assets: run `npm run build`");
  const source = readFileSync(path.join(assets, file), "utf8");
  const all = (
    JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as { routes: Record<string, ManifestRoute> }
  ).routes;
  // The root plus every route app/routes.ts declares: a build made before the routes changed is refused.
  const declared = (entries: readonly { children?: unknown[] }[]): number =>
    entries.reduce((n, entry) => n + 1 + declared((entry.children ?? []) as { children?: unknown[] }[]), 0);
  if (Object.keys(all).length !== declared(routes) + 1)
    throw new Error("the build's route manifest is not app/routes.ts's: run `npm run build`");
  return all;
}

/** The route's whole path pattern, its parents' paths included ("/stores/:storeSlug/time-slots"). */
export function fullPath(all: Record<string, ManifestRoute>, id: string): string {
  const route = all[id];
  if (!route) return "";
  const parent = fullPath(all, route.parentId ?? "");
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
}

/** Path parameters filled with the demo brand's values where one is needed to reach the page, else a made-up one. */
const PARAMS: Record<string, string> = {
  storeSlug: "victoria-street-1",
  categorySlug: "dairy-and-eggs-2",
  slug: "victoria-street-1",
  basketLineId: "no-such-line",
  token: "a-reset-token",
  statusToken: "no-such-order",
  addressId: "1",
  cardId: "1",
  orderId: "1",
  code: "MEMBER5",
  provider: "google",
};

export function fill(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "x").replace(/\*$/, "x");
}

/** Routes that answer a post (they have an action), by path pattern. */
export function postedPaths(): string[] {
  const all = manifestRoutes();
  return Object.values(all)
    .filter((route) => route.hasAction)
    .map((route) => fullPath(all, route.id));
}

/** Every page type: the leaf routes with a page of their own, by path pattern. */
export function pagePaths(): string[] {
  const all = manifestRoutes();
  const parents = new Set(Object.values(all).map((route) => route.parentId));
  return Object.values(all)
    .filter((route) => route.hasDefaultExport && !parents.has(route.id))
    .map((route) => fullPath(all, route.id));
}
