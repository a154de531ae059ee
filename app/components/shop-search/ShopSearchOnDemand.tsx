import { lazy, Suspense, type ComponentProps } from "react";
import { ShopSearch as ShopSearchOnServer } from "./ShopSearch";

const ShopSearchInBrowser = lazy(() => import("./ShopSearch").then((module) => ({ default: module.ShopSearch })));

/**
 * The store search for pages that show it only now and then (the error page, an empty basket, the slot page before a
 * location is known): the browser fetches its script when it is shown, so the visits that never show it do not carry
 * it. The server renders it in place (a lazy part can reach the HTML only through React's streaming script, which a
 * browser without script never runs), so the page works without script and its styles come with the page; with
 * script the server's HTML stands until the part arrives and hydrates.
 */
export function ShopSearchOnDemand(props: ComponentProps<typeof ShopSearchOnServer>) {
  const ShopSearch = import.meta.env.SSR ? ShopSearchOnServer : ShopSearchInBrowser;
  return (
    <Suspense fallback={null}>
      <ShopSearch {...props} />
    </Suspense>
  );
}
