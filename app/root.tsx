import { parse as parseCookieHeader } from "cookie";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/root";
import type { Media } from "#contract";
import { ErrorPage } from "./components/error-page/ErrorPage";
import { useNonce } from "./components/nonce";
import { Toasts } from "./components/toasts/Toasts";
import { describeError } from "./models/error-page";
import { ROUTE_IDS, type RootData } from "./models/route-data";
import { NO_SESSION_TOKEN } from "./models/shopper";
import { closedBannerId, HEADER_BANNER_COOKIE } from "./models/header-banner";
import { brandCss, searchButtonVariables } from "./models/colour";
import { appContext, shopperContext } from "./services/context";
import { sameSiteReferrer } from "./services/session.server";
import { isMember } from "./services/member-session.server";
import { sessionMiddleware } from "./services/session-middleware.server";
import { pageCacheMiddleware } from "./services/page-cache.server";
import { unavailableHeadersMiddleware } from "./services/unavailable.server";
import { loadSiteChrome } from "./services/content.server";
import { getBusinessProfile, getWhiteLabelSettings } from "./services/business.server";
import { BrandStyle } from "./components/brand-style/BrandStyle";
import { SiteChrome } from "./components/site-chrome/SiteChrome";
import { ShopSearchOnDemand } from "./components/shop-search/ShopSearchOnDemand";
import { BottomNav } from "./components/bottom-nav/BottomNav";
import { basketSummary } from "./shopper/basket.server";
import { readConsent } from "./routes/content/cookies.server";
import { routeRulesMiddleware } from "./shopper/route-guards.server";
import { CookieBannerOnDemand } from "./components/cookie-consent/CookieBannerOnDemand";
import { BuildUpdate } from "./components/build-update/useBuildUpdate";
import { WebVitals } from "./components/web-vitals/WebVitals";
import { FirstVisitWelcome } from "./components/welcome/FirstVisitWelcome";
import { ErrorReporting } from "./components/error-reporting/ErrorReporting";
import { browserErrorReporting } from "./services/error-reporting.server";
import "./styles/global.css";

// Route rules first (decision 0030): a request sent elsewhere needs no session. Then a visitor without a session is
// answered from the page cache (decision 0032). Around them all, the 503 page's Retry-After.
export const middleware: Route.MiddlewareFunction[] = [
  unavailableHeadersMiddleware,
  routeRulesMiddleware,
  pageCacheMiddleware,
  sessionMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const { session, csrfToken, takeFlash } = context.get(shopperContext);
  // Signing in or out in this request's action gives the session a new token: the page must carry that one. A visitor
  // without a session has none: the page's forms carry an empty token (decision 0032).
  const csrf = session.get("csrf") ?? (csrfToken || NO_SESSION_TOKEN);
  const flash = takeFlash();
  // The bottom bar is not shown on the home page, so its basket figures are not read there.
  const onHome = new URL(request.url).pathname === "/";
  const consent = readConsent(request);
  const closedBanner = closedBannerId(parseCookieHeader(request.headers.get("Cookie") ?? "")[HEADER_BANNER_COOKIE]);
  const [site, settings, profile, bottomNavBasket, errorReporting] = await Promise.all([
    loadSiteChrome(services.platform, services.log, services.clock.now()),
    getWhiteLabelSettings(services.platform),
    getBusinessProfile(services.platform),
    onHome ? null : basketSummary(context.get(shopperContext), services.log),
    browserErrorReporting(context, request, consent.performance),
  ]);
  const toast = flash.toast ?? null;
  const location = session.get("location") ?? null;

  const rootData: RootData = {
    csrf,
    toast,
    site: withSearchButton(site, settings),
    backHref: sameSiteReferrer(request),
    settings,
    postcodeRules: profile.postcodeRules,
    consent,
    closedBannerId: closedBanner,
    errorReporting,
    bottomNav: {
      basket: bottomNavBasket,
      searchTabEnabled: settings.searchTabEnabled,
      autoSelectClosestStore: settings.autoSelectClosestStore,
    },
    shopper: {
      signedIn: isMember(context.get(shopperContext)),
      postcode: location?.postcode ?? null,
      address: location?.address ?? null,
      fulfilmentMethod: session.get("fulfilmentMethod") ?? "delivery",
      store: session.get("store") ?? null,
      recentSearches: session.get("recentSearches") ?? [],
      locationError: flash.locationError ?? null,
    },
  };
  return data(rootData);
}

/** The store search button's colours from the white-label settings, when they set any, after the brand's (spec 1 §2). */
function withSearchButton(site: RootData["site"], settings: RootData["settings"]): RootData["site"] {
  if (!settings.storeSearchButtonColor && !settings.storeSearchButtonTextColor) return site;
  const look = { bgColor: settings.storeSearchButtonColor, textColor: settings.storeSearchButtonTextColor };
  return { ...site, brandCss: site.brandCss + brandCss(searchButtonVariables(look)) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>(ROUTE_IDS.root);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={root?.site.global.faviconImage?.url ?? "/favicon.svg"} type="image/svg+xml" />
        <Links />
        {root ? <BrandStyle nonce={nonce} css={root.site.brandCss} /> : null}
      </head>
      <body>
        <FormProviders root={root}>
          <SiteChrome
            site={root?.site ?? null}
            signedIn={root?.shopper.signedIn ?? false}
            closedBannerId={root?.closedBannerId ?? null}
            banner={root && !root.consent.given ? <ConsentBanner companyName={root.site.companyName} /> : null}
          >
            {children}
          </SiteChrome>
          {root ? <BottomNav /> : null}
        </FormProviders>
        <Toasts toast={root?.toast ?? null} />
        <BuildUpdate />
        {/* After the cookie choice: the welcome never stands in front of the banner. */}
        {root?.consent.given ? <FirstVisitWelcome companyName={root.site.companyName} /> : null}
        <WebVitals allowed={root?.consent.performance ?? false} />
        <ErrorReporting config={root?.errorReporting ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The cookie banner on every page but the cookie settings page itself, where the same choice is the page. */
function ConsentBanner({ companyName }: { companyName: string }) {
  const { pathname } = useLocation();
  return pathname === "/cookies" ? null : <CookieBannerOnDemand companyName={companyName} />;
}

/** What every form on the page takes from the root: the anti-forgery token (remix-utils' AuthenticityTokenInput). */
function FormProviders({ root, children }: { root: RootData | undefined; children: React.ReactNode }) {
  if (!root) return children;
  return <AuthenticityTokenProvider token={root.csrf}>{children}</AuthenticityTokenProvider>;
}

export default function App() {
  return <Outlet />;
}

export function meta({ data, error }: Route.MetaArgs) {
  // The error page sets its own title ('Page Not Found', '500 Error').
  if (error) return [];
  return [{ title: data?.site.companyName ?? "" }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>(ROUTE_IDS.root);
  const { status, message } = describeError(error);
  return (
    <ErrorPage
      status={status}
      message={message}
      backHref={root?.backHref ?? "/"}
      image={errorImage(root?.site.global.errorPageImage)}
      search={root ? <ShopSearchOnDemand /> : null}
    />
  );
}

function errorImage(media: Media | undefined) {
  return media ? { url: media.url, alt: media.alternativeText, width: media.width, height: media.height } : null;
}
