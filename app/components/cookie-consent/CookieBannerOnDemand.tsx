import { lazy, Suspense, type ComponentProps } from "react";
import { CookieBanner as CookieBannerOnServer } from "./CookieBanner";

const CookieBannerInBrowser = lazy(() => import("./CookieBanner").then((module) => ({ default: module.CookieBanner })));

/**
 * The cookie banner as only a shopper who has not chosen yet sees it: the browser fetches its script (the banner, its
 * settings dialog and form) when the banner is shown, so the pages of a shopper who has chosen never carry it. The
 * server renders it in place, so it works without script and its styles come with the page; with script the
 * server's HTML stands until the part arrives and hydrates (as ShopSearchOnDemand does).
 */
export function CookieBannerOnDemand(props: ComponentProps<typeof CookieBannerOnServer>) {
  const CookieBanner = import.meta.env.SSR ? CookieBannerOnServer : CookieBannerInBrowser;
  return (
    <Suspense fallback={null}>
      <CookieBanner {...props} />
    </Suspense>
  );
}
