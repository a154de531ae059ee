import { api, type Basket, type StoreDetails } from "../../../platform/contract";
import { slotRulesFor, storeDate, type SlotDay, type SlotTiming } from "~/models/slots";
import { revalidateSelection, slotWindow } from "~/models/slots-selection";
import { sessionBasket } from "~/routes/basket/basket.server";
import type { Shopper } from "~/services/context";
import type { FulfilmentMethod } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";
import { hasLocation, locationInput } from "./store-selection.server";

export const FULFILMENT_SWITCHED = "Fulfilment switched successfully.";
export const CANNOT_SWAP_FULFILMENT = "We cannot swap fulfilment method at the moment";

/**
 * The shopper's basket for the selected store, or null when there is none yet. Never creates one. Read once per
 * request (the root's bottom navigation and the store layout both want it).
 */
export async function currentBasket(shopper: Shopper, store: StoreDetails): Promise<Basket | null> {
  if (shopper.session.get("store")?.id !== store.id) return null;
  return sessionBasket(shopper);
}

/** The slot days the picker shows: today through the method's days in advance (spec 1 §4 window rules). */
export async function listSlotDays(shopper: Shopper, store: StoreDetails, method: FulfilmentMethod, now: Date): Promise<SlotDay[]> {
  const location = shopper.session.get("location");
  if (!hasLocation(location)) return [];
  const rules = slotRulesFor(store, method);
  const window = slotWindow(now, rules.timeZone, store.orderMethods[method].orderDaysInAdvance);
  const { slotDays } = await shopper.api.call(api.listTimeSlots, {
    startDate: window.startDate,
    endDate: window.endDate,
    storeId: store.id,
    fulfilmentMethod: method,
    ...locationInput(location),
  });
  return slotDays;
}

/** Holds a slot for the basket; remembers whether it was ASAP. */
export async function reserveSlot(shopper: Shopper, store: StoreDetails, startTime: string, timing: SlotTiming, idempotencyKey?: string) {
  const token = shopper.session.get("basketToken");
  if (!token) throw new PlatformError(400, "Cannot perform basket action - no store selected");
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const result = await shopper.api.call(
    api.reserveTimeSlot,
    { storeId: store.id, basketToken: token, timeSlotDate: startTime, fulfilmentMethod: method, ...locationInput(shopper.session.get("location")) },
    idempotencyKey ? { idempotencyKey } : {},
  );
  shopper.session.set("basketToken", result.basketToken);
  shopper.session.set("slotTiming", timing);
  return result;
}

/**
 * Spec 1 §4 "Time slots": the held slot is checked on every visit (and at store-local midnight, by the page); a
 * stale one is replaced by auto-pick (today's ASAP first). Answers the basket as it now stands.
 */
export async function revalidateHeldSlot(shopper: Shopper, store: StoreDetails, basket: Basket, slotDays: SlotDay[], now: Date): Promise<Basket> {
  if (!basket.selectedSlot) return basket;
  const method = basket.fulfilmentMethod.type;
  const result = revalidateSelection({
    selected: basket.selectedSlot,
    timing: shopper.session.get("slotTiming") ?? null,
    slotDays,
    now,
    store: slotRulesFor(store, method),
  });
  if (result.action === "keep" || result.choice.action !== "select") return basket;
  try {
    return (await reserveSlot(shopper, store, result.choice.slot.startTime, result.choice.timing)).basket;
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) return basket;
    throw error;
  }
}

/**
 * Spec 1 §4 "Fulfilment method": switching clears the slot and reselects the same kind of slot (ASAP for ASAP,
 * the first future slot for a future one) when the new method offers one.
 */
export async function switchFulfilment(shopper: Shopper, store: StoreDetails, method: FulfilmentMethod, now: Date): Promise<void> {
  const token = shopper.session.get("basketToken");
  const previousTiming = shopper.session.get("slotTiming");
  if (token) {
    try {
      await shopper.api.call(api.updateBasket, { basketToken: token, fulfilmentMethod: method });
    } catch (error) {
      if (error instanceof PlatformError && error.status < 500) throw new PlatformError(error.status, CANNOT_SWAP_FULFILMENT);
      throw error;
    }
  }
  shopper.session.set("fulfilmentMethod", method);
  shopper.session.unset("slotTiming");
  if (!token || !previousTiming || !store.orderMethods[method].enabledForMethod) return;

  const slotDays = await listSlotDays(shopper, store, method, now);
  const today = storeDate(now, slotRulesFor(store, method).timeZone);
  const candidates = slotDays.flatMap((d) => d.slots).filter((s) => s.info.status.toLowerCase() === "available");
  const same =
    previousTiming === "asap"
      ? candidates.find((s) => s.info.isAsap && s.slotDate === today)
      : candidates.find((s) => !s.info.isAsap);
  if (!same) return;
  try {
    await reserveSlot(shopper, store, same.startTime, previousTiming);
  } catch (error) {
    if (!(error instanceof PlatformError && error.status < 500)) throw error;
  }
}
