import { href, Link, useFetcher } from "react-router";
import type { MenuItem } from "#contract/catalogue";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { itemFetcherKey, type AddResult } from "~/models/add-result";
import { AddButton, AddToBasketForm, isAdding } from "~/components/product-card/AddToBasketForm";
import { lowestPrice, needsChoice } from "~/models/item-choice";
import { formatPence } from "~/models/money";
import { itemPath } from "~/models/store-paths";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./RecommendedItems.css";

export interface RecommendedItemsProps {
  items: MenuItem[];
  storeSlug: string;
  symbol: string;
  /** This page's seed for the add forms' line ids and keys (fresh on every load, so each add is its own line). */
  seed: string;
}

/**
 * Top sellers not yet in the basket (spec 2 §2 "recommended items"), each with the product cards' Add form (back to
 * the basket without script). Items that need a size or options link to their page instead.
 */
export function RecommendedItems({ items, storeSlug, symbol, seed }: RecommendedItemsProps) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recommended-title">
      <h2 className={summary.panelTitle} id="recommended-title">
        You might also like
      </h2>
      <ul className={styles.cards}>
        {items.map((item) => (
          <li key={item.id}>
            <RecommendedCard item={item} storeSlug={storeSlug} symbol={symbol} seed={seed} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecommendedCard({ item, storeSlug, symbol, seed }: { item: MenuItem } & Omit<RecommendedItemsProps, "items">) {
  const fetcher = useFetcher<AddResult>({ key: itemFetcherKey(item.id) });
  const page = itemPath(storeSlug, item);
  const price = `${item.sizes.length ? "From " : ""}${formatPence(lowestPrice(item), { symbol })}`;

  return (
    <article className={styles.card} aria-labelledby={`recommended-${item.id}`}>
      {item.image ? (
        <img
          src={item.image}
          alt=""
          width={160}
          height={160}
          loading="lazy"
          decoding="async"
          className={styles.cardImage}
        />
      ) : null}
      <h3 className={styles.cardName} id={`recommended-${item.id}`}>
        <Link to={page}>{item.name}</Link>
      </h3>
      <p className={styles.cardPrice}>{price}</p>
      <div className={styles.cardAction}>
        {needsChoice(item) ? (
          <Link to={page} className={`${f.button.secondary} ${f.buttonBlock}`}>
            Choose<span className={visuallyHidden}> {item.name}</span>
          </Link>
        ) : (
          <AddToBasketForm
            fetcher={fetcher}
            menuItemId={item.id}
            unitPrice={item.price}
            quantity={1}
            basketLineId={`r-${seed}-${item.id}`}
            idempotencyKey={`add-${seed}-${item.id}`}
            redirectTo={href("/basket")}
          >
            <AddButton
              itemName={item.name}
              adding={isAdding(fetcher)}
              className={`${f.button.primary} ${f.buttonBlock}`}
            />
          </AddToBasketForm>
        )}
      </div>
    </article>
  );
}
