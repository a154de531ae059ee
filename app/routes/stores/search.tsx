import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { redirect, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/search";
import type { StoreDetails } from "#contract";
import { ItemSearchForm } from "~/components/search-results/ItemSearchForm";
import { RecommendedItems, SearchResults } from "~/components/search-results/SearchResults";
import { useSlow } from "~/components/search-results/use-slow";
import {
  normaliseSearchTerm,
  parseItemsPage,
  resultSummary,
  SEARCH_DEBOUNCE_MS,
  SEARCH_FAILED_MESSAGE,
  SEARCH_TOO_SHORT_HINT,
  searchHref,
  searchTermState,
} from "~/models/item-search";
import { getWhiteLabelSettings } from "~/services/business.server";
import { appContext, shopperContext } from "~/services/context";
import { recommendedItemsFor, searchItems } from "./search.server";
import { loadStorePage } from "./store-page.server";
import * as f from "~/styles/forms.css";
import * as styles from "./search.css";
import { storePath } from "~/models/store-paths";
import { SEARCH_REFERER } from "~/models/back-link";
import { BackLink } from "~/components/back-link/BackLink";
import { rememberBackLink } from "~/shopper/route-guards.server";

/** The name this route logs under (spec 1 §8: the recommended items failure carries it). */
const ROUTE_NAME = "store-search";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { log } = context.get(appContext);
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const fulfilmentMethod = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const url = new URL(request.url);
  const searchTerm = normaliseSearchTerm(url.searchParams.get("searchTerm"));
  const itemsPage = parseItemsPage(url.searchParams.get("itemsPage"));
  const settings = await getWhiteLabelSettings(shopper.shared);
  // Spec 1 §2: with both switches on, the store's recommendations come before any results.
  const recommendedOn = settings.showRecommendedItemsBeforeResults && settings.recommendedItemsEnabled;
  const [search, recommended] = await Promise.all([
    searchItems(shopper, log, { storeId: details.id, fulfilmentMethod, searchTerm, itemsPage }),
    recommendedOn && searchTermState(searchTerm) === "empty"
      ? recommendedItemsFor(shopper, log, { storeId: details.id, fulfilmentMethod, routeName: ROUTE_NAME })
      : Promise.resolve(null),
  ]);
  if (search.status === "results") {
    // A page past the end (fewer results since the link was made) shows the last page instead of an empty one.
    const { totalPages } = search.results.menuItems.pagination;
    if (totalPages > 0 && itemsPage > totalPages) throw redirect(searchHref(details.slug, searchTerm, totalPages));
  }
  const backHref = rememberBackLink(shopper.session, request, SEARCH_REFERER, storePath(details.slug));
  return { storeSlug: details.slug, searchTerm, search, recommended, recommendedOn, backHref };
}

type SearchData = Awaited<ReturnType<typeof loader>>;

export default function StoreSearch({ loaderData }: Route.ComponentProps) {
  const { storeSlug, recommendedOn } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof loader>();
  const statusId = useId();
  const timer = useRef<number | undefined>(undefined);
  const [typed, setTyped] = useState(loaderData.searchTerm);
  // Whether the results on show are the ones fetched while typing (true) or the ones the page was loaded with.
  const [live, setLive] = useState(false);

  // A navigation (the form submitted, a page link, back or forward) shows what the page loaded, in the field too.
  const [shownKey, setShownKey] = useState(location.key);
  if (shownKey !== location.key) {
    setShownKey(location.key);
    setTyped(loaderData.searchTerm);
    setLive(false);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function searchFor(value: string) {
    const term = normaliseSearchTerm(value);
    const href = searchHref(storeSlug, term);
    // The address follows the field so it can be shared or reloaded; replaced, so Back leaves the search.
    window.history.replaceState(window.history.state, "", href);
    const state = searchTermState(term);
    if (state === "too-short" || (state === "empty" && !recommendedOn)) return;
    setLive(true);
    // A newer load cancels the one still running (its promise then rejects with an AbortError, ignored by the
    // client entry's handler).
    void fetcher.load(href);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.currentTarget.value;
    setTyped(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => searchFor(value), SEARCH_DEBOUNCE_MS);
  }

  const current: SearchData = live && fetcher.data ? fetcher.data : loaderData;
  const typedState = searchTermState(typed);
  const slow = useSlow(fetcher.state === "loading");
  const search = typedState === "ready" ? current.search : null;
  const results = search?.status === "results" ? search.results : null;

  const statusText =
    typedState === "too-short"
      ? SEARCH_TOO_SHORT_HINT
      : results
        ? resultSummary(results.totals, current.searchTerm)
        : "";

  return (
    <div className={styles.page}>
      <BackLink href={loaderData.backHref} />
      <h1 className={styles.title}>Search</h1>
      <ItemSearchForm
        storeSlug={storeSlug}
        value={typed}
        onChange={onChange}
        onSubmit={() => window.clearTimeout(timer.current)}
        describedBy={typedState === "too-short" ? statusId : undefined}
      />
      <p id={statusId} role="status" aria-live="polite" className={styles.status}>
        {statusText}
      </p>
      {slow ? <p className={styles.pending}>Searching…</p> : null}
      <div className={styles.results} aria-busy={slow || undefined}>
        {search?.status === "error" ? (
          <p role="alert" className={styles.error}>
            {search.message}
          </p>
        ) : null}
        {results ? <SearchResults storeSlug={storeSlug} searchTerm={current.searchTerm} results={results} /> : null}
        {typedState === "empty" && current.recommended ? (
          <RecommendedItems items={current.recommended} storeSlug={storeSlug} />
        ) : null}
      </div>
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: StoreDetails } | undefined)?.store;
  const term = loaderData?.searchTerm;
  const title = [term ? `“${term}”` : null, "Search", store?.storeName].filter(Boolean).join(" | ");
  return [{ title }];
}

/**
 * What a search that could not finish looks like (the network dropped while typing, an unexpected failure): the
 * store's page stays, with the spec's message and a way to try again.
 */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Search</h1>
      <p role="alert" className={styles.error}>
        {SEARCH_FAILED_MESSAGE}
      </p>
      <a href={`${location.pathname}${location.search}`} className={f.button.secondary}>
        Try again
      </a>
    </div>
  );
}
