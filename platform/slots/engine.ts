import { DateTime } from "luxon";
import type { OpeningRange, Slot, SlotDay, SlotStatus } from "../contract";
import type { WeeklyHours } from "../db/schema";
import { methodOpenState, type MethodRules, type StoreFlags } from "../stores/open-state";

/**
 * The time slots one fulfilment method of one store offers (spec 1 §3, §4), as pure functions of the store's
 * settings, its holidays and an instant.
 *
 * How the rules are read here:
 *
 * - Days. Today (store-local) is day 0. A method that takes future orders (hasFutureSlotType and not
 *   hasOnlyAsapSlotType) lists today through today + orderDaysInAdvance; from store-local hour 22 the next day
 *   is always in the window, so the storefront's evening rule (spec 1 §4: "from server hour 22 the next day is
 *   also included") has slots to offer even with orderDaysInAdvance 0. Any other method lists today only.
 *   Every date of the window that falls within the requested range is listed, with its holidayMessage, even
 *   when it has no slots. A method that is missing or disabled lists nothing; a paused or temporarily closed
 *   store lists its days without slots.
 * - Future slots. Each opening range is cut into slots of slotMinutes, stepping in store-local wall-clock time
 *   from the range's opening ("09:00–10:00", "10:00–11:00" …), and a slot never runs past the range's close.
 *   A range belongs to the day it opens on (its trading day) and follows the open/closed rule of
 *   stores/open-state.ts: a holiday removes that trading day's ranges, a passed cut-off removes them too, and
 *   a range across midnight keeps going into the next date. A slot is listed under the date it starts on.
 *   Across a clock change the steps stay on the wall clock: on the spring-forward day the slot ending at the
 *   missing hour ends at 02:00 BST, and the hour that does not exist yields no slot; on the fall-back day the
 *   repeated hour belongs to the 00:00–01:00 slot, which then lasts two hours.
 * - Offered. A future slot is offered when its start is at least now + leadTime and it can still be chosen:
 *   it expires 5 minutes before its start, or at its trading day's cut-off when that is earlier.
 * - ASAP. Listed first on today, when the open rule (methodOpenState) says the method is open now, which a
 *   pre-order-only method never is. It starts now (rounded up to the minute) and ends at now + leadTime
 *   (rounded up to 5 minutes); fulfilmentIn is the minutes until that end. It can be chosen until the first of
 *   today's cut-off, the current session's close less the lead time, and midnight (ASAP is today's only).
 * - Capacity. A future slot is "full" when its held places reach slotCapacity, "unavailable" when the
 *   capacity is 0 (the business takes no bookings for it). ASAP slots are not capacity-limited: the kitchen's
 *   throughput, not a booking count, limits them, and the method closes when it cannot meet its lead time.
 * - denyPayments (spec 1 §3): the ways of paying whose store setting refuses slots from a time of day on
 *   (store_payment_methods.deny_from_time, e.g. no cash in the evening), by the slot's store-local start.
 */
export interface SlotRules extends MethodRules {
  slotMinutes: number;
  slotCapacity: number;
}

export interface SlotQuery {
  /** Null when the store has no row for the method. */
  method: SlotRules | null;
  store: StoreFlags;
  /** Store-local date (YYYY-MM-DD) → holiday message; must cover the day before startDate through endDate. */
  holidays: ReadonlyMap<string, string>;
  now: Date;
  startDate: string;
  endDate: string;
  /** Places held in each future slot, keyed by the slot's start in epoch milliseconds; absent means none. */
  held?: ReadonlyMap<number, number>;
  /** The store's ways of paying with the time of day from which slots refuse them; absent means none refuse. */
  paymentRules?: readonly SlotPaymentRule[];
}

/** A way of paying and the store-local time of day (HH:mm) from which slots refuse it; null when none do. */
export interface SlotPaymentRule {
  name: string;
  denyFromTime: string | null;
}

/** The ways of paying a slot starting at `startMs` refuses (spec 1 §3 denyPayments), in the rules' order. */
export function deniedPaymentsAt(
  startMs: number,
  zone: string,
  rules: readonly SlotPaymentRule[] | undefined,
): string[] {
  if (!rules?.length) return [];
  const startClock = localClock(startMs, zone);
  return rules
    .filter((rule) => rule.denyFromTime !== null && clockMinutes(rule.denyFromTime) <= startClock)
    .map((rule) => rule.name);
}

/** Spec 1 §9: a future slot can be chosen until 5 minutes before its start. */
export const FUTURE_SLOT_CLOSES_BEFORE_START_MS = 5 * 60_000;
/** Spec 1 §9: from this store-local hour the next day joins the slot window. */
export const EVENING_HOUR = 22;
const MINUTE_MS = 60_000;
const ASAP_END_STEP_MS = 5 * MINUTE_MS;
const DAY_MINUTES = 24 * 60;

export function listSlotDays(query: SlotQuery): SlotDay[] {
  const { method, store, now } = query;
  if (!method || !method.enabled) return [];
  const zone = store.timeZone;
  const today = localDate(now.getTime(), zone);
  const lastOffered = addDays(today, daysOffered(method, now, zone));
  const from = query.startDate > today ? query.startDate : today;
  const to = query.endDate < lastOffered ? query.endDate : lastOffered;
  if (from > to) return [];

  const dates = datesFrom(from, to);
  const slotsOn = new Map<string, Slot[]>(dates.map((date) => [date, []]));
  if (!store.temporarilyClosed && !store.ordersPaused) {
    const asap = slotsOn.has(today) ? asapSlot(query, method, today) : null;
    if (asap) slotsOn.get(today)!.push(asap);
    if (takesFutureOrders(method)) {
      for (const slot of futureSlots(query, method, from, to)) slotsOn.get(slot.slotDate)!.push(slot);
    }
  }
  return dates.map((date) => ({
    slotDate: date,
    holidayMessage: query.holidays.get(date) ?? null,
    slots: slotsOn.get(date)!,
  }));
}

/** The days after today the method lists (0 = today only). */
export function daysOffered(
  method: Pick<SlotRules, "hasFutureSlotType" | "hasOnlyAsapSlotType" | "orderDaysInAdvance">,
  now: Date,
  zone: string,
): number {
  if (!takesFutureOrders(method)) return 0;
  const hour = DateTime.fromMillis(now.getTime(), { zone }).hour;
  return hour >= EVENING_HOUR ? Math.max(method.orderDaysInAdvance, 1) : method.orderDaysInAdvance;
}

function takesFutureOrders(method: Pick<SlotRules, "hasFutureSlotType" | "hasOnlyAsapSlotType">): boolean {
  return method.hasFutureSlotType && !method.hasOnlyAsapSlotType;
}

// ---------------------------------------------------------------------------------------------------------
// Future slots
// ---------------------------------------------------------------------------------------------------------

function futureSlots(query: SlotQuery, method: SlotRules, from: string, to: string): Slot[] {
  const zone = query.store.timeZone;
  const nowMs = query.now.getTime();
  const readyAt = nowMs + method.leadTimeSeconds * 1000;
  const step = method.slotMinutes;
  const byStart = new Map<number, Slot>();
  if (step <= 0) return [];

  // The day before `from` too: its ranges across midnight put slots on `from`.
  for (const tradingDay of datesFrom(addDays(from, -1), to)) {
    if (query.holidays.has(tradingDay)) continue;
    const cutOff = method.cutOffTime ? localInstant(zone, tradingDay, clockMinutes(method.cutOffTime)) : null;
    if (cutOff !== null && nowMs > cutOff) continue;
    for (const range of rangesOn(method.hours, tradingDay)) {
      const open = clockMinutes(range.open);
      let close = clockMinutes(range.close);
      if (close <= open) close += DAY_MINUTES;
      for (let m = open; m + step <= close; m += step) {
        const start = localInstant(zone, tradingDay, m);
        const end = localInstant(zone, tradingDay, m + step);
        // Wall-clock steps through the missing spring-forward hour land on instants already listed or on none.
        if (end <= start || byStart.has(start) || start < readyAt) continue;
        let expires = start - FUTURE_SLOT_CLOSES_BEFORE_START_MS;
        if (cutOff !== null && cutOff < expires) expires = cutOff;
        if (expires <= nowMs) continue;
        const slotDate = localDate(start, zone);
        if (slotDate < from || slotDate > to) continue;
        byStart.set(start, {
          startTime: storeIso(start, zone),
          endTime: storeIso(end, zone),
          slotDate,
          info: {
            isAsap: false,
            status: capacityStatus(method.slotCapacity, query.held?.get(start) ?? 0),
            fulfilmentIn: null,
          },
          expires: storeIso(expires, zone),
          denyPayments: deniedPaymentsAt(start, zone, query.paymentRules),
        });
      }
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

function capacityStatus(capacity: number, held: number): SlotStatus {
  if (capacity <= 0) return "unavailable";
  return held >= capacity ? "full" : "available";
}

// ---------------------------------------------------------------------------------------------------------
// ASAP
// ---------------------------------------------------------------------------------------------------------

function asapSlot(query: SlotQuery, method: SlotRules, today: string): Slot | null {
  const { store, holidays, now } = query;
  const open = methodOpenState({ method, store, holidays, now });
  if (open.status !== "open") return null;

  const zone = store.timeZone;
  const nowMs = now.getTime();
  const leadMs = method.leadTimeSeconds * 1000;
  const start = ceilTo(nowMs, MINUTE_MS);
  // At least a minute long even with no lead time: a slot whose start equals its end is invalid (spec 1 §5).
  const end = ceilTo(Math.max(nowMs + leadMs, start + MINUTE_MS), ASAP_END_STEP_MS);

  const limits = [localInstant(zone, addDays(today, 1), 0)];
  const close = sessionCloseAt(query, method, today);
  if (close !== null) limits.push(close - leadMs);
  if (open.cutOffDateTime !== null) {
    const cutOff = Date.parse(open.cutOffDateTime);
    if (cutOff > nowMs) limits.push(cutOff);
  }
  const expires = Math.max(nowMs, Math.min(...limits));

  return {
    startTime: storeIso(start, zone),
    endTime: storeIso(end, zone),
    slotDate: today,
    info: { isAsap: true, status: "available", fulfilmentIn: Math.ceil((end - nowMs) / MINUTE_MS) },
    expires: storeIso(expires, zone),
    denyPayments: deniedPaymentsAt(start, zone, query.paymentRules),
  };
}

/** The close of the session (ranges joined where they touch) that now lies in; null when none does. */
function sessionCloseAt(query: SlotQuery, method: SlotRules, today: string): number | null {
  const zone = query.store.timeZone;
  const nowMs = query.now.getTime();
  const sessions: { open: number; close: number }[] = [];
  for (const day of datesFrom(addDays(today, -1), addDays(today, 1))) {
    if (query.holidays.has(day)) continue;
    if (method.cutOffTime && nowMs > localInstant(zone, day, clockMinutes(method.cutOffTime))) continue;
    for (const range of rangesOn(method.hours, day)) {
      const open = clockMinutes(range.open);
      let close = clockMinutes(range.close);
      if (close <= open) close += DAY_MINUTES;
      sessions.push({ open: localInstant(zone, day, open), close: localInstant(zone, day, close) });
    }
  }
  sessions.sort((a, b) => a.open - b.open);
  const joined: { open: number; close: number }[] = [];
  for (const session of sessions) {
    const last = joined[joined.length - 1];
    if (last && session.open <= last.close) last.close = Math.max(last.close, session.close);
    else joined.push({ ...session });
  }
  return joined.find((session) => session.open <= nowMs && nowMs < session.close)?.close ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Store-local calendar and clock
// ---------------------------------------------------------------------------------------------------------

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;

function rangesOn(hours: WeeklyHours, date: string): readonly OpeningRange[] {
  return hours[WEEKDAYS[isoWeekday(date) - 1]!] ?? [];
}

/** "09:30" → 570; "24:00" → 1440. */
function clockMinutes(clock: string): number {
  const [hour, minute] = clock.split(":").map(Number) as [number, number];
  return hour * 60 + minute;
}

function ceilTo(ms: number, step: number): number {
  return Math.ceil(ms / step) * step;
}

/** Calendar arithmetic on YYYY-MM-DD needs no time zone: it is done on UTC dates. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

const CACHE_LIMIT = 50_000;

/**
 * A bounded memo of a pure function, keyed by the text `key` makes of its arguments: every listing, hold and basket
 * of a store asks for the same few dates and instants, and luxon's zone offsets (Intl formatToParts) were a fifth of
 * a slot hold's CPU. Past CACHE_LIMIT entries it starts afresh.
 */
function memo<Args extends unknown[], T>(
  key: (...args: Args) => string,
  compute: (...args: Args) => T,
): (...args: Args) => T {
  const cache = new Map<string, T>();
  return (...args) => {
    const k = key(...args);
    const cached = cache.get(k);
    if (cached !== undefined) return cached;
    const computed = compute(...args);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(k, computed);
    return computed;
  };
}

const byZone = (ms: number, zone: string) => `${zone} ${ms}`;

/** The store-local calendar date of an instant: "2026-11-23". */
export const localDate = memo(byZone, (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISODate()!);

/** Minutes since store-local midnight of an instant (09:30 → 570). */
const localClock = memo(byZone, (ms: number, zone: string) => {
  const time = DateTime.fromMillis(ms, { zone });
  return time.hour * 60 + time.minute;
});

/** An instant as the store reads it: "2026-11-23T09:00:00.000+00:00". */
export const storeIso = memo(byZone, (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISO()!);

/**
 * The instant of a wall-clock time `minutes` after the start of a store-local date (1440 and beyond fall on
 * the following days). Luxon moves a time in the spring-forward gap on by the gap and reads a repeated
 * fall-back time at the later offset. Cached: every listing asks for the same few dates and times.
 */
const localInstant = memo(
  (zone: string, date: string, minutes: number) => `${zone} ${date} ${minutes}`,
  (zone: string, date: string, minutes: number): number => {
    const day = addDays(date, Math.floor(minutes / DAY_MINUTES));
    const within = minutes % DAY_MINUTES;
    const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
    return DateTime.fromObject(
      { year, month, day: dayOfMonth, hour: Math.floor(within / 60), minute: within % 60 },
      { zone },
    ).toMillis();
  },
);
