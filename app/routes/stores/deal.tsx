import { data, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/deal";
import { api, idFromSlug, type Basket, type StoreDetails } from "#contract";
import { Picture } from "~/components/picture/Picture";
import { ProductCard } from "~/components/product-card/ProductCard";
import { productGrid } from "~/components/product-card/ProductCard.css";
import { formatPence } from "~/models/money";
import { OFFER_INCOMPLETE_MESSAGE } from "~/models/basket";
import { ROUTE_IDS, type StoreLayoutData } from "~/models/route-data";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as styles from "~/styles/pages.css";
import { dealPath } from "~/models/store-paths";

/** Spec 2 §8: the basket's note for a deal begun but not completed. */

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const dealId = idFromSlug(params.dealSlug);
  if (dealId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  try {
    const { deal } = await shopper.shared.cached(api.getDeal, {
      storeId: details.id,
      dealId,
      fulfilmentMethod: method,
    });
    if (deal.slug !== params.dealSlug)
      throw redirect(`${dealPath(details.slug, deal.slug)}${new URL(request.url).search}`, 301);
    return { deal, method };
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400))
      storeNotFound(shopper, request);
    if (error instanceof PlatformError)
      throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

/** What the basket already holds towards the deal: completed deals, a begun one, the lines that count. */
function basketProgress(basket: Basket | null, dealId: number, itemIds: Set<number>) {
  if (!basket) return null;
  const completed = basket.promotions.find((p) => p.id === dealId) ?? null;
  const missed = basket.missedPromotions.find((p) => p.id === dealId) ?? null;
  const lines = basket.items.filter((l) => itemIds.has(l.menuItemId));
  if (!completed && !missed && !lines.length) return null;
  return { completed, missed, lines };
}

export default function DealPage({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  const { deal, method } = loaderData;
  const itemIds = new Set(deal.sections.flatMap((s) => s.items.map((i) => i.id)));
  const progress = basketProgress(layout?.basket ?? null, deal.id, itemIds);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{deal.name}</h1>
      {deal.image ? (
        <Picture
          src={deal.image}
          alt=""
          width={800}
          height={400}
          preset="banner"
          priority
          className={styles.bannerPicture}
        />
      ) : null}
      {deal.description ? <p className={styles.lead}>{deal.description}</p> : null}
      <p className={styles.price}>{formatPence(deal.price)} for the deal</p>
      {!deal.available ? <p className={styles.unavailable}>Not available for {method}</p> : null}
      {progress ? (
        <div className={styles.dealNote} role="note" aria-label="In your basket">
          {progress.completed ? (
            <p className={styles.lead}>
              In your basket {progress.completed.times === 1 ? "once" : `${progress.completed.times} times`}, saving{" "}
              {formatPence(progress.completed.saving)}.
            </p>
          ) : progress.missed ? (
            <p className={styles.lead}>
              {progress.missed.name}: {OFFER_INCOMPLETE_MESSAGE}. Add the rest of the deal to complete it.
            </p>
          ) : null}
          {progress.lines.length ? (
            <p className={styles.lead}>
              Already in your basket:{" "}
              {progress.lines.map((l) => `${l.quantity} × ${l.name}${l.variant ? ` (${l.variant})` : ""}`).join(", ")}
            </p>
          ) : null}
        </div>
      ) : null}
      {deal.sections.map((section) => (
        <section key={section.id} className={styles.dealSection} aria-labelledby={`deal-section-${section.id}`}>
          <h2 id={`deal-section-${section.id}`} className={styles.sectionTitle}>
            {section.name}: choose {section.quantity}
          </h2>
          <ul className={productGrid}>
            {section.items.map((item) => (
              <li key={item.id}>
                <ProductCard item={item} storeSlug={store.slug} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return loaderData && store ? [{ title: `${loaderData.deal.name} | ${store.storeName}` }] : [];
}
