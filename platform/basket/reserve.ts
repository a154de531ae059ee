import { BASKET_MESSAGES, type ResponseOf } from "../contract";
import type { reserveTimeSlot as reserveTimeSlotEndpoint } from "../contract";
import type { RequestContext } from "../context";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { holdSlot, startReservation, type ReserveInput } from "../slots/service";
import { lockOwnedBasket, renderBasket, requireAuth, saveBasket } from "./basket";

/**
 * Holds a place in a listed slot for the caller's basket (spec 1 §5), and answers the basket with it. The slots
 * module checks the request and takes the place (see slots/service.ts holdSlot for how capacity holds); the basket
 * row is locked before the place is taken, so two requests for one basket cannot each take one, and the basket then
 * takes the slot's method and location.
 */
export async function reserveTimeSlot(ctx: RequestContext, input: ReserveInput): Promise<ResponseOf<typeof reserveTimeSlotEndpoint>> {
  const auth = requireAuth(ctx);
  const reservation = await startReservation(ctx, input);
  const { now, point, store, method } = reservation;

  return withIdempotency(ctx, "basket.reserveTimeSlot", input, async (tx) => {
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    if (basket.storeId !== store.id) throw new ApiError(404, BASKET_MESSAGES.otherStore);
    await holdSlot(tx, reservation, basket.token);

    // The slot's location is where the order goes: the basket prices delivery by its distance.
    const location = { postcode: input.postcode?.trim().toUpperCase() || null, lat: point.lat, lng: point.lng };
    const current = await saveBasket(tx, basket, { fulfilmentMethod: method, ...location }, now);
    const rendered = await renderBasket(tx, current, now);
    if (!rendered.selectedSlot) throw new Error(`Hold for basket written but not read back`);
    return { selectedSlot: rendered.selectedSlot, basketToken: basket.token, fulfilmentMethod: method, basket: rendered };
  });
}
