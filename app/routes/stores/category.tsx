import { Fragment } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/category";
import { api, type MenuItem, type StoreDetails } from "#contract";
import { BannerList } from "~/components/banners/BannerList";
import { useBannerImpressions } from "~/components/banners/use-banner-impressions";
import { CategoryStrip } from "~/components/category-strip/CategoryStrip";
import { ProductCard } from "~/components/product-card/ProductCard";
import { productGrid } from "~/components/product-card/ProductCard.css";
import { loadBanners } from "./banners.server";
import { getBusinessProfile } from "~/services/business.server";
import { idFromSlug } from "#contract";
import { appContext, shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as styles from "~/styles/pages.css";
import { categoryPath } from "~/models/store-paths";

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
    return {
      ...category,
      categories: list.categories,
      method,
      banners,
      secondHeroBannerThreshold: profile.secondHeroBannerThreshold,
    };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) storeNotFound(shopper, request);
    if (error instanceof PlatformError)
      throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

/**
 * The first offer follows the first row of four items (two rows on a phone), so that a phone's first screen shows
 * products (decision 0038); the second follows the first `secondHeroBannerThreshold` items (spec 1 §3 business
 * profile), and at least a row after the first, when the page lists that many, or else follows the list.
 */
const FIRST_ROW = 4;

export default function StoreCategory({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const { category, items, pagination, categories, banners, secondHeroBannerThreshold } = loaderData;
  const track = useBannerImpressions(useLocation().key);
  const [first, second, ...restPrimary] = banners.banners;
  const firstAt = Math.min(FIRST_ROW, items.length);
  const secondAt = Math.max(secondHeroBannerThreshold, firstAt + FIRST_ROW);
  const cuts = [
    ...(first ? [{ at: firstAt, banner: first, label: "Offer" }] : []),
    ...(second
      ? [{ at: items.length >= secondAt ? secondAt : items.length, banner: second, label: "Another offer" }]
      : []),
  ];
  const more = [...restPrimary, ...banners.secondaryBanners];
  return (
    <div className={styles.categoryPage}>
      <CategoryStrip storeSlug={store.slug} categories={categories} currentId={category.id} />
      <div className={styles.titleRow}>
        <h1 className={styles.categoryTitle}>{category.name}</h1>
        <p className={styles.count}>
          {pagination.total} {pagination.total === 1 ? "item" : "items"}
        </p>
      </div>
      {cuts.map((cut, index) => (
        <Fragment key={cut.banner.id}>
          <ItemGrid items={items.slice(index ? cuts[index - 1]!.at : 0, cut.at)} storeSlug={store.slug} />
          {/* The first offer stays the page's main image: on most phones its top shows on the first screen. */}
          <BannerList
            banners={[cut.banner]}
            storeSlug={store.slug}
            label={cut.label}
            priorityFirst={index === 0}
            track={track}
          />
        </Fragment>
      ))}
      <ItemGrid items={items.slice(cuts.at(-1)?.at ?? 0)} storeSlug={store.slug} />
      {category.description ? <p className={styles.description}>{category.description}</p> : null}
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
    <ul className={productGrid}>
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
