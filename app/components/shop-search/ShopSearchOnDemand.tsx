import { lazy, Suspense, type ComponentProps } from "react";
import type { ShopSearch as ShopSearchComponent } from "./ShopSearch";

const ShopSearch = lazy(() => import("./ShopSearch").then((module) => ({ default: module.ShopSearch })));

/**
 * The store search for pages that show it only now and then (the error page, an empty basket, the slot page before a
 * location is known): its script is fetched when it is shown, so the visits that never show it do not carry it.
 * The server always sends it whole (entry.server waits for the whole document), so it works without script; with
 * script the server's HTML stands until the part arrives and hydrates.
 */
export function ShopSearchOnDemand(props: ComponentProps<typeof ShopSearchComponent>) {
  return (
    <Suspense fallback={null}>
      <ShopSearch {...props} />
    </Suspense>
  );
}
