import { api, BASKET_MESSAGES, type Basket, type StoreDetails } from "#contract";
import {
  hasUsableTimes,
  INVALID_ASAP_SLOT_MESSAGE,
  NO_SLOTS_TODAY_MESSAGE,
  slotRulesFor,
  storeDate,
  validateSlotTimes,
  type Slot,
  type SlotDay,
  type SlotTiming,
} from "~/models/slots";
import { revalidateSelection, selectAsap, slotWindow } from "~/models/slots-selection";
import { sessionBasket } from "~/shopper/basket.server";
import type { Shopper } from "~/services/context";
import type { FulfilmentMethod } from "~/models/shopper";
import { PlatformError } from "~/services/platform-client.server";
import { hasLocation, locationInput } from "~/shopper/store-selection.server";

export const FULFILMENT_SWITCHED = "Fulfilment switched successfully.";
/** Spec 2 §8, the platform's words for a switch it refuses, and the storefront's for one it could not make. */
export const CANNOT_SWAP_FULFILMENT = BASKET_MESSAGES.cannotSwapMethod;

/**
 * The shopper's basket for the selected store, or null when there is none yet. Never creates one. Read once per
 * request (the root's bottom navigation and the store layout both want it).
 */
export async function currentBasket(shopper: Shopper, store: StoreDetails): Promise<Basket | null> {
  if (shopper.session.get("store")?.id !== store.id) return null;
  return sessionBasket(shopper);
}

/**
 * The platform's clock (GET /api/server-time): spec 1 §4 lets the server's hour decide the evening rule, and a remote
 * platform's clock is the one its slots are cut by. The storefront's own clock stands in when the answer is missing or
 * unreadable, so a slow or failing clock call never hides the slots.
 */
export async function serverNow(shopper: Shopper, fallback: Date): Promise<Date> {
  try {
    const { timeUTC } = await shopper.api.call(api.serverTime, {});
    const ms = Date.parse(timeUTC);
    return Number.isNaN(ms) ? fallback : new Date(ms);
  } catch {
    return fallback;
  }
}

/**
 * The shopper's coordinates for the slot listing (spec 1 §5: "slot listing needs coordinates, geocoded from the
 * postcode if missing"). A postcode search saves no coordinates: the first listing geocodes it with
 * POST /api/location/geocode and keeps the answer in the session. Null when there is nothing to geocode or the
 * postcode cannot be placed: the listing then returns nothing.
 */
export async function slotCoordinates(
  shopper: Shopper,
): Promise<{ postcode?: string; latitude: number; longitude: number } | null> {
  const location = shopper.session.get("location");
  if (!hasLocation(location)) return null;
  const postcode = location.postcode ? { postcode: location.postcode } : {};
  if (location.latitude !== null && location.longitude !== null)
    return { ...postcode, latitude: location.latitude, longitude: location.longitude };
  if (!location.postcode) return null;
  try {
    const found = await shopper.api.call(api.geocode, { postcode: location.postcode, country: "Uk" });
    shopper.session.set("location", { ...location, latitude: found.latitude, longitude: found.longitude });
    return { postcode: location.postcode, latitude: found.latitude, longitude: found.longitude };
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}

/**
 * The slot days the picker shows: today through the method's days in advance, and tomorrow too from the server's
 * hour 22 (spec 1 §4 window rules). `now` is the platform's time (serverNow).
 */
export async function listSlotDays(
  shopper: Shopper,
  store: StoreDetails,
  method: FulfilmentMethod,
  now: Date,
): Promise<SlotDay[]> {
  const where = await slotCoordinates(shopper);
  if (!where) return [];
  const rules = slotRulesFor(store, method);
  const window = slotWindow(now, rules.timeZone, store.orderMethods[method].orderDaysInAdvance);
  const { slotDays } = await shopper.api.call(api.listTimeSlots, {
    startDate: window.startDate,
    endDate: window.endDate,
    storeId: store.id,
    fulfilmentMethod: method,
    ...where,
  });
  return slotDays;
}

/** Holds a slot for the basket; remembers whether it was ASAP. */
export async function reserveSlot(
  shopper: Shopper,
  store: StoreDetails,
  startTime: string,
  timing: SlotTiming,
  idempotencyKey?: string,
) {
  const token = shopper.session.get("basketToken");
  if (!token) throw new PlatformError(400, "Cannot perform basket action - no store selected");
  const method = shopper.session.get("fulfilmentMethod") ?? "delivery";
  const result = await shopper.api.call(
    api.reserveTimeSlot,
    {
      storeId: store.id,
      basketToken: token,
      timeSlotDate: startTime,
      fulfilmentMethod: method,
      ...locationInput(shopper.session.get("location")),
    },
    idempotencyKey ? { idempotencyKey } : {},
  );
  shopper.session.set("basketToken", result.basketToken);
  shopper.session.set("slotTiming", timing);
  return result;
}

export type SlotChoiceOutcome = { ok: true; slot: Slot; timing: SlotTiming } | { ok: false; message: string };

/**
 * What a shopper's choice of a listed slot holds (spec 1 §4, §5). First its data: a start or end that is missing is
 * refused ('Invalid slot data: missing startTime or endTime'); equal start and end are refused with the message for the
 * slot's kind, except that an ASAP slot is first swapped for another valid ASAP slot of the listing. Then an ASAP choice
 * checks the store's cut-off (fetching the store details again when their cut-off is not today's): before it, today's
 * valid ASAP slot; after it, the first valid future slot when the method takes future orders ahead, else nothing.
 */
export async function chooseListedSlot(
  shopper: Shopper,
  chosen: Slot,
  slotDays: readonly SlotDay[],
  store: StoreDetails,
  method: FulfilmentMethod,
  now: Date,
): Promise<SlotChoiceOutcome> {
  const rules = slotRulesFor(store, method);
  const checked = validateSlotTimes(chosen, {
    candidates: slotDays.flatMap((day) => day.slots),
    now,
    storeCutOff: rules.cutOffDateTime,
  });
  if (!checked.ok) return checked;
  if (!checked.slot.info.isAsap) return { ok: true, slot: checked.slot, timing: "future" };
  let choice = selectAsap({ slotDays, now, store: rules });
  if (choice.action === "refresh-store") {
    const fresh = await shopper.api.call(api.selectStore, {
      storeId: store.id,
      ...locationInput(shopper.session.get("location")),
    });
    choice = selectAsap({ slotDays, now, store: slotRulesFor(fresh, method), storeRefreshed: true });
  }
  if (choice.action === "refresh-store") return { ok: false, message: NO_SLOTS_TODAY_MESSAGE };
  if (choice.action === "clear") return { ok: false, message: choice.message ?? NO_SLOTS_TODAY_MESSAGE };
  return { ok: true, slot: choice.slot, timing: choice.timing };
}

/**
 * The same check where an order is placed (spec 1 §5), on the basket's held slot: missing times and equal times of a
 * future slot refuse the order; an ASAP hold with equal times is swapped for another valid ASAP slot when the listing
 * has one (the basket then holds that slot), else refused. Answers the basket to order with.
 */
export async function checkHeldSlotTimes(
  shopper: Shopper,
  store: StoreDetails,
  basket: Basket,
  /** The storefront's clock: the platform's is asked for only when another ASAP slot is looked for. */
  fallbackNow: Date,
): Promise<{ ok: true; basket: Basket } | { ok: false; message: string }> {
  const held = basket.selectedSlot;
  if (!held) return { ok: true, basket };
  const isAsap = shopper.session.get("slotTiming") === "asap";
  const asSlot = {
    startTime: held.start,
    endTime: held.end,
    slotDate: held.date,
    info: { isAsap, status: "available", fulfilmentIn: null },
    expires: held.expires,
    denyPayments: held.denyPayments,
  };
  const first = validateSlotTimes(asSlot);
  if (first.ok) return { ok: true, basket };
  // Only an ASAP slot with equal times looks for another; missing times and future slots are refused as they are.
  if (!isAsap || first.message !== INVALID_ASAP_SLOT_MESSAGE) return first;
  const method = basket.fulfilmentMethod.type;
  const now = await serverNow(shopper, fallbackNow);
  const slotDays = await listSlotDays(shopper, store, method, now);
  const swapped = validateSlotTimes(asSlot, {
    candidates: slotDays.flatMap((day) => day.slots),
    now,
    storeCutOff: slotRulesFor(store, method).cutOffDateTime,
  });
  if (!swapped.ok) return swapped;
  try {
    return { ok: true, basket: (await reserveSlot(shopper, store, swapped.slot.startTime, "asap")).basket };
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) return { ok: false, message: INVALID_ASAP_SLOT_MESSAGE };
    throw error;
  }
}

/**
 * Spec 1 §4 "Time slots": the held slot is checked on every visit (and at store-local midnight, by the page); a
 * stale one is replaced by auto-pick (today's ASAP first). Answers the basket as it now stands.
 */
export async function revalidateHeldSlot(
  shopper: Shopper,
  store: StoreDetails,
  basket: Basket,
  slotDays: SlotDay[],
  now: Date,
): Promise<Basket> {
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
export async function switchFulfilment(
  shopper: Shopper,
  store: StoreDetails,
  method: FulfilmentMethod,
  now: Date,
): Promise<void> {
  const token = shopper.session.get("basketToken");
  const previousTiming = shopper.session.get("slotTiming");
  if (token) {
    try {
      await shopper.api.call(api.updateBasket, { basketToken: token, fulfilmentMethod: method });
    } catch (error) {
      // A refusal, or a platform that failed to answer: either way the basket kept its method, and the shopper is told
      // so in the spec's words rather than shown an error page (the failure's status stays in the error code, which the switch logs).
      if (error instanceof PlatformError) {
        throw new PlatformError(
          error.status < 500 ? error.status : 409,
          CANNOT_SWAP_FULFILMENT,
          error.status < 500 ? error.errorCode : `PLATFORM_${error.status}`,
        );
      }
      throw error;
    }
  }
  shopper.session.set("fulfilmentMethod", method);
  shopper.session.unset("slotTiming");
  if (!token || !previousTiming || !store.orderMethods[method].enabledForMethod) return;

  const slotDays = await listSlotDays(shopper, store, method, now);
  const today = storeDate(now, slotRulesFor(store, method).timeZone);
  const candidates = slotDays
    .flatMap((d) => d.slots)
    .filter((s) => s.info.status.toLowerCase() === "available" && hasUsableTimes(s));
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
