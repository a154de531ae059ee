import { href, Link, useFetcher } from "react-router";
import type { MenuItem } from "#contract/catalogue";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { lowestPrice, needsChoice } from "~/models/item-choice";
import { formatPence } from "~/models/money";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { newIdempotencyKey, submitQuietly } from "./BasketForm";
import * as styles from "./BasketSummary.css";
import { itemPath } from "~/models/store-paths";

export interface RecommendedItemsProps {
  items: MenuItem[];
  storeSlug: string;
  symbol: string;
  /** This page's seed for the add forms' line ids and keys (fresh on every load, so each add is its own line). */
  seed: string;
}

/**
 * Top sellers not yet in the basket (spec 2 §2 "recommended items"), each with an Add posting to /basket/add — the
 * same fields as a product card's Add. Items that need a size or options link to their page instead.
 */
export function RecommendedItems({ items, storeSlug, symbol, seed }: RecommendedItemsProps) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recommended-title">
      <h2 className={styles.panelTitle} id="recommended-title">
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
  const fetcher = useFetcher({ key: `item-${item.id}` });
  const page = itemPath(storeSlug, item);
  const choose = needsChoice(item);
  const adding = fetcher.state !== "idle";
  const price = `${item.sizes.length ? "From " : ""}${formatPence(lowestPrice(item), { symbol })}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("idempotencyKey", newIdempotencyKey());
    form.set("_js", "1");
    submitQuietly(fetcher, form, href("/basket/add"));
  }

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
        {choose ? (
          <Link to={page} className={`${f.button.secondary} ${f.buttonBlock}`}>
            Choose<span className={visuallyHidden}> {item.name}</span>
          </Link>
        ) : (
          <form method="post" action={href("/basket/add")} onSubmit={onSubmit}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="menuItemId" value={item.id} />
            <input type="hidden" name="quantity" value="1" />
            <input type="hidden" name="unitPrice" value={item.price} />
            <input type="hidden" name="basketLineId" value={`r-${seed}-${item.id}`} />
            <input type="hidden" name="idempotencyKey" value={`add-${seed}-${item.id}`} />
            <input type="hidden" name="redirectTo" value={href("/basket")} />
            <button
              type="submit"
              className={`${f.button.primary} ${f.buttonBlock}`}
              aria-disabled={adding || undefined}
            >
              {adding ? (
                "Adding…"
              ) : (
                <>
                  Add<span className={visuallyHidden}> {item.name} to basket</span>
                </>
              )}
            </button>
          </form>
        )}
      </div>
    </article>
  );
}
