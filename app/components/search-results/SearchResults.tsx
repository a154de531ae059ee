import { Link } from "react-router";
import type { GlobalSearchResponse, MenuItem } from "#contract";
import { pageLinks, RECOMMENDED_TITLE, searchHref } from "~/models/item-search";
import { formatPence } from "~/models/money";
import { ProductCard } from "~/components/product-card/ProductCard";
import { productGrid } from "~/components/product-card/ProductCard.css";
import * as s from "./SearchResults.css";
import { storePath } from "~/models/store-paths";

export interface SearchResultsProps {
  storeSlug: string;
  searchTerm: string;
  results: GlobalSearchResponse;
}

/** Spec 1 §3 search results: deals, categories and items, the items paged; the platform's hint when nothing matched. */
export function SearchResults({ storeSlug, searchTerm, results }: SearchResultsProps) {
  const { deals, categories, menuItems, totals, noItemFoundHint } = results;
  const base = storePath(storeSlug);
  const nothing = totals.menuItems + totals.categories + totals.deals === 0;
  if (nothing) {
    return noItemFoundHint ? <p className={s.noResults}>{noItemFoundHint.label}</p> : null;
  }
  const pager = pageLinks(menuItems.pagination);
  return (
    <>
      {deals.records.length ? (
        <section className={s.section} aria-labelledby="search-deals">
          <h2 id="search-deals" className={s.sectionTitle}>
            Deals
          </h2>
          <ul className={s.dealList}>
            {deals.records.map((deal) => (
              <li key={deal.id} className={s.dealCard}>
                <Link to={`${base}/deal/${deal.slug}`} className={s.dealLink}>
                  {deal.name}
                </Link>
                <span className={s.dealPrice}>{formatPence(deal.price)}</span>
                {deal.description ? <p className={s.muted}>{deal.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {categories.records.length ? (
        <section className={s.section} aria-labelledby="search-categories">
          <h2 id="search-categories" className={s.sectionTitle}>
            Categories
          </h2>
          <ul className={s.chipList}>
            {categories.records.map((category) => (
              <li key={category.id}>
                <Link to={`${base}/category/${category.slug}`} className={s.chip}>
                  <span className={s.chipName}>{category.name}</span>
                  <span className={s.chipCount}>
                    ({category.itemCount} {category.itemCount === 1 ? "item" : "items"})
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {totals.menuItems > 0 ? (
        <section className={s.section} aria-labelledby="search-items">
          <h2 id="search-items" className={s.sectionTitle}>
            Items
          </h2>
          <ItemList items={menuItems.records} storeSlug={storeSlug} />
          {pager ? (
            <nav aria-label="Item pages" className={s.pager}>
              {pager.prev ? (
                <Link to={searchHref(storeSlug, searchTerm, pager.prev)} rel="prev" className={s.pagerLink}>
                  Previous page
                </Link>
              ) : null}
              <span>{pager.label}</span>
              {pager.next ? (
                <Link to={searchHref(storeSlug, searchTerm, pager.next)} rel="next" className={s.pagerLink}>
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export function ItemList({ items, storeSlug }: { items: MenuItem[]; storeSlug: string }) {
  return (
    <ul className={productGrid}>
      {items.map((item) => (
        <li key={item.id}>
          <ProductCard item={item} storeSlug={storeSlug} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}

/** "Recommended for you" (spec 1 §2): the store's top sellers, shown before any results. */
export function RecommendedItems({ items, storeSlug }: { items: MenuItem[]; storeSlug: string }) {
  if (!items.length) return null;
  return (
    <section className={s.section} aria-labelledby="search-recommended">
      <h2 id="search-recommended" className={s.sectionTitle}>
        {RECOMMENDED_TITLE}
      </h2>
      <ItemList items={items} storeSlug={storeSlug} />
    </section>
  );
}
