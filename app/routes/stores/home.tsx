import { Form, href, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import * as forms from "~/styles/forms.css";
import type { Route } from "./+types/home";
import { api } from "#contract";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import { storeStateMessage } from "~/models/store-list";
import { shopperContext, appContext } from "~/services/context";
import { LOCATION_REQUIRED_USER_MESSAGE as LOCATION_REQUIRED_MESSAGE } from "~/models/address";
import { loadStorePage } from "./store-page.server";
import { loadBanners } from "./banners.server";
import { BannerList } from "~/components/banners/BannerList";
import { useBannerImpressions } from "~/components/banners/use-banner-impressions";
import { CategoryStrip } from "~/components/category-strip/CategoryStrip";
import { Picture } from "~/components/picture/Picture";
import { formatPence } from "~/models/money";
import * as styles from "~/styles/pages.css";
import { fulfilmentPath, storePath, timeSlotsPath } from "~/models/store-paths";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  // Shared with the layout's loader: one lookup per request.
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const log = context.get(appContext).log;
  const [{ categories }, banners, deals] = await Promise.all([
    shopper.shared.cached(api.listCategories, { storeId: details.id, fulfilmentMethod: method }),
    loadBanners(shopper, log, { storeId: details.id, fulfilmentMethod: method }),
    // The deals strip is an extra: a failure leaves it out rather than failing the store page.
    shopper.shared.cached(api.listDeals, { storeId: details.id, fulfilmentMethod: method }).catch((error: unknown) => {
      log.warn("deals.list_failed", {
        storeId: details.id,
        error: error instanceof Error ? error.message : String(error),
      });
      return { deals: [] };
    }),
  ]);
  return { categories, method, banners, deals: deals.deals };
}

const STATUS_TEXT = { open: "Open now", preorder: "Pre-order only", closed: "Closed" } as const;

export default function StoreHome({ loaderData, matches }: Route.ComponentProps) {
  const layout = matches[1]?.data as {
    store: import("#contract").StoreDetails;
    locationMissing: boolean;
  };
  const { store, locationMissing } = layout;
  const { categories, method, banners, deals } = loaderData;
  const notice = storeStateMessage(store);
  const track = useBannerImpressions(useLocation().key);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{store.storeName}</h1>
      {/* The categories one tap away on the first screen, above the offers (decision 0038). */}
      <CategoryStrip storeSlug={store.slug} categories={categories} />
      <BannerList banners={banners.banners} storeSlug={store.slug} label="Offers" priorityFirst track={track} />
      <p className={styles.address}>
        {[store.address.addressLine1, store.address.addressLine2, store.address.town, store.address.postcode]
          .filter(Boolean)
          .join(", ")}
        {store.phone ? (
          <>
            {" · "}
            <a href={`tel:${store.phone.replace(/\s+/g, "")}`}>{store.phone}</a>
          </>
        ) : null}
      </p>
      {notice ? (
        <p className={styles.notice} role="note">
          {notice}
          {store.ordersPaused && store.pausedMessage ? ` ${store.pausedMessage}` : ""}
          {!store.ordersPaused && store.storeClosedMessage ? ` ${store.storeClosedMessage}` : ""}
        </p>
      ) : null}
      {locationMissing ? (
        <section className={styles.locationPrompt} aria-labelledby="location-prompt">
          <h2 id="location-prompt" className={styles.sectionTitle}>
            {LOCATION_REQUIRED_MESSAGE}
          </h2>
          <ShopSearch />
        </section>
      ) : null}
      <dl className={styles.methods}>
        {(["delivery", "collection"] as const).map((m) => {
          const state = store.orderMethods[m];
          return (
            <div key={m} className={styles.method}>
              <dt>{m === "delivery" ? "Delivery" : "Collection"}</dt>
              <dd>
                {state.enabledForMethod ? STATUS_TEXT[state.status] : "Not offered"}
                {state.enabledForMethod && state.openingHoursToday.length
                  ? ` · today ${state.openingHoursToday.map((h) => `${h.open}–${h.close === "24:00" ? "midnight" : h.close}`).join(", ")}`
                  : ""}
                {state.holidayMessage ? ` · ${state.holidayMessage}` : ""}
              </dd>
              {state.enabledForMethod && m !== method ? (
                <dd>
                  <Form method="post" action={fulfilmentPath(store.slug)}>
                    <AuthenticityTokenInput />
                    <input type="hidden" name="method" value={m} />
                    <input type="hidden" name="redirectTo" value={storePath(store.slug)} />
                    <button type="submit" className={forms.button.secondary}>
                      Switch to {m}
                    </button>
                  </Form>
                </dd>
              ) : m === method && state.enabledForMethod ? (
                <dd>
                  <strong>Selected</strong> ·{" "}
                  {store.basketOnlyTimeSelection ? (
                    <Link to={href("/basket")}>Choose a {m} time in your basket</Link>
                  ) : (
                    <Link to={timeSlotsPath(store.slug)}>Choose a {m} time</Link>
                  )}
                </dd>
              ) : null}
            </div>
          );
        })}
      </dl>
      {deals.length ? (
        <section aria-labelledby="deals-title">
          <h2 id="deals-title" className={styles.sectionTitle}>
            Deals
          </h2>
          <ul className={styles.dealStrip}>
            {deals.map((deal) => (
              <li key={deal.id}>
                <Link to={`deal/${deal.slug}`} className={styles.dealCard}>
                  {deal.image ? (
                    <Picture src={deal.image} alt="" width={260} height={130} className={styles.dealImage} />
                  ) : null}
                  <span className={styles.dealName}>{deal.name}</span>
                  <span>{formatPence(deal.price)}</span>
                  {deal.description ? <span>{deal.description}</span> : null}
                  {!deal.available ? <span>Not available for {method}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className={styles.sectionTitle}>
          Shop by category
        </h2>
        {categories.length ? (
          <ul className={styles.categoryGrid}>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`category/${c.slug}`} className={styles.categoryCard}>
                  {c.image ? (
                    <Picture
                      src={c.image}
                      alt=""
                      width={80}
                      height={80}
                      sizes="80px"
                      className={styles.categoryImage}
                    />
                  ) : null}
                  <span className={styles.categoryName}>{c.name}</span>
                  <span className={styles.categoryCount}>{c.itemCount} items</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>This store has no menu to show yet.</p>
        )}
      </section>
      {banners.secondaryBanners.length ? (
        <>
          <h2 className={styles.sectionTitle}>More offers</h2>
          <BannerList
            banners={banners.secondaryBanners}
            storeSlug={store.slug}
            label="More offers"
            headingLevel={3}
            track={track}
          />
        </>
      ) : null}
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string; town: string } } | undefined)?.store;
  return store ? [{ title: `${store.storeName}, ${store.town}` }] : [];
}
