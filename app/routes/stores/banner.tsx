import { data, redirect } from "react-router";
import type { Route } from "./+types/banner";
import { api, idFromSlug, type StoreDetails } from "#contract";
import { Picture } from "~/components/picture/Picture";
import { ProductCard } from "~/components/product-card/ProductCard";
import { productGrid } from "~/components/product-card/ProductCard.css";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as styles from "~/styles/pages.css";
import { bannerPath } from "~/models/store-paths";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const bannerId = idFromSlug(params.bannerSlug);
  if (bannerId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  try {
    const { banner } = await shopper.shared.cached(api.getBanner, {
      storeId: details.id,
      bannerId,
      fulfilmentMethod: method,
    });
    if (banner.slug !== params.bannerSlug)
      throw redirect(`${bannerPath(details.slug, banner.slug)}${new URL(request.url).search}`, 301);
    return { banner };
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400))
      storeNotFound(shopper, request);
    if (error instanceof PlatformError)
      throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

/** A banner's own page: what it offers, and its items, each added with the banner credited (bannerAdvertId). */
export default function BannerPage({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const { banner } = loaderData;
  const items = banner.action.associatedItems;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{banner.title}</h1>
      {banner.image ? (
        <Picture
          src={banner.image}
          alt=""
          width={800}
          height={400}
          preset="banner"
          priority
          className={styles.bannerPicture}
        />
      ) : null}
      {banner.body ? <p className={styles.lead}>{banner.body}</p> : null}
      {items.length ? (
        <section aria-labelledby="banner-items">
          <h2 id="banner-items" className={styles.sectionTitle}>
            In this offer
          </h2>
          <ul className={productGrid}>
            {items.map((item) => (
              <li key={item.id}>
                <ProductCard item={item} storeSlug={store.slug} bannerAdvertId={banner.id} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return loaderData && store ? [{ title: `${loaderData.banner.title} | ${store.storeName}` }] : [];
}
