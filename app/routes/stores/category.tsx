import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/category";
import { api, type MenuItem, type StoreDetails } from "../../../platform/contract";
import { BannerList } from "~/components/banners/BannerList";
import { useBannerImpressions } from "~/components/banners/use-banner-impressions";
import { ProductCard } from "~/components/product-card/ProductCard";
import { loadBanners } from "./banners.server";
import { getBusinessProfile } from "~/services/business.server";
import { idFromSlug } from "../../../platform/contract";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as styles from "./pages.css";
import { categoryPath, storePath } from "~/models/store-paths";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const categoryId = idFromSlug(params.categorySlug);
  if (categoryId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get("page")) || 1));
  try {
    const services = context.get(appContext);
    const [category, list, banners, profile] = await Promise.all([
      shopper.shared.cached(api.getCategory, { storeId: details.id, categoryId, fulfilmentMethod: method, page }),
      shopper.shared.cached(api.listCategories, { storeId: details.id, fulfilmentMethod: method }),
      loadBanners(shopper, services.log, { storeId: details.id, fulfilmentMethod: method, categoryId }),
      getBusinessProfile(services.platform),
    ]);
    if (category.category.slug !== params.categorySlug) {
      throw redirect(`${categoryPath(details.slug, category.category.slug)}${url.search}`, 301);
    }
    return { ...category, categories: list.categories, method, banners, secondHeroBannerThreshold: profile.secondHeroBannerThreshold };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) storeNotFound(shopper, request);
    if (error instanceof PlatformError) throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

export default function StoreCategory({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const { category, items, pagination, categories, banners, secondHeroBannerThreshold } = loaderData;
  const base = storePath(store.slug);
  const track = useBannerImpressions(useLocation().key);
  // The second hero banner sits after the first `secondHeroBannerThreshold` items (spec 1 §3 business profile) when
  // the page lists that many; otherwise it follows the list.
  const [first, second, ...restPrimary] = banners.banners;
  const splitAt = second && items.length >= secondHeroBannerThreshold ? secondHeroBannerThreshold : items.length;
  const more = [...restPrimary, ...banners.secondaryBanners];
  return (
    <div className={styles.page}>
      <nav aria-label="Categories" className={styles.strip}>
        <ul className={styles.stripList}>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`${base}/category/${c.slug}`}
                className={c.id === category.id ? styles.stripLinkCurrent : styles.stripLink}
                aria-current={c.id === category.id ? "page" : undefined}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className={styles.title}>{category.name}</h1>
      {category.description ? <p>{category.description}</p> : null}
      <p className={styles.count}>
        {pagination.total} {pagination.total === 1 ? "item" : "items"}
      </p>
      {first ? <BannerList banners={[first]} storeSlug={store.slug} label="Offer" priorityFirst track={track} /> : null}
      <ItemGrid items={items.slice(0, splitAt)} storeSlug={store.slug} />
      {second ? <BannerList banners={[second]} storeSlug={store.slug} label="Another offer" track={track} /> : null}
      {items.length > splitAt ? <ItemGrid items={items.slice(splitAt)} storeSlug={store.slug} /> : null}
      <BannerList banners={more} storeSlug={store.slug} label="More offers" track={track} />
      {pagination.totalPages > 1 ? (
        <nav aria-label="Pages" className={styles.pager}>
          {pagination.page > 1 ? (
            <Link to={`?page=${pagination.page - 1}`} rel="prev">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {pagination.page} of {pagination.totalPages}
          </span>
          {pagination.page < pagination.totalPages ? (
            <Link to={`?page=${pagination.page + 1}`} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function ItemGrid({ items, storeSlug }: { items: MenuItem[]; storeSlug: string }) {
  if (!items.length) return null;
  return (
    <ul className={styles.itemGrid}>
      {items.map((item) => (
        <li key={item.id}>
          <ProductCard item={item} storeSlug={storeSlug} />
        </li>
      ))}
    </ul>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return loaderData && store ? [{ title: `${loaderData.category.name} | ${store.storeName}` }] : [];
}
