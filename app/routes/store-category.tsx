import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/store-category";
import { api, type StoreDetails } from "../../platform/contract";
import { formatPence } from "~/models/money";
import { idFromSlug } from "../../platform/contract";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "~/services/store-page.server";
import * as styles from "./store-pages.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const categoryId = idFromSlug(params.categorySlug);
  if (categoryId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get("page")) || 1));
  try {
    const [category, list] = await Promise.all([
      shopper.shared.cached(api.getCategory, { storeId: details.id, categoryId, fulfilmentMethod: method, page }),
      shopper.shared.cached(api.listCategories, { storeId: details.id, fulfilmentMethod: method }),
    ]);
    if (category.category.slug !== params.categorySlug) {
      throw redirect(`/stores/${details.slug}/category/${category.category.slug}${url.search}`, 301);
    }
    return { ...category, categories: list.categories, method };
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) storeNotFound(shopper, request);
    if (error instanceof PlatformError) throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
}

export default function StoreCategory({ loaderData, matches }: Route.ComponentProps) {
  const { store } = matches[1]?.data as { store: StoreDetails };
  const { category, items, pagination, categories, method } = loaderData;
  const base = `/stores/${store.slug}`;
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
      <ul className={styles.itemGrid}>
        {items.map((item) => (
          <li key={item.id} className={styles.itemCard}>
            {item.image ? (
              <img src={item.image} alt="" width={160} height={160} loading="lazy" decoding="async" className={styles.itemImage} />
            ) : null}
            <h2 className={styles.itemName}>{item.name}</h2>
            <p className={styles.price}>
              {formatPence(item.price)}
              {item.memberPrice !== null && item.memberPrice < item.price ? (
                <span className={styles.memberPrice}> Members {formatPence(item.memberPrice)}</span>
              ) : null}
            </p>
            {!item.available ? (
              <p className={styles.unavailable}>Not available for {method}</p>
            ) : item.ageRestriction ? (
              <p className={styles.ageNote}>Age {item.ageRestriction}+ only</p>
            ) : null}
          </li>
        ))}
      </ul>
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return loaderData && store ? [{ title: `${loaderData.category.name} | ${store.storeName}` }] : [];
}
