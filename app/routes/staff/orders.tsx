import { useEffect } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, redirect, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/orders";
import { api, ORDER_STATUSES } from "#contract";
import { ORDER_STATUS_LABELS } from "#contract/order-rules";
import * as styles from "~/components/checkout/Checkout.css";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { keyedLines } from "~/components/checkout/OrderSummary";
import { BoardOrder, type BoardOrderView } from "~/components/staff-board/BoardOrder";
import { formatAddress } from "~/models/address";
import { formatPence } from "~/models/money";
import { clockTime, dayLabel, slotTimeRange, storeDate } from "~/models/slots";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { PlatformError } from "~/services/platform-client.server";
import { staffCall } from "./staff.server";
import * as forms from "~/styles/forms.css";

const REFRESH_MS = 30_000;
const UNKNOWN_CHANGE = "That change is not one the board knows.";

/** The board's posts: sign out, or move one order on to a status. */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("logout"), storeId: z.string().optional() }),
  z.object({
    intent: z.literal("complete"),
    storeId: z.string().optional(),
    businessOrderId: z.string().trim().min(1).max(64),
  }),
  z.object({
    intent: z.literal("status"),
    storeId: z.string().optional(),
    businessOrderId: z.string().trim().min(1).max(64),
    status: z.enum(ORDER_STATUSES),
  }),
]);

/** The order board (ours: the spec leaves status changes out): a store's orders, each moved on one status at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const { stores } = await shopper.shared.cached(api.listStores, {});
  const asked = Number(new URL(request.url).searchParams.get("store"));
  const store = stores.find((s) => s.id === asked) ?? stores[0];
  if (!store) return { stores: [], storeId: null, orders: [], username: shopper.session.get("staff")?.username ?? "" };
  const { orders } = await staffCall(context, now, api.staffListOrders, { storeId: store.id, limit: 50 });
  return {
    stores: stores.map((s) => ({ id: s.id, name: `${s.storeName}, ${s.town}` })),
    storeId: store.id,
    username: shopper.session.get("staff")?.username ?? "",
    orders: orders.map((o): BoardOrderView => {
      const zone = o.store.timeZone;
      const today = storeDate(now, zone);
      return {
        businessOrderId: o.businessOrderId,
        status: o.status,
        nextStatus: o.nextStatus,
        canComplete: o.canComplete,
        completed: o.completedAt !== null,
        type: o.orderType === "delivery" ? "Delivery" : "Collection",
        when:
          o.timing === "asap"
            ? `ASAP (${clockTime(o.slot.start, zone)})`
            : `${dayLabel(o.slot.date, today, zone)} ${slotTimeRange({ startTime: o.slot.start, endTime: o.slot.end }, zone)}`,
        customer: `${o.customer.firstName} ${o.customer.lastName}`,
        phone: o.customer.phoneNumber,
        email: o.customer.email,
        address: o.deliveryAddress ? formatAddress(o.deliveryAddress) : null,
        instructions: o.instructions?.trim() ? o.instructions.trim() : null,
        campaign: o.campaign,
        lines: keyedLines(o.lines),
        items: o.lines.reduce((n, l) => n + l.quantity, 0),
        total: formatPence(o.totals.total),
        payment: o.paymentMethod === "cash" ? "Cash to take" : "Paid",
        placedAt: clockTime(o.placedAt, zone),
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shopper = context.get(shopperContext);
  const now = context.get(appContext).clock.now();
  const submission = parseWithZod(await request.formData(), { schema });
  const storeId = submission.payload.storeId;
  const back =
    typeof storeId === "string" && /^[1-9]\d{0,9}$/.test(storeId)
      ? `${href("/staff")}?store=${storeId}`
      : href("/staff");
  if (submission.status !== "success")
    return redirectWithToast(context, back, { kind: "error", message: UNKNOWN_CHANGE });
  const change = submission.value;
  if (change.intent === "logout") {
    shopper.session.unset("staff");
    return redirect(href("/staff/login"), 303);
  }
  try {
    if (change.intent === "complete") {
      const done = await staffCall(context, now, api.staffCompleteOrder, { businessOrderId: change.businessOrderId });
      return redirectWithToast(context, back, {
        kind: "success",
        message: `Order ${done.businessOrderId} is ${completedWord(done.orderType)}`,
      });
    }
    await staffCall(context, now, api.staffUpdateOrderStatus, {
      businessOrderId: change.businessOrderId,
      status: change.status,
    });
    return redirectWithToast(context, back, {
      kind: "success",
      message: `Order ${change.businessOrderId} is now ${ORDER_STATUS_LABELS[change.status]}`,
    });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    return redirectWithToast(context, back, { kind: "error", message: error.message });
  }
}

function completedWord(orderType: "delivery" | "collection"): string {
  return orderType === "delivery" ? "delivered" : "collected";
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { stores, storeId, orders } = loaderData;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => void revalidate(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidate]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Order board</h1>
      <Form method="post" className={styles.actions}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="logout" />
        <span>Signed in as {loaderData.username}</span>
        <button type="submit" className={forms.button.link}>
          Sign out
        </button>
      </Form>
      <Form method="get" className={styles.inlineRow}>
        <div className={forms.formGroup}>
          <label className={forms.label} htmlFor="store">
            Store
          </label>
          <select className={forms.select} id="store" name="store" defaultValue={storeId ?? undefined}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className={forms.formGroup}>
          <button type="submit" className={forms.button.secondary}>
            Show orders
          </button>
        </div>
      </Form>
      {orders.length === 0 ? <p>No orders yet.</p> : null}
      <ul className={styles.summaryLines} aria-label="Orders">
        {orders.map((o) => (
          <BoardOrder key={o.businessOrderId} order={o} storeId={storeId} />
        ))}
      </ul>
    </div>
  );
}

export function meta() {
  return [{ title: "Order board" }, { name: "robots", content: "noindex" }];
}
