import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/menu-item";
import { api, idFromSlug, type StoreDetails } from "#contract";
import { ErrorSummary, ItemOptions, QuantityField } from "~/components/item-options/ItemOptions";
import { Picture } from "~/components/picture/Picture";
import type { AddResult } from "~/models/add-result";
import { AddToBasketForm, isAdding } from "~/components/product-card/AddToBasketForm";
import { ADD_FIELDS } from "~/models/add-to-basket-form";
import {
  choiceFromQuery,
  choiceFromValues,
  choiceTotal,
  unitPrice,
  validateItemChoice,
  type ChoiceError,
  type ItemChoice,
} from "~/models/item-choice";

/** The choice the item form's fields hold now, read as the server reads a post. */
function choiceInForm(form: HTMLFormElement): ItemChoice {
  const data = new FormData(form);
  return choiceFromValues({
    sizeId: data.getAll(ADD_FIELDS.sizeId),
    option: data.getAll(ADD_FIELDS.option),
    quantity: data.getAll(ADD_FIELDS.quantity),
  });
}
import { formatPence } from "~/models/money";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loadStorePage, storeNotFound } from "./store-page.server";
import * as forms from "~/styles/forms.css";
import * as styles from "~/styles/pages.css";
import { categoryPath, itemPath } from "~/models/store-paths";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { details } = await loadStorePage(shopper, request, params.storeSlug);
  const menuItemId = idFromSlug(params.menuItemSlug);
  if (menuItemId === null) storeNotFound(shopper, request);
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  let item;
  try {
    ({ item } = await shopper.shared.cached(api.getMenuItem, {
      storeId: details.id,
      menuItemId,
      fulfilmentMethod: method,
    }));
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400))
      storeNotFound(shopper, request);
    if (error instanceof PlatformError)
      throw data({ message: error.message }, error.status >= 500 ? 502 : error.status);
    throw error;
  }
  const url = new URL(request.url);
  if (item.slug !== params.menuItemSlug || item.categorySlug !== params.categorySlug) {
    throw redirect(`${itemPath(details.slug, item)}${url.search}`, 301);
  }
  // A choice the add refused without script comes back in the query, checked again here for its messages.
  const { choice, check } = choiceFromQuery(url.searchParams);
  const errors = check ? validateItemChoice(item, choice) : [];
  return { item, method, choice, errors };
}

export default function MenuItemPage({ loaderData, matches }: Route.ComponentProps) {
  const { store, formSeed } = matches[1]?.data as { store: StoreDetails; formSeed: string };
  const { item, method } = loaderData;
  const fetcher = useFetcher<AddResult>({ key: `item-page-${item.id}` });
  const { pathname } = useLocation();
  // The choice as the shopper sets the fields, for the price on the button; a new page's own choice until they do.
  const [changed, setChanged] = useState<{ from: ItemChoice; choice: ItemChoice } | null>(null);
  const choice = changed?.from === loaderData.choice ? changed.choice : loaderData.choice;
  const summaryRef = useRef<HTMLDivElement>(null);

  const result = fetcher.data;
  const errors: ChoiceError[] = result && "errors" in result ? result.errors : loaderData.errors;
  const adding = isAdding(fetcher);

  useEffect(() => {
    if (errors.length) summaryRef.current?.focus();
  }, [errors]);

  const categoryHref = categoryPath(store.slug, item.categorySlug);
  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to={categoryHref}>Back to the category</Link>
      </nav>
      <div className={styles.itemLayout}>
        {item.image ? (
          <Picture
            src={item.image}
            alt={item.name}
            width={480}
            height={480}
            priority
            sizes="(min-width: 960px) 480px, 100vw"
            className={styles.itemPicture}
          />
        ) : null}
        <div>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <h1 className={styles.title}>{item.name}</h1>
          {item.description ? <p>{item.description}</p> : null}
          <p className={styles.price}>
            {item.sizes.length
              ? `From ${formatPence(Math.min(...item.sizes.map((s) => s.price)))}`
              : formatPence(item.price)}
            {item.sizes.length === 0 && item.memberPrice !== null && item.memberPrice < item.price ? (
              <span className={styles.memberPrice}>Members {formatPence(item.memberPrice)}</span>
            ) : null}
          </p>
          {item.ageRestriction ? (
            <p className={styles.ageNote}>Only for people aged {item.ageRestriction} or over.</p>
          ) : null}
          {!item.available ? (
            <p className={styles.unavailable}>Not available for {method}</p>
          ) : (
            <AddToBasketForm
              fetcher={fetcher}
              menuItemId={item.id}
              unitPrice={unitPrice(item, choice)}
              basketLineId={`l-${formSeed}-${item.id}`}
              idempotencyKey={`add-${formSeed}-${item.id}`}
              redirectTo={pathname}
              itemPage
              className={styles.itemForm}
              id={`item-${item.id}`}
              onChange={(event) => setChanged({ from: loaderData.choice, choice: choiceInForm(event.currentTarget) })}
            >
              <ItemOptions item={item} choice={loaderData.choice} errors={errors} />
              <QuantityField quantity={loaderData.choice.quantity} errors={errors} />
              <button
                type="submit"
                className={`${forms.button.primary} ${forms.buttonBlock}`}
                aria-disabled={adding || undefined}
              >
                {adding ? "Adding…" : `Add to basket · ${formatPence(choiceTotal(item, choice))}`}
              </button>
            </AddToBasketForm>
          )}
        </div>
      </div>
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = (matches[1]?.data as { store?: { storeName: string } } | undefined)?.store;
  return loaderData && store
    ? [{ title: `${loaderData.errors.length ? "Error: " : ""}${loaderData.item.name} | ${store.storeName}` }]
    : [];
}
