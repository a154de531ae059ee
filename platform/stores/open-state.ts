import { DateTime } from "luxon";
import type { MethodStatus, OpeningRange } from "../contract";
import type { WeeklyHours } from "../db/schema";

/**
 * Open / pre-order / closed for one fulfilment method of one store at one instant (spec 1 §4).
 *
 * How the rule is read here, precisely:
 *
 * - Hours. `hours` gives, per ISO weekday, ranges of store-local clock time during which the method fulfils
 *   orders. A range belongs to the day it opens on (its "trading day"). "24:00" closes at the following
 *   midnight; a close at or before the open ("22:00"–"02:00") closes on the next calendar day. Clock times are
 *   turned into instants in the store's time zone on their own date, so a range keeps its wall-clock ends
 *   across a GMT/BST change and is an hour shorter or longer that day. A wall time that does not exist (01:30
 *   on the spring-forward day) moves forward by the gap, as luxon does.
 * - Holidays. A holiday date removes every range whose trading day is that date, including the part of an
 *   overnight range after midnight. `holidayMessage` and `openingHoursToday` describe today's calendar date.
 * - Cut-off. `cutOffTime` is the last store-local time at which orders for the same trading day are taken:
 *   once now is past the trading day's date at that time, that day's ranges take no more orders. Later days are
 *   unaffected. `cutOffDateTime` reports today's cut-off instant (null without a cut-off, or when today has no
 *   ranges).
 * - Sessions. The ranges of yesterday (for overnight ranges still running), today and the following
 *   `orderDaysInAdvance` days that survive the holiday and cut-off rules are joined where one ends exactly
 *   when (or after) the next begins, so a 24-hour store is one continuous session and an order at 23:50 with a
 *   45-minute lead time is not refused for crossing midnight.
 * - Earliest fulfilment (`earliestOpeningDate`). The earliest whole minute t with t ≥ now + leadTime that lies
 *   within a session (open ≤ t ≤ close). Null when there is none in that window, and null whenever the method
 *   is closed by a flag (disabled, paused, temporarily closed), since no moment is known then.
 * - Status, first match wins:
 *   1. closed: no method row, the method disabled, the store temporarily closed, or orders paused (the
 *      storefront shows 'This store is currently paused' from the store's ordersPaused flag);
 *   2. preorder-only methods: preorder when an earliest fulfilment exists, else closed (they never open for
 *      same-day ASAP orders, which is how "not future-only" in the open rule is read);
 *   3. open: now lies inside a session (open ≤ now < close) and now + leadTime ≤ that session's close. A
 *      session exists only for non-holiday trading days before their cut-off, so this is "not a holiday, in
 *      hours, lead time fits, cut-off not passed";
 *   4. preorder: the method takes future orders (hasFutureSlotType, and not hasOnlyAsapSlotType, which wins if
 *      both are set) and an earliest fulfilment exists;
 *   5. closed otherwise.
 */
export interface MethodRules {
  enabled: boolean;
  preorderOnly: boolean;
  hours: WeeklyHours;
  leadTimeSeconds: number;
  /** HH:mm, store-local; null = no cut-off. */
  cutOffTime: string | null;
  orderDaysInAdvance: number;
  hasOnlyAsapSlotType: boolean;
  hasFutureSlotType: boolean;
}

export interface StoreFlags {
  timeZone: string;
  temporarilyClosed: boolean;
  ordersPaused: boolean;
}

export interface OpenStateInput {
  /** Null when the store has no row for the method. */
  method: MethodRules | null;
  store: StoreFlags;
  /** Store-local date (YYYY-MM-DD) → holiday message. */
  holidays: ReadonlyMap<string, string>;
  now: Date;
}

export interface MethodOpenState {
  status: MethodStatus;
  earliestOpeningDate: string | null;
  cutOffDateTime: string | null;
  openingHoursToday: OpeningRange[];
  holidayMessage: string | null;
}

interface Session {
  open: number;
  close: number;
}

const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;

export function methodOpenState(input: OpenStateInput): MethodOpenState {
  const { method, store, holidays, now } = input;
  const zone = store.timeZone;
  const today = localDate(now, zone);
  const holidayMessage = holidays.get(today) ?? null;

  if (!method) {
    return { status: "closed", earliestOpeningDate: null, cutOffDateTime: null, openingHoursToday: [], holidayMessage };
  }

  const todaysRanges = holidayMessage === null ? rangesOn(method.hours, today) : [];
  const cutOffToday =
    method.cutOffTime && todaysRanges.length > 0 ? localInstant(zone, today, method.cutOffTime) : null;
  const base = {
    cutOffDateTime: cutOffToday === null ? null : new Date(cutOffToday).toISOString(),
    openingHoursToday: todaysRanges.map((r) => ({ open: r.open, close: r.close })),
    holidayMessage,
  };

  if (!method.enabled || store.temporarilyClosed || store.ordersPaused) {
    return { status: "closed", earliestOpeningDate: null, ...base };
  }

  const nowMs = now.getTime();
  const sessions = orderableSessions(method, zone, today, holidays, nowMs);
  const readyAt = nowMs + method.leadTimeSeconds * 1000;

  // The earliest fulfilment is told to the whole minute (the first whole minute at or after now + leadTime): shoppers
  // read times in minutes, and a store page's answer then stays the same for a minute, so its ETag does (issue 17).
  const readyAtMinute = Math.ceil(readyAt / 60_000) * 60_000;
  let earliest: number | null = null;
  let openNow = false;
  for (const session of sessions) {
    const candidate = Math.max(session.open, readyAtMinute);
    if (candidate <= session.close && (earliest === null || candidate < earliest)) earliest = candidate;
    if (session.open <= nowMs && nowMs < session.close && readyAt <= session.close) openNow = true;
  }
  const earliestOpeningDate = earliest === null ? null : new Date(earliest).toISOString();
  const takesFutureOrders = method.hasFutureSlotType && !method.hasOnlyAsapSlotType;

  let status: MethodStatus;
  if (method.preorderOnly) status = earliest !== null ? "preorder" : "closed";
  else if (openNow) status = "open";
  else if (takesFutureOrders && earliest !== null) status = "preorder";
  else status = "closed";

  return { status, earliestOpeningDate, ...base };
}

/** The sessions from yesterday to today + orderDaysInAdvance that still take orders, joined where they touch. */
function orderableSessions(
  method: MethodRules,
  zone: string,
  today: string,
  holidays: ReadonlyMap<string, string>,
  nowMs: number,
): Session[] {
  const sessions: Session[] = [];
  for (let offset = -1; offset <= method.orderDaysInAdvance; offset++) {
    const day = addDays(today, offset);
    if (holidays.has(day)) continue;
    if (method.cutOffTime && nowMs > localInstant(zone, day, method.cutOffTime)) continue;
    for (const range of rangesOn(method.hours, day)) {
      const open = localInstant(zone, day, range.open);
      let close = localInstant(zone, day, range.close);
      if (close <= open) close = localInstant(zone, addDays(day, 1), range.close);
      if (close > nowMs) sessions.push({ open, close });
    }
  }
  sessions.sort((a, b) => a.open - b.open);
  const joined: Session[] = [];
  for (const session of sessions) {
    const last = joined[joined.length - 1];
    if (last && session.open <= last.close) last.close = Math.max(last.close, session.close);
    else joined.push({ ...session });
  }
  return joined;
}

function rangesOn(hours: WeeklyHours, date: string): readonly OpeningRange[] {
  return hours[WEEKDAYS[isoWeekday(date) - 1]!] ?? [];
}

/*
 * Calendar arithmetic on YYYY-MM-DD needs no time zone: it is done on UTC dates. Only turning a store-local
 * date and clock time into an instant needs the zone's rules, and that is what costs (luxon asks Intl for the
 * offset each time), so those answers are kept: a store's hours repeat the same few times on the same few dates.
 */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

const INSTANT_CACHE_LIMIT = 50_000;
const instantCache = new Map<string, number>();

/** The instant of a store-local clock time on a date, in epoch milliseconds; "24:00" is the next midnight. */
function localInstant(zone: string, date: string, clock: string): number {
  const key = `${zone} ${date} ${clock}`;
  const cached = instantCache.get(key);
  if (cached !== undefined) return cached;
  const [hour, minute] = clock.split(":").map(Number) as [number, number];
  const [year, month, day] = (hour === 24 ? addDays(date, 1) : date).split("-").map(Number) as [number, number, number];
  const millis = DateTime.fromObject({ year, month, day, hour: hour === 24 ? 0 : hour, minute }, { zone }).toMillis();
  if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
  instantCache.set(key, millis);
  return millis;
}

/** The store-local dates from today through today + days, for the store's day list. */
export function storeDates(now: Date, timeZone: string, days: number): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: days + 1 }, (_, i) => addDays(today, i));
}

/** The window of dates whose holidays the rule can consult: yesterday through today + days. */
export function holidayWindow(now: Date, timeZone: string, days: number): { from: string; to: string } {
  const today = localDate(now, timeZone);
  return { from: addDays(today, -1), to: addDays(today, days) };
}
