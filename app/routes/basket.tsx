import { data, Form, Link, redirect, useFetcher, useFetchers } from "react-router";
import type { Route } from "./+types/basket";
import type { Basket } from "../../platform/contract/basket";
import { BasketForm } from "~/components/basket-summary/BasketForm";
import { BasketLines } from "~/components/basket-summary/BasketLines";
import { CouponForm, HONEYPOT_FIELD, type CouponError } from "~/components/basket-summary/CouponForm";
import { RecommendedItems } from "~/components/basket-summary/RecommendedItems";
import { TipForm } from "~/components/basket-summary/TipForm";
import * as summary from "~/components/basket-summary/BasketSummary.css";
import { CsrfInput } from "~/components/forms/CsrfInput";
import { ShopSearch } from "~/components/shop-search/ShopSearch";
import {
  BASKET_EMPTY_MESSAGE,
  BASKET_READY_MESSAGE,
  OFFER_INCOMPLETE_MESSAGE,
  QUANTITY_ERROR_MESSAGE,
  REMOVE_ERROR_MESSAGE,
  basketProblems,
  dealPath,
  estimateBasket,
  freeFromProgress,
  maxItemsReached,
  memberSavingHint,
  parsePence,
  parseQuantity,
} from "~/models/basket";
import { formatPence } from "~/models/money";
import { dayLabel, slotTimeRange, storeDate } from "~/models/slots";
import { STORE_CLOSED_MESSAGE, STORE_PAUSED_MESSAGE, isStoreClosed } from "~/models/store-list";
import { getBusinessProfile, getWhiteLabelSettings } from "~/services/business.server";
import {
  applyCoupon,
  clearBasket,
  recommendedFor,
  removeCoupon,
  removeLine,
  selectedStoreDetails,
  sessionBasket,
  setLineQuantity,
  updateTip,
  type BasketOutcome,
} from "~/services/basket.server";
import { appContext, shopperContext } from "~/services/context";
import { safeRedirectPath } from "~/services/session.server";
import * as f from "~/styles/forms.css";
import { visuallyHidden } from "~/styles/global.css";
import * as styles from "./basket.css";

export async function loader({ context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const { clock, log } = context.get(appContext);
  const store = await selectedStoreDetails(shopper);
  if (!store) return { kind: "no-store" as const };

  const [basket, profile, settings] = await Promise.all([sessionBasket(shopper), getBusinessProfile(shopper.shared), getWhiteLabelSettings(shopper.shared)]);
  const method = basket?.fulfilmentMethod.type ?? shopper.session.get("fulfilmentMethod") ?? "delivery";
  const other = method === "delivery" ? "collection" : "delivery";
  const timeZone = store.info.storeTimeZone;
  const recommended = basket && settings.recommendedItemsEnabled ? await recommendedFor(shopper, basket, log) : [];
  return {
    kind: "store" as const,
    store: {
      name: store.storeName,
      slug: store.slug,
      symbol: store.currency.symbolChar,
      // Paused first: a paused store is also shut to orders, and its own words say why.
      notice: store.ordersPaused ? STORE_PAUSED_MESSAGE : isStoreClosed(store) ? STORE_CLOSED_MESSAGE : null,
      noticeDetail: store.ordersPaused ? store.pausedMessage : isStoreClosed(store) ? store.storeClosedMessage : null,
      canSwitch: store.orderMethods[other].enabledForMethod,
      tipsEnabled: store.tips.enabled,
      baseCost: store.orderMethods[method].cost,
    },
    method,
    basket,
    slot: basket?.selectedSlot ? { ...basket.selectedSlot, isAsap: shopper.session.get("slotTiming") === "asap" } : null,
    timeZone,
    today: storeDate(clock.now(), timeZone),
    tips: { levels: profile.tipLimitLevels, increment: profile.driverTipIncrement },
    // No member sign-in yet: every shopper is a guest, and a guest has no verified mobile.
    shopper: { signedIn: shopper.session.get("auth")?.strategy === "member", mobileVerified: false },
    recommended,
    /** Fresh on every load: the forms' keys for posts without script, and the recommended adds' line ids. */
    seed: crypto.randomUUID(),
  };
}

type ActionAnswer = { intent: string; basket: Basket | null; couponError: CouponError | null; error: string | null };

const LINE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const KEY = /^[\x21-\x7e]{1,150}$/;

function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : null;
}

/**
 * Every change to the basket: the page's forms and the product cards' steppers post here. Without script the answer
 * is a 303 back with a toast; with script (`_js=1`) it is the new basket as data. A refused coupon is not a toast but
 * a field error: the page is answered again (400) with the message on the field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const form = await request.formData();
  const intent = field(form, "intent") ?? "";
  const js = field(form, "_js") === "1";
  const back = safeRedirectPath(form.get("redirectTo"), "/basket");
  const keyValue = field(form, "idempotencyKey");
  const key = keyValue && KEY.test(keyValue) ? keyValue : undefined;
  const lineId = field(form, "basketLineId");
  const validLine = lineId !== null && LINE_ID.test(lineId) ? lineId : null;

  let outcome: BasketOutcome;
  switch (intent) {
    case "set-quantity": {
      const quantity = parseQuantity(form.get("quantity"));
      outcome =
        validLine && quantity !== null
          ? await setLineQuantity(shopper, log, validLine, quantity, key)
          : { basket: null, toast: { kind: "error", message: QUANTITY_ERROR_MESSAGE }, couponError: null };
      break;
    }
    case "remove":
      outcome = validLine
        ? await removeLine(shopper, log, validLine, key)
        : { basket: null, toast: { kind: "error", message: REMOVE_ERROR_MESSAGE }, couponError: null };
      break;
    case "apply-coupon":
      outcome = await applyCoupon(shopper, log, field(form, "coupon") ?? "", form.get(HONEYPOT_FIELD), key);
      break;
    case "remove-coupon":
      outcome = await removeCoupon(shopper, log, key);
      break;
    case "tip": {
      const amount = parsePence(form.get("amount"));
      outcome =
        amount === null
          ? { basket: null, toast: { kind: "error", message: "Please choose a tip." }, couponError: null }
          : await updateTip(shopper, log, amount, key);
      break;
    }
    case "clear":
      outcome = await clearBasket(shopper, log, key);
      break;
    default:
      outcome = { basket: null, toast: { kind: "error", message: "That change is not one the basket knows." }, couponError: null };
  }

  const answer: ActionAnswer = {
    intent,
    basket: outcome.basket,
    couponError: outcome.couponError,
    error: outcome.toast?.kind === "error" ? outcome.toast.message : null,
  };
  if (outcome.couponError) return data(answer, { status: 400 });
  if (outcome.toast) shopper.session.flash("toast", outcome.toast);
  // With script the toast is read by the revalidation that follows this answer.
  if (js) return data(answer);
  return redirect(back, 303);
}

export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "no-store") return <NoStore />;
  const { store, basket } = loaderData;
  if (!basket || basket.items.length === 0) return <EmptyBasket storeName={store.name} storeSlug={store.slug} notice={store.notice} />;
  return <FilledBasket data={loaderData} basket={basket} couponError={actionData?.couponError ?? null} />;
}

function NoStore() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      <p className={styles.empty}>{BASKET_EMPTY_MESSAGE}</p>
      <p>Find a store near you to start shopping.</p>
      <div className={styles.search}>
        <ShopSearch />
      </div>
    </div>
  );
}

function EmptyBasket({ storeName, storeSlug, notice }: { storeName: string; storeSlug: string; notice: string | null }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      <p className={styles.empty}>{BASKET_EMPTY_MESSAGE}</p>
      <p>
        <Link to={`/stores/${storeSlug}`} className={f.button.primary}>
          Back to the menu<span className={visuallyHidden}> of {storeName}</span>
        </Link>
      </p>
    </div>
  );
}

type StoreData = Extract<Route.ComponentProps["loaderData"], { kind: "store" }>;

/** Quantities on their way from this page's line forms and the cards' steppers: the new absolute quantity, 0 removes. */
function usePendingQuantities(): Map<string, number> {
  const pending = new Map<string, number>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    const lineId = form?.get("basketLineId");
    if (!form || typeof lineId !== "string" || fetcher.formAction?.split("?")[0] !== "/basket") continue;
    const intent = form.get("intent");
    if (intent === "remove") pending.set(lineId, 0);
    if (intent === "set-quantity") {
      const quantity = parseQuantity(form.get("quantity"));
      if (quantity !== null) pending.set(lineId, quantity);
    }
  }
  return pending;
}

function FilledBasket({ data: page, basket, couponError }: { data: StoreData; basket: Basket; couponError: CouponError | null }) {
  const { store, method, slot, timeZone, today, shopper, seed } = page;
  const symbol = store.symbol;
  const formKey = (name: string) => `${seed}.${name}`;
  const estimate = estimateBasket(basket, usePendingQuantities());
  const clearFetcher = useFetcher({ key: "basket-clear" });
  const switchTo = method === "delivery" ? "collection" : "delivery";
  const problems = basketProblems({ ...basket, items: estimate.lines }, shopper, symbol);
  const freeFrom = freeFromProgress(basket, store.baseCost, symbol);
  const memberHint = memberSavingHint(basket, symbol);
  const atMaximum = maxItemsReached(estimate.totalItemsQuantity, 0, basket.maxBasketItems);
  const fee = basket.fees[0]?.amount ?? basket.fulfilmentMethod.cost;
  const methodName = method === "delivery" ? "Delivery" : "Collection";
  const slotText = slot
    ? slot.isAsap
      ? "As soon as possible"
      : `${dayLabel(slot.date, today, timeZone)} ${slotTimeRange({ startTime: slot.start, endTime: slot.end }, timeZone)}`
    : "No time chosen yet";
  const showTips = method === "delivery" && store.tipsEnabled;

  if (estimate.lines.length === 0) return <EmptyBasket storeName={store.name} storeSlug={store.slug} notice={store.notice} />;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your basket</h1>
      {store.notice ? (
        <div className={styles.notice}>
          <p>{store.notice}</p>
          {store.noticeDetail ? <p className={styles.noticeDetail}>{store.noticeDetail}</p> : null}
        </div>
      ) : null}

      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={summary.panel} aria-labelledby="order-title">
            <h2 className={summary.panelTitle} id="order-title">
              Your order from {store.name}
            </h2>
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>Order type</dt>
                <dd>
                  {methodName}
                  {store.canSwitch ? (
                    <Form method="post" action={`/stores/${store.slug}/fulfilment`} className={summary.inlineForm}>
                      <CsrfInput />
                      <input type="hidden" name="method" value={switchTo} />
                      <input type="hidden" name="redirectTo" value="/basket" />
                      <button type="submit" className={summary.linkButton}>
                        Switch to {switchTo}
                      </button>
                    </Form>
                  ) : null}
                </dd>
              </div>
              <div className={styles.fact}>
                <dt>{method === "delivery" ? "Delivery time" : "Collection time"}</dt>
                <dd>
                  {slotText}{" "}
                  <Link to={`/stores/${store.slug}/time-slots`} className={styles.factLink}>
                    {slot ? "Change time slot" : "Choose a time slot"}
                  </Link>
                </dd>
              </div>
            </dl>
          </section>

          <section className={summary.panel} aria-labelledby="items-title">
            <h2 className={summary.panelTitle} id="items-title">
              Items ({estimate.totalItemsQuantity})
            </h2>
            {atMaximum ? (
              <p className={summary.warningMessage}>
                This store takes at most {basket.maxBasketItems} items for {method}.
              </p>
            ) : null}
            <BasketLines lines={estimate.lines} storeSlug={store.slug} symbol={symbol} atMaximum={atMaximum} formKey={formKey} />
            <Deals basket={basket} storeSlug={store.slug} symbol={symbol} />
            {memberHint ? <p className={summary.message}>{memberHint}</p> : null}
            <BasketForm fetcher={clearFetcher} intent="clear" idempotencyKey={formKey("clear")} className={styles.clear}>
              <button type="submit" className={summary.linkButton}>
                Empty basket
              </button>
            </BasketForm>
          </section>

          <CouponForm coupon={basket.coupon} error={couponError} symbol={symbol} formKey={formKey} />
          {showTips ? (
            <TipForm amount={basket.tips.amount} tipLimitLevels={page.tips.levels} driverTipIncrement={page.tips.increment} symbol={symbol} formKey={formKey} />
          ) : null}
        </div>

        <aside className={styles.side} aria-labelledby="summary-title">
          <section className={summary.panel} aria-labelledby="summary-title" aria-busy={estimate.pending || undefined}>
            <h2 className={summary.panelTitle} id="summary-title">
              Order summary
            </h2>
            <dl className={summary.totals}>
              <dt>Subtotal</dt>
              <dd>{formatPence(estimate.orderSubtotal, { symbol })}</dd>
              {basket.savings > 0 ? (
                <>
                  <dt>Savings</dt>
                  <dd>−{formatPence(basket.savings, { symbol })}</dd>
                </>
              ) : null}
              {basket.coupon ? (
                <>
                  <dt>Coupon {basket.coupon.code}</dt>
                  <dd>−{formatPence(basket.coupon.deductCost, { symbol })}</dd>
                </>
              ) : null}
              <dt>{method === "delivery" ? "Delivery fee" : "Collection fee"}</dt>
              <dd>{fee === 0 ? "Free" : formatPence(fee, { symbol })}</dd>
              {method === "delivery" && basket.tips.amount > 0 ? (
                <>
                  <dt>Driver tip</dt>
                  <dd>{formatPence(basket.tips.amount, { symbol })}</dd>
                </>
              ) : null}
              <dt className={summary.grandTotal}>Total</dt>
              <dd className={summary.grandTotal}>{formatPence(estimate.orderTotal, { symbol })}</dd>
            </dl>
            {freeFrom.kind === "short" ? (
              <div className={summary.progress}>
                <p id="free-from-message">{freeFrom.message}</p>
                <progress aria-labelledby="free-from-message" className={summary.progressBar} max={100} value={Math.round(freeFrom.progress * 100)} />
              </div>
            ) : freeFrom.kind === "reached" ? (
              <p className={summary.message}>{freeFrom.message}</p>
            ) : null}
            {basket.fulfilmentMethod.zoneFreeDeliveryMessage ? <p className={summary.message}>{basket.fulfilmentMethod.zoneFreeDeliveryMessage}</p> : null}
            {basket.loyaltyPoints.pointsToBeEarned > 0 ? (
              <p className={summary.message}>
                You will earn {basket.loyaltyPoints.pointsToBeEarned} {basket.loyaltyPoints.loyaltyPointsName} with this order.
              </p>
            ) : null}
          </section>

          <section className={summary.panel} aria-labelledby="checkout-title" aria-live="polite">
            <h2 className={summary.panelTitle} id="checkout-title">
              Checkout
            </h2>
            {problems.length === 0 ? (
              <>
                <p className={summary.ready}>{BASKET_READY_MESSAGE}</p>
                <Link to="/checkout" className={`${f.button.primary} ${f.buttonBlock}`}>
                  Checkout
                </Link>
              </>
            ) : (
              <>
                <p>Before you can check out:</p>
                <ul className={summary.validList}>
                  {problems.map((problem) => (
                    <li key={problem.message}>{problem.message}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </aside>
      </div>

      <RecommendedItems items={page.recommended} storeSlug={store.slug} symbol={symbol} seed={seed} />
    </div>
  );
}

function Deals({ basket, storeSlug, symbol }: { basket: Basket; storeSlug: string; symbol: string }) {
  if (basket.missedPromotions.length === 0 && basket.promotions.length === 0) return null;
  return (
    <ul className={summary.dealList} aria-label="Deals">
      {basket.promotions.map((deal) => (
        <li key={`applied-${deal.id}`} className={summary.dealApplied}>
          <strong>{deal.name}</strong>
          {deal.times > 1 ? ` × ${deal.times}` : null} · you save {formatPence(deal.saving, { symbol })}
        </li>
      ))}
      {basket.missedPromotions.map((deal) => (
        <li key={`missed-${deal.id}`} className={summary.dealIncomplete}>
          <strong>{deal.name}</strong>: {OFFER_INCOMPLETE_MESSAGE}.{" "}
          <Link to={dealPath(storeSlug, deal.id)}>
            Complete the offer<span className={visuallyHidden}> {deal.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function meta() {
  return [{ title: "Your basket" }];
}
