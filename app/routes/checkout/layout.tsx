import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { CheckoutSteps, type StepKey } from "~/components/checkout/CheckoutSteps";
import { FoldedOrderSummary, OrderSummaryPanel } from "~/components/checkout/OrderSummary";
import * as styles from "~/components/checkout/Checkout.css";
import { stepValid } from "~/models/checkout";
import { requireCheckout } from "./checkout.server";

/**
 * Every checkout step: the basket is checked once (empty or invalid goes back to the basket page), and the step
 * indicator and order summary stand around the step.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await requireCheckout(context);
  const { facts } = data;
  return {
    basket: data.basket,
    storeName: data.store.storeName,
    symbol: data.store.currency.symbolChar,
    done: {
      login: stepValid("login", facts),
      register: stepValid("register", facts),
      options: stepValid("options", facts),
      details: stepValid("details", facts),
      payment: false,
    } satisfies Record<StepKey, boolean>,
  };
}

function currentStep(pathname: string): StepKey {
  if (pathname.startsWith("/checkout/payment")) return "payment";
  if (pathname.startsWith("/checkout/details")) return "details";
  if (pathname.startsWith("/checkout/options")) return "options";
  if (pathname.startsWith("/checkout/create")) return "register";
  return "login";
}

export default function CheckoutLayout({ loaderData }: Route.ComponentProps) {
  const { basket, storeName, symbol, done } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <CheckoutSteps current={currentStep(pathname)} done={done} />
      <FoldedOrderSummary basket={basket} symbol={symbol} storeName={storeName} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <Outlet />
        </div>
        <aside className={styles.side} aria-label="Your order">
          <OrderSummaryPanel basket={basket} symbol={symbol} storeName={storeName} />
        </aside>
      </div>
    </div>
  );
}
