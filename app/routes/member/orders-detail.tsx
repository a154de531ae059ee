import { getFormProps, useForm } from "@conform-to/react";
import { useCallback, useState } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { Route } from "./+types/orders-detail";
import { OrderFactsList } from "~/components/checkout/OrderFactsList";
import { keyedLines, LineList } from "~/components/checkout/OrderSummary";
import { Dialog } from "~/components/dialog/Dialog";
import { DriverTracking } from "~/components/order-tracking/DriverTracking";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { fieldErrors } from "~/components/forms/fields";
import { MemberPage, MemberSection } from "~/components/member/MemberArea";
import {
  orderDate,
  orderSlot,
  orderStatusLabel,
  OrderSteps,
  OrderTotals,
  ReorderExplanation,
} from "~/components/member/OrderParts";
import * as s from "~/components/member/Orders.css";
import { orderProgress } from "~/models/order-status";
import { appContext, shopperContext } from "~/services/context";
import * as forms from "~/styles/forms.css";
import { driverTracking } from "../orders/tracking.server";
import { memberOrder, REVIEW_COMMENT_MAX, reviewOrder, type reviewSchema } from "./orders.server";

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

const STAR_LABELS = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"] as const;

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

      {order.review ? (
        <MemberSection id="order-review" title="Your review">
          <ReviewRefusal result={actionData} />
          <p>
            <strong>{STAR_LABELS[order.review.starRating - 1]}</strong>
          </p>
          {order.review.comment ? <p>{order.review.comment}</p> : null}
        </MemberSection>
      ) : order.canReview ? (
        <ReviewForm result={actionData} commentMax={loaderData.commentMax} />
      ) : actionData ? (
        <ReviewRefusal result={actionData} />
      ) : null}
    </MemberPage>
  );
}

type ReviewResult = Route.ComponentProps["actionData"];

/** A refused review shown when the form itself is no longer offered (a second review of the order, say). */
function ReviewRefusal({ result }: { result: ReviewResult }) {
  const messages = result?.error ? Object.values(result.error).flatMap((list) => list ?? []) : [];
  return <ErrorSummary id="review-errors" errors={messages.map((message) => ({ field: "order-review", message }))} />;
}

/** 'Rate your order': 1–5 stars and a comment. */
function ReviewForm({ result, commentMax }: { result: ReviewResult; commentMax: number }) {
  const [form, fields] = useForm<z.input<typeof reviewSchema>>({
    id: "review",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  const formError = form.errors?.[0];
  const ratingError = fields.starRating.errors?.[0];
  const commentError = fields.comment.errors?.[0];
  // The rating's summary link goes to its first star.
  const summary = [
    ...(formError ? [{ field: `${fields.starRating.id}-1`, message: formError }] : []),
    ...(ratingError ? [{ field: `${fields.starRating.id}-1`, message: ratingError }] : []),
    ...fieldErrors([fields.comment]),
  ];
  return (
    <MemberSection id="order-review" title="Rate your order">
      <ErrorSummary id="review-errors" errors={summary} />
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="review" />
        <div className={ratingError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <fieldset className={forms.fieldset} aria-describedby={ratingError ? fields.starRating.errorId : undefined}>
            <legend className={forms.legend}>Stars</legend>
            {ratingError ? (
              <p id={fields.starRating.errorId} className={forms.errorMessage}>
                {ratingError}
              </p>
            ) : null}
            <div className={s.stars}>
              {STAR_LABELS.map((label, index) => (
                <label key={label} className={s.star}>
                  <input
                    className={s.starInput}
                    type="radio"
                    id={`${fields.starRating.id}-${index + 1}`}
                    name={fields.starRating.name}
                    value={String(index + 1)}
                    defaultChecked={fields.starRating.initialValue === String(index + 1)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className={commentError ? `${forms.formGroup} ${forms.formGroupError}` : forms.formGroup}>
          <label className={forms.label} htmlFor={fields.comment.id}>
            Comment (optional)
          </label>
          {commentError ? (
            <p id={fields.comment.errorId} className={forms.errorMessage}>
              {commentError}
            </p>
          ) : null}
          <textarea
            id={fields.comment.id}
            name={fields.comment.name}
            className={commentError ? `${forms.textarea} ${forms.fieldError}` : forms.textarea}
            defaultValue={typeof fields.comment.initialValue === "string" ? fields.comment.initialValue : ""}
            maxLength={commentMax}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? fields.comment.errorId : undefined}
          />
        </div>
        <button type="submit" className={forms.button.primary}>
          Send your review
        </button>
      </Form>
    </MemberSection>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Order ${loaderData.order.businessOrderId}` : "Order" }];
}
