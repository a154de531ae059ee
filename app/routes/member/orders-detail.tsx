import { useCallback, useState } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/orders-detail";
import { OrderFactsList } from "~/components/checkout/OrderFactsList";
import { keyedLines, LineList } from "~/components/checkout/OrderSummary";
import { Dialog } from "~/components/dialog/Dialog";
import { DriverTracking } from "~/components/order-tracking/DriverTracking";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import {
  orderDate,
  orderSlot,
  orderStatusLabel,
  OrderSteps,
  OrderTotals,
  ReorderExplanation,
} from "~/components/member/OrderParts";
import { OrderReview } from "~/components/member/OrderReview";
import * as s from "~/components/member/Orders.css";
import { orderProgress } from "~/models/order-status";
import { appContext, shopperContext } from "~/services/context";
import * as forms from "~/styles/forms.css";
import { driverTracking } from "../orders/tracking.server";
import { memberOrder, REVIEW_COMMENT_MAX, reviewOrder } from "./orders.server";

/**
 * One of the member's orders (spec 2 §2 /member/orders/{orderId}): its steps, lines and totals, where and when; 'Order
 * again'; and, once delivered or collected, its review. Another member's order is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const order = await memberOrder(context, request, params.orderId);
  // An order out for delivery shows where its driver is (the order tracking of spec 2 §2).
  const now = context.get(appContext).clock.now();
  const tracking = order.trackable
    ? await driverTracking(context.get(shopperContext), { businessOrderId: order.businessOrderId }, now)
    : null;
  return { order, tracking, progress: orderProgress(order.status, order.orderType), commentMax: REVIEW_COMMENT_MAX };
}

/** The review form posts here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return reviewOrder(context, request, params.orderId);
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, progress } = loaderData;
  const [reordering, setReordering] = useState(false);
  const closeReorder = useCallback(() => setReordering(false), []);
  const zone = order.store.timeZone;
  const completed = order.completedAt ? orderStatusLabel(order) : null;
  const reorderPath = `/member/orders/${order.businessOrderId}/reorder`;
  return (
    <MemberPage title={`Order ${order.businessOrderId}`}>
      <p className={s.empty} role="status">
        Status: <strong>{orderStatusLabel(order)}</strong>
      </p>
      <OrderSteps steps={progress} completed={completed} />
      {loaderData.tracking ? <DriverTracking tracking={loaderData.tracking} /> : null}
      <div className={s.actions}>
        <Link
          className={forms.button.primary}
          to={reorderPath}
          onClick={(event) => {
            // With script the confirmation opens over the order; without it, the link leads to its page.
            event.preventDefault();
            setReordering(true);
          }}
        >
          Order again
        </Link>
      </div>
      <Dialog open={reordering} title="Order again?" onClose={closeReorder}>
        <ReorderExplanation storeName={order.store.storeName} />
        <Form method="post" action={reorderPath}>
          <AuthenticityTokenInput />
          <div className={s.actions}>
            <button type="submit" className={forms.button.primary}>
              Add the items to my basket
            </button>
            <button type="button" className={forms.button.secondary} onClick={closeReorder}>
              Cancel
            </button>
          </div>
        </Form>
      </Dialog>

      <MemberSection id="order-details" title="Details">
        <OrderFactsList order={order} placed={orderDate(order.placedAt, zone)} when={orderSlot(order.slot, zone)} />
      </MemberSection>

      <MemberSection id="order-items" title="Items">
        <LineList lines={keyedLines(order.lines)} symbol="£" />
        <OrderTotals totals={order.totals} couponCode={order.couponCode} method={order.orderType} />
      </MemberSection>

      <OrderReview
        review={order.review}
        canReview={order.canReview}
        result={actionData}
        commentMax={loaderData.commentMax}
      />
    </MemberPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Order ${loaderData.order.businessOrderId}` : "Order" }];
}
