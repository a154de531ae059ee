import {
  addDays,
  cutOffPassed,
  EVENING_HOUR,
  futureSlotDeadline,
  hasUsableTimes,
  instantMs,
  isValidAsapSlot,
  isValidFutureSlot,
  MAX_DAYS_AHEAD,
  NO_SLOTS_TODAY_MESSAGE,
  sameInstant,
  slotStatus,
  storeDate,
  storeHour,
  type SelectedSlot,
  type Slot,
  type SlotDay,
  type SlotTiming,
  type StoreSlotRules,
} from "./slots";

/**
 * Which slot a basket should hold (spec 1 §4 "Time slots"): the slot window, ASAP selection with its cut-off and
 * fallback, the future-selection rule, auto-pick, and revalidation of a held slot. Every rule takes "now" from
 * the caller (the injected clock) and reads store-local dates and hours in the store's zone.
 */

// ---------------------------------------------------------------------------------------------------------
// Window
// ---------------------------------------------------------------------------------------------------------

export interface SlotWindow {
  /** Store-local today. */
  startDate: string;
  endDate: string;
  /** Every date from startDate to endDate. */
  dates: string[];
}

/** Days ahead that orderDaysInAdvance allows, capped at 14. */
export function daysAhead(orderDaysInAdvance: number): number {
  return Math.min(Math.max(0, Math.floor(orderDaysInAdvance || 0)), MAX_DAYS_AHEAD);
}

/**
 * The dates to list: today through today + min(orderDaysInAdvance, 14). From 22:00 store time the next day is
 * also included, so late-evening shoppers always see tomorrow.
 */
export function slotWindow(now: Date, timeZone: string, orderDaysInAdvance: number): SlotWindow {
  const startDate = storeDate(now, timeZone);
  const evening = storeHour(now, timeZone) >= EVENING_HOUR;
  const span = Math.max(daysAhead(orderDaysInAdvance), evening ? 1 : 0);
  const dates = Array.from({ length: span + 1 }, (_, offset) => addDays(startDate, offset));
  return { startDate, endDate: dates[dates.length - 1]!, dates };
}

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

/**
 * A future selection is allowed when the method has the future slot type with days in advance, or — from 22:00
 * store time — whenever it has the future slot type at all (tomorrow has joined the window). Otherwise a future
 * selection is cleared.
 */
export function canSelectFuture(
  store: Pick<StoreSlotRules, "hasFutureSlotType" | "orderDaysInAdvance">,
  serverNow: Date,
  timeZone: string,
): boolean {
  if (!store.hasFutureSlotType) return false;
  return store.orderDaysInAdvance > 0 || storeHour(serverNow, timeZone) >= EVENING_HOUR;
}

/** What the basket should hold now. `clear` carries the spec's message when it has one for the case. */
export type SlotChoice =
  | { action: "select"; timing: SlotTiming; slot: Slot }
  | { action: "clear"; reason: ClearReason; message: string | null };

export type ClearReason = "no-asap-today" | "cut-off-passed" | "no-future-slot" | "nothing-to-pick";

function daysInWindow(slotDays: readonly SlotDay[], window: SlotWindow): SlotDay[] {
  const wanted = new Set(window.dates);
  return slotDays
    .filter((day) => wanted.has(day.slotDate) && !day.holidayMessage)
    .sort((a, b) => a.slotDate.localeCompare(b.slotDate));
}

function validAsapToday(slotDays: readonly SlotDay[], now: Date, store: StoreSlotRules): Slot | null {
  const today = storeDate(now, store.timeZone);
  const day = slotDays.find((candidate) => candidate.slotDate === today && !candidate.holidayMessage);
  return day?.slots.find((slot) => hasUsableTimes(slot) && isValidAsapSlot(slot, now, store.cutOffDateTime)) ?? null;
}

function firstValidFuture(day: SlotDay, now: Date): Slot | null {
  return day.slots.find((slot) => !slot.info.isAsap && hasUsableTimes(slot) && isValidFutureSlot(slot, now)) ?? null;
}

/**
 * Auto-pick: today's ASAP slot, else the first valid slot of the days that follow, day by day, no further than
 * the window (min(orderDaysInAdvance, 14) days; tomorrow as well from 22:00). Returns the first found, or null.
 *
 * Reading of "the first slot on each following day": the days are walked in order from today, and a day's
 * first valid (available, unexpired, not yet started) future slot is taken — today's own future slots come
 * right after today's ASAP slot, so a store without ASAP is not pushed to tomorrow while today still has
 * times. Future slots are only picked where a future selection is allowed (canSelectFuture); full, unavailable
 * or equal-start-and-end slots and holiday days are passed over.
 */
export function autoPickSlot(slotDays: readonly SlotDay[], now: Date, store: StoreSlotRules): Slot | null {
  const asap = validAsapToday(slotDays, now, store);
  if (asap) return asap;
  if (!canSelectFuture(store, now, store.timeZone)) return null;
  for (const day of daysInWindow(slotDays, slotWindow(now, store.timeZone, store.orderDaysInAdvance))) {
    const slot = firstValidFuture(day, now);
    if (slot) return slot;
  }
  return null;
}

function choose(slot: Slot | null, clear: { reason: ClearReason; message: string | null }): SlotChoice {
  if (!slot) return { action: "clear", ...clear };
  return { action: "select", timing: slot.info.isAsap ? "asap" : "future", slot };
}

/** Auto-pick as a choice: what the basket should hold when nothing (valid) is held. */
export function autoPickChoice(slotDays: readonly SlotDay[], now: Date, store: StoreSlotRules): SlotChoice {
  return choose(autoPickSlot(slotDays, now, store), { reason: "nothing-to-pick", message: null });
}

export type AsapSelection = SlotChoice | { action: "refresh-store" };

export interface SelectAsapInput {
  slotDays: readonly SlotDay[];
  now: Date;
  store: StoreSlotRules;
  /** True when `store` was fetched again after an earlier `refresh-store` answer. */
  storeRefreshed?: boolean;
}

/**
 * The shopper asks for ASAP. The cut-off is checked first; when the store details carry a cut-off for another
 * day they are out of date, so the caller is asked to fetch them again (`refresh-store`) and call back with
 * `storeRefreshed`. Before the cut-off: today's valid ASAP slot, or 'There are not available slots for today'.
 * After it: the first valid future slot when the store has future slots and days in advance above 0, else the
 * selection is cleared.
 */
export function selectAsap({ slotDays, now, store, storeRefreshed = false }: SelectAsapInput): AsapSelection {
  const cutOff = instantMs(store.cutOffDateTime);
  const today = storeDate(now, store.timeZone);
  if (cutOff !== null && !storeRefreshed && storeDate(new Date(cutOff), store.timeZone) !== today) {
    return { action: "refresh-store" };
  }
  if (!cutOffPassed(now, store.cutOffDateTime)) {
    return choose(validAsapToday(slotDays, now, store), { reason: "no-asap-today", message: NO_SLOTS_TODAY_MESSAGE });
  }
  if (!(store.hasFutureSlotType && store.orderDaysInAdvance > 0)) {
    return { action: "clear", reason: "cut-off-passed", message: null };
  }
  for (const day of daysInWindow(slotDays, slotWindow(now, store.timeZone, store.orderDaysInAdvance))) {
    const slot = firstValidFuture(day, now);
    if (slot) return choose(slot, { reason: "no-future-slot", message: null });
  }
  return { action: "clear", reason: "no-future-slot", message: null };
}

// ---------------------------------------------------------------------------------------------------------
// Revalidation
// ---------------------------------------------------------------------------------------------------------

export type StaleReason =
  "none-held" | "past-date" | "hold-expired" | "not-listed" | "no-longer-valid" | "future-not-allowed";

export type Revalidation =
  { action: "keep"; timing: SlotTiming } | { action: "reselect"; reason: StaleReason; choice: SlotChoice };

export interface RevalidateInput {
  selected: SelectedSlot | null;
  /**
   * How the held slot was chosen, when the storefront remembers it. An ASAP slot's start moves with the clock,
   * so a held ASAP slot may no longer match the listing by its start; without this the kind is read from the
   * listed slot with the same start.
   */
  timing?: SlotTiming | null;
  slotDays: readonly SlotDay[];
  now: Date;
  store: StoreSlotRules;
}

function findListed(slotDays: readonly SlotDay[], start: string): Slot | null {
  for (const day of slotDays) {
    const slot = day.slots.find((candidate) => sameInstant(candidate.startTime, start));
    if (slot) return slot;
  }
  return null;
}

/**
 * Checks the held slot on each change and at store-local midnight (see nextRevalidationAt). A stale selection —
 * a date before today, a lapsed hold, a slot the listing no longer offers, one no longer valid, or a future
 * slot the future-selection rule now refuses — is replaced by auto-pick (today's ASAP first), except that a
 * lapsed hold on a slot still valid is simply taken again. With nothing held, auto-pick chooses.
 *
 * A held future slot listed as "full" is kept while its hold lasts: the basket's own hold may be the place
 * that filled it.
 */
export function revalidateSelection({ selected, timing, slotDays, now, store }: RevalidateInput): Revalidation {
  const reselect = (reason: StaleReason, choice?: SlotChoice): Revalidation => ({
    action: "reselect",
    reason,
    choice: choice ?? autoPickChoice(slotDays, now, store),
  });
  if (!selected) return reselect("none-held");

  const today = storeDate(now, store.timeZone);
  if (selected.date < today) return reselect("past-date");

  const listed = findListed(slotDays, selected.start);
  const kind: SlotTiming | null = timing ?? (listed ? (listed.info.isAsap ? "asap" : "future") : null);
  if (!kind) return reselect("not-listed");

  const expires = instantMs(selected.expires);
  const holdLapsed = expires !== null && now.getTime() >= expires;

  if (kind === "asap") {
    if (selected.date !== today || !validAsapToday(slotDays, now, store)) return reselect("no-longer-valid");
    return holdLapsed ? reselect("hold-expired") : { action: "keep", timing: "asap" };
  }

  if (!canSelectFuture(store, now, store.timeZone)) return reselect("future-not-allowed");
  if (!listed || listed.info.isAsap) return reselect("not-listed");
  if (holdLapsed) {
    const again = isValidFutureSlot(listed, now) && hasUsableTimes(listed);
    return reselect("hold-expired", again ? { action: "select", timing: "future", slot: listed } : undefined);
  }
  const start = instantMs(selected.start);
  const deadline = futureSlotDeadline({ startTime: selected.start, expires: selected.expires });
  const stillValid =
    start !== null &&
    deadline !== null &&
    now.getTime() < deadline &&
    start > now.getTime() &&
    slotStatus(listed) !== "unavailable";
  return stillValid ? { action: "keep", timing: "future" } : reselect("no-longer-valid");
}
