import { createHash } from "node:crypto";
import type { OrderStatus } from "../contract";
import { getBusinessProfile } from "../business/profile";
import type { RequestContext } from "../context";

/*
 * An order's status changes go out live (decision 0040) when the business profile's pusherSettings are enabled with a
 * key and cluster and the deployment has the app's secret (PUSHER_APP_ID, PUSHER_SECRET). Listeners are the business's
 * apps, which hold the order's status token, as the status page's address does.
 */

/** The event's name on the order's channel. */
export const ORDER_STATUS_EVENT = "order-status";

/**
 * The order's channel: "order-" and the hex SHA-256 of its status token. Whoever holds the token can work it out; the
 * channel gives nothing away — not the token, which opens the order's page, nor the order's guessable number.
 */
export function orderStatusChannel(statusToken: string): string {
  return `order-${createHash("sha256").update(statusToken, "utf8").digest("hex")}`;
}

/** What the event carries: the status, whether the order is done with (delivered or collected), and since when. */
export interface OrderStatusEventData {
  status: OrderStatus;
  completed: boolean;
  at: string;
}

export interface PublishedOrder {
  businessOrderId: string;
  statusToken: string;
  status: OrderStatus;
  completedAt: Date | null;
  updatedAt: Date;
}

/**
 * Publishes the order's status on its channel. Best effort: the move is already committed, so a failure is logged
 * and the board's answer is unchanged (the storefront's own pages do not depend on it).
 */
export async function publishOrderStatus(ctx: RequestContext, order: PublishedOrder): Promise<void> {
  if (!ctx.realtime) return;
  const settings = (await getBusinessProfile(ctx.db)).pusherSettings;
  if (!settings?.enabled || !settings.key || !settings.cluster) return;
  const data: OrderStatusEventData = {
    status: order.status,
    completed: order.completedAt !== null,
    at: (order.completedAt ?? order.updatedAt).toISOString(),
  };
  try {
    await ctx.realtime.publish(
      { key: settings.key, cluster: settings.cluster },
      { channel: orderStatusChannel(order.statusToken), name: ORDER_STATUS_EVENT, data: JSON.stringify(data) },
    );
  } catch (error) {
    ctx.log.warn("orders.status_publish_failed", {
      businessOrderId: order.businessOrderId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
