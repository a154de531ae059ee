import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/success";
import { api } from "#contract";
import * as styles from "~/components/checkout/Checkout.css";
import { OrderDetails } from "~/components/checkout/OrderDetails";
import { storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { loadSingle } from "~/services/content.server";
import { orderByStatusToken } from "~/routes/orders/status.server";
import * as forms from "~/styles/forms.css";
import { storePath } from "~/models/store-paths";

/**
 * The order success page (spec 2 §2): the store's own thanks (orderSuccessMessage), the success image from the site
 * settings, the order number and the way to follow the order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const last = shopper.session.get("lastOrder");
  if (!last) return redirect(href("/"), 302);
  const [order, content, global] = await Promise.all([
    orderByStatusToken(shopper, last.statusToken, new URL(request.url).pathname),
    loadSingle(shopper.shared, "checkout"),
    loadSingle(shopper.shared, "global"),
  ]);
  const store = await shopper.shared.cached(api.selectStore, { storeId: order.store.id }).catch(() => null);
  const image = global.checkout.checkoutPaymentSuccessImage;
  return {
    order,
    statusToken: last.statusToken,
    today: storeDate(now, order.store.timeZone),
    title: content.successTitle || "Thank you for your order",
    storeMessage: store?.orderSuccessMessage ?? null,
    message: content.successMessage,
    image: image
      ? {
          url: image.url,
          alt: image.alternativeText ?? "",
          width: image.width ?? undefined,
          height: image.height ?? undefined,
        }
      : null,
  };
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order, image } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{loaderData.title}</h1>
      {image ? (
        <img className={styles.image} src={image.url} alt={image.alt} width={image.width} height={image.height} />
      ) : null}
      <p>Your order number is</p>
      <p className={styles.orderNumber}>{order.businessOrderId}</p>
      {loaderData.storeMessage ? <p className={styles.lead}>{loaderData.storeMessage}</p> : null}
      {loaderData.message ? <p>{loaderData.message}</p> : null}
      <p>
        <Link
          to={href("/orders/:statusToken", { statusToken: loaderData.statusToken })}
          className={forms.button.primary}
        >
          Follow your order
        </Link>
      </p>
      <section className={styles.panel} aria-labelledby="success-order-title">
        <h2 className={styles.panelTitle} id="success-order-title">
          Your order
        </h2>
        <OrderDetails order={order} today={loaderData.today} />
      </section>
      <p>
        <Link to={storePath(order.store.slug)}>Back to {order.store.storeName}</Link>
      </p>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Order ${loaderData.order.businessOrderId} confirmed` : "Order confirmed" }];
}
