import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { Basket, BasketLine } from "#contract/basket";
import type { MenuItem } from "#contract/catalogue";
import { BasketForm } from "~/components/basket-summary/BasketForm";
import { Picture } from "~/components/picture/Picture";
import { lowestPrice, needsChoice } from "~/models/item-choice";
import { formatPence } from "~/models/money";
import { ROUTE_IDS, type StoreLayoutData } from "~/models/route-data";
import * as forms from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import { itemFetcherKey, type AddResult } from "~/models/add-result";
import { AddButton, AddToBasketForm, isAdding } from "./AddToBasketForm";
import * as styles from "./ProductCard.css";
import { itemPath } from "~/models/store-paths";

export interface ProductCardProps {
  item: MenuItem;
  storeSlug: string;
  /** The banner whose page the card is on: the add is credited to it. */
  bannerAdvertId?: number;
  /** The card's name is a heading one level below the section it sits in. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * How wide a card's picture is shown (styles.productGrid's columns, less the card's padding and border): two columns
 * on a phone, four from 600px within the content column's 1264px. A phone at 2x takes the route's smallest width, 320.
 */
const PRODUCT_IMAGE_SIZES =
  "(min-width: 1264px) 268px, (min-width: 960px) calc(25vw - 48px), (min-width: 600px) calc(25vw - 44px), calc(50vw - 38px)";

/** The basket line a plain card counts: the same item, no size, no options. */
export function plainLine(
  basket: Pick<Basket, "items"> | null | undefined,
  menuItemId: number,
): BasketLine | undefined {
  return basket?.items.find((l) => l.menuItemId === menuItemId && l.sizeId === null && l.options.length === 0);
}

/**
 * A menu item in a list (UX.md "Product card"): picture, name, price (and the member price when lower), and the
 * action — "Add" for a plain item, a − quantity + stepper once it is in the basket, "Choose" for an item with sizes
 * or options. Every button is a form post, so it all works without script; with script the posts go through one
 * fetcher per item and the count moves at once.
 */
export function ProductCard({ item, storeSlug, bannerAdvertId, headingLevel = 2 }: ProductCardProps) {
  const layout = useRouteLoaderData(ROUTE_IDS.storeLayout) as StoreLayoutData | undefined;
  const method = layout?.fulfilmentMethod ?? "delivery";
  const href = itemPath(storeSlug, item);
  const Heading = `h${headingLevel}` as "h2";
  const showMemberPrice = item.sizes.length === 0 && item.memberPrice !== null && item.memberPrice < item.price;

  return (
    <article className={styles.card} aria-labelledby={`item-${item.id}-name`}>
      <Heading id={`item-${item.id}-name`} className={styles.name}>
        {/* The picture is part of the name's link: the whole upper card is one tap target for the item's page. */}
        <Link to={href} className={styles.nameLink}>
          {item.image ? (
            <Picture
              src={item.image}
              alt=""
              width={240}
              height={135}
              sizes={PRODUCT_IMAGE_SIZES}
              fit="contain"
              className={styles.image}
            />
          ) : null}
          <span className={styles.nameText}>{item.name}</span>
        </Link>
      </Heading>
      {item.ageRestriction ? <p className={styles.note}>Age {item.ageRestriction}+ only</p> : null}
      <div className={styles.buy}>
        <p className={styles.price}>
          {item.sizes.length ? `From ${formatPence(lowestPrice(item))}` : formatPence(item.price)}
          {showMemberPrice ? (
            <span className={styles.memberPrice}>Members {formatPence(item.memberPrice!)}</span>
          ) : null}
        </p>
        <div className={styles.action}>
          {!item.available ? (
            <p className={styles.unavailable}>Not available for {method}</p>
          ) : needsChoice(item) ? (
            <Link to={href} className={`${forms.button.secondary} ${styles.fullWidth}`}>
              Choose<span className={visuallyHidden}> {item.name}</span>
            </Link>
          ) : (
            <AddOrStep
              item={item}
              basket={layout?.basket ?? null}
              seed={layout?.formSeed ?? "page"}
              bannerAdvertId={bannerAdvertId}
            />
          )}
        </div>
      </div>
    </article>
  );
}

function AddOrStep({
  item,
  basket,
  seed,
  bannerAdvertId,
}: {
  item: MenuItem;
  basket: Basket | null;
  seed: string;
  bannerAdvertId?: number;
}) {
  const fetcher = useFetcher<AddResult>({ key: itemFetcherKey(item.id) });
  const { pathname, search } = useLocation();
  const redirectTo = `${pathname}${search}`;
  const line = plainLine(basket, item.id);

  const adding = isAdding(fetcher);
  let quantity = line?.quantity ?? 0;
  const pending = fetcher.formData;
  if (pending?.get("intent") === "set-quantity") {
    const asked = Number(pending.get("quantity"));
    if (Number.isInteger(asked) && asked >= 0) quantity = asked;
  }

  if (quantity === 0 || (!line && !adding)) {
    return (
      <AddToBasketForm
        fetcher={fetcher}
        menuItemId={item.id}
        unitPrice={item.price}
        quantity={1}
        basketLineId={`l-${seed}-${item.id}`}
        idempotencyKey={`add-${seed}-${item.id}`}
        bannerAdvertId={bannerAdvertId}
        redirectTo={redirectTo}
      >
        <AddButton itemName={item.name} adding={adding} className={`${forms.button.primary} ${styles.fullWidth}`} />
      </AddToBasketForm>
    );
  }

  // Just added, the line not yet back from the basket: the count shows while the page catches up.
  const basketLineId = line?.basketLineId ?? `l-${seed}-${item.id}`;
  // Without script the rendered key makes a resubmitted step a replay; with script each click gets a fresh key
  // (BasketForm), since + then − then + again are three different changes.
  const step = (to: number, label: string, symbol: string) => (
    <BasketForm
      fetcher={fetcher}
      intent="set-quantity"
      idempotencyKey={`q-${seed}-${basketLineId}-${quantity}-${to}`}
      redirectTo={redirectTo}
    >
      <input type="hidden" name="basketLineId" value={basketLineId} />
      <input type="hidden" name="quantity" value={to} />
      <button type="submit" className={styles.stepButton} disabled={adding || to > 99}>
        <span aria-hidden="true">{symbol}</span>
        <span className={visuallyHidden}>{label}</span>
      </button>
    </BasketForm>
  );
  return (
    <div className={styles.stepper} role="group" aria-label={`${item.name} in your basket`}>
      {step(quantity - 1, quantity === 1 ? `Remove ${item.name} from basket` : `One fewer ${item.name}`, "−")}
      <span className={styles.count} aria-live="polite">
        {adding ? "Adding…" : quantity}
        <span className={visuallyHidden}> in basket</span>
      </span>
      {step(quantity + 1, `One more ${item.name}`, "+")}
    </div>
  );
}
