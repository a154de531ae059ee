import { BASKET_MESSAGES } from "../contract";
import type { reserveTimeSlot as reserveTimeSlotEndpoint, ResponseOf } from "../contract";
import type { RequestContext } from "../context";
import { ApiError } from "../errors";
import { withIdempotency } from "../idempotency";
import { holdSlot, refuseIfFull, startReservation, type Reservation, type ReserveInput } from "../slots/service";
import { Turns } from "../slots/turns";
import { lockOwnedBasket, renderBasket, requireAuth, saveBasket } from "./basket";

/**
 * Holds a place in a listed slot for the caller's basket (spec 1 §5), and answers the basket with it. The slots
 * module checks the request and takes the place (see slots/service.ts holdSlot for how capacity holds); the basket
 * row is locked before the place is taken, so two requests for one basket cannot each take one, and the basket then
 * takes the slot's method and location.
 */
export async function reserveTimeSlot(
  ctx: RequestContext,
  input: ReserveInput,
): Promise<ResponseOf<typeof reserveTimeSlotEndpoint>> {
  requireAuth(ctx);
  const reservation = await startReservation(ctx, input);
  const { store, method } = reservation;
  const listed = reservation.slot.listed;
  const hold = () => reserveIn(ctx, input, reservation);
  // The holds of one slot take turns in this process, and a full slot is refused at the start of a turn, before
  // any transaction: under a rush, everything after the slot fills ends at one count (slots/turns.ts).
  return listed ? slotTurns.take(`${store.id}|${method}|${listed.start}`, hold) : hold();
}

const slotTurns = new Turns();

async function reserveIn(ctx: RequestContext, input: ReserveInput, reservation: Reservation) {
  const auth = requireAuth(ctx);
  const { now, point, store, method } = reservation;
  await refuseIfFull(ctx.db, reservation, input.basketToken);
  return withIdempotency(ctx, "basket.reserveTimeSlot", input, async (tx) => {
    const basket = await lockOwnedBasket(tx, input.basketToken, auth);
    if (basket.storeId !== store.id) throw new ApiError(404, BASKET_MESSAGES.otherStore);
    await holdSlot(tx, reservation, basket.token);

    // The slot's location is where the order goes: the basket prices delivery by its distance.
    const location = { postcode: input.postcode?.trim().toUpperCase() || null, lat: point.lat, lng: point.lng };
    const current = await saveBasket(tx, basket, { fulfilmentMethod: method, ...location }, now);
    const rendered = await renderBasket(tx, current, now);
    if (!rendered.selectedSlot) throw new Error(`Hold for basket written but not read back`);
    return {
      selectedSlot: rendered.selectedSlot,
      basketToken: basket.token,
      fulfilmentMethod: method,
      basket: rendered,
    };
  });
}
