import { api } from "#contract";
import { distanceAway, haversineMiles, openStreetMapUrl, updatedAgo } from "~/models/driver-tracking";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import type { DriverTrackingData } from "~/components/order-tracking/DriverTracking";

/**
 * What a shopper following an order sees of its driver (order/getDriverLocation): nothing unless the order is out for
 * delivery; then the driver's last position as words worked out here with the server's clock — distance from the
 * delivery address, how long ago — and OpenStreetMap's page at that point. The order's own shopper (session or
 * member) may ask by its number; anyone else holding the status page's token passes it as `statusToken`.
 * An order the platform will not name (404), or a failing call, shows no tracking rather than a broken page.
 */
export async function driverTracking(
  shopper: Shopper,
  order: { businessOrderId: string; statusToken?: string },
  now: Date,
): Promise<DriverTrackingData> {
  let answer;
  try {
    answer = await shopper.api.call(api.getDriverLocation, {
      businessOrderId: order.businessOrderId,
      ...(order.statusToken ? { statusToken: order.statusToken } : {}),
    });
  } catch (error) {
    if (error instanceof PlatformError) return { trackable: false };
    throw error;
  }
  if (!answer.trackable) return { trackable: false };
  const at = answer.location;
  if (!at) return { trackable: true, position: null };
  return {
    trackable: true,
    position: {
      lat: at.lat,
      lng: at.lng,
      distance: answer.destination ? distanceAway(haversineMiles(at, answer.destination)) : null,
      updated: updatedAgo(new Date(at.recordedAt), now),
      mapUrl: openStreetMapUrl(at),
    },
  };
}
