import { Link } from "react-router";
import type { Route } from "./+types/status";
import * as styles from "~/components/checkout/Checkout.css";
import { OrderDetails } from "~/components/checkout/OrderDetails";
import { DriverTracking } from "~/components/order-tracking/DriverTracking";
import { LiveUpdates, UPDATES_OFF } from "~/components/order-tracking/LiveUpdates";
import { useLiveOrderStatus } from "~/components/order-tracking/use-live-order-status";
import { isFinal, liveStatusOf } from "~/models/live-status";
import { driverTracking } from "./tracking.server";
import { orderProgress } from "~/models/order-status";
import { storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { orderByStatusToken } from "./status.server";
import { storePath } from "~/models/store-paths";

/**
 * An order's status page (spec 2 §3 progress statuses), addressed by the unguessable token in the success page's link
 * and the confirmation e-mail. It follows the store's order board as it moves the order on: with script by the order's
 * events stream (./events.ts), without by reloading itself, unless the shopper stops it (`?updates=off`).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const order = await orderByStatusToken(shopper, params.statusToken, new URL(request.url).pathname);
  // The driver's position is asked for only while the order is out for delivery: before and after there is none.
  const enRoute = order.orderType === "delivery" && order.status === "en_route" && order.completedAt === null;
  const tracking = enRoute
    ? await driverTracking(shopper, { businessOrderId: order.businessOrderId, statusToken: params.statusToken }, now)
    : null;
  const updatesOff = new URL(request.url).searchParams.get("updates") === "off";
  const live = liveStatusOf(order);
  return {
    order,
    today: storeDate(now, order.store.timeZone),
    progress: orderProgress(order.status, order.orderType),
    tracking,
    live,
    updatesOff,
    statusToken: params.statusToken,
  };
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order, progress, live, updatesOff } = loaderData;
  useLiveOrderStatus(`/orders/${loaderData.statusToken}/events`, live, {
    enabled: !updatesOff,
    followingDriver: loaderData.tracking?.trackable === true,
  });
  const current = progress.find((step) => step.state === "current");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Order {order.businessOrderId}</h1>
      <LiveUpdates final={isFinal(live)} updatesOff={updatesOff} />
      <p className={styles.lead} role="status">
        Status: <strong>{current?.label}</strong>
      </p>
      <ol className={styles.progress} aria-label="Order progress">
        {progress.map((step) => (
          <li
            key={step.status}
            className={[
              styles.progressStep,
              step.state === "done" ? styles.progressDone : "",
              step.state === "current" ? styles.progressCurrent : "",
            ]
              .filter(Boolean)
              .join(" ")}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            <span className={styles.progressMark} aria-hidden="true">
              {step.state === "done" ? "✓" : step.state === "current" ? "●" : "○"}
            </span>
            <span>
              {step.label}
              {step.state === "done" ? " (done)" : step.state === "upcoming" ? " (to come)" : ""}
            </span>
          </li>
        ))}
      </ol>
      <DriverTracking tracking={loaderData.tracking} />
      <p>
        <Link to={updatesOff ? UPDATES_OFF : "."}>Refresh status</Link>
      </p>
      <section className={styles.panel} aria-labelledby="status-order-title">
        <h2 className={styles.panelTitle} id="status-order-title">
          Your order
        </h2>
        <OrderDetails order={order} today={loaderData.today} />
      </section>
      <p>
        <Link to={storePath(order.store.slug)}>Shop again at {order.store.storeName}</Link>
      </p>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Order ${loaderData.order.businessOrderId}` : "Order" },
    { name: "robots", content: "noindex" },
  ];
}
