/**
 * Time slots (spec 1 §3 "Slot and slot day", §4 "Time slots", §5, §9): the shapes the platform lists, when a
 * slot may be chosen, the slot-data messages, and the labels the slot picker shows.
 *
 * This file is imported by the slot picker, so it reaches the browser: it formats and reads store-local time
 * with Intl only (luxon stays on the server, see slots-calendar.ts).
 */
import { CHECKOUT_MESSAGES } from "#contract/checkout-rules";

// ---------------------------------------------------------------------------------------------------------
// Constants and messages (spec 1 §5, §9)
// ---------------------------------------------------------------------------------------------------------

export const DEFAULT_TIME_ZONE = "Europe/London";
/** The slot listing is re-requested this often while the picker is open. */
export const SLOT_REFRESH_MS = 60_000;
/** A future slot without a reservation expiry stays choosable until this long before it starts. */
export const FUTURE_SLOT_GRACE_MS = 5 * 60_000;
/** From this store-local hour the next day joins the slot window and future slots may be chosen. */
export const EVENING_HOUR = 22;
/** Auto-pick and the slot window never reach further ahead than this many days. */
export const MAX_DAYS_AHEAD = 14;

export const INVALID_ASAP_SLOT_MESSAGE = "Invalid time slot selected. Please try again or contact support.";
export const INVALID_FUTURE_SLOT_MESSAGE = CHECKOUT_MESSAGES.invalidSlot;
export const MISSING_SLOT_TIMES_MESSAGE = "Invalid slot data: missing startTime or endTime";
export const NO_SLOTS_TODAY_MESSAGE = "There are not available slots for today";
/** The picker's words for a later day with nothing listed (UX; the spec only words the "today" case). */
export const NO_SLOTS_ON_DAY_MESSAGE = "No times left on this day";

// ---------------------------------------------------------------------------------------------------------
// Shapes (as the platform lists them: POST /api/stores/timeslots/list)
// ---------------------------------------------------------------------------------------------------------

export type SlotStatus = "available" | "full" | "unavailable";
export type FulfilmentMethod = "delivery" | "collection";
/** Spec 1 §4 slot types; "preorder" timing is a future slot chosen while the store is not yet open. */
export type SlotTiming = "asap" | "future";

export interface SlotInfo {
  isAsap: boolean;
  /** "available", "full" or "unavailable"; compared without regard to case. */
  status: string;
  /** Minutes until an ASAP order arrives, when the platform knows. */
  fulfilmentIn: number | null;
}

export interface Slot {
  /** ISO-8601 instants with offset. */
  startTime: string;
  endTime: string;
  /** YYYY-MM-DD, store-local. */
  slotDate: string;
  info: SlotInfo;
  /** The last instant the slot may be reserved; null means five minutes before it starts. */
  expires: string | null;
  denyPayments: readonly string[];
}

export interface SlotDay {
  slotDate: string;
  holidayMessage: string | null;
  slots: readonly Slot[];
}

/** The basket's selectedSlot (spec 2 §3); `expires` is when the hold lapses. */
export interface SelectedSlot {
  date: string;
  start: string;
  end: string;
  expires: string | null;
}

/**
 * The parts of a store's method state (store details orderMethods[method]) that the slot rules read, with the
 * store's time zone (info.storeTimeZone).
 */
export interface StoreSlotRules {
  timeZone: string;
  /** Today's same-day cut-off instant, or null when the method has none. */
  cutOffDateTime: string | null;
  hasFutureSlotType: boolean;
  orderDaysInAdvance: number;
}

/** The slot rules of one method of a store, from the store details the platform returns. */
export function slotRulesFor(
  store: {
    info: { storeTimeZone: string };
    orderMethods: Record<FulfilmentMethod, Omit<StoreSlotRules, "timeZone">>;
  },
  method: FulfilmentMethod,
): StoreSlotRules {
  const state = store.orderMethods[method];
  return {
    timeZone: store.info.storeTimeZone || DEFAULT_TIME_ZONE,
    cutOffDateTime: state.cutOffDateTime,
    hasFutureSlotType: state.hasFutureSlotType,
    orderDaysInAdvance: state.orderDaysInAdvance,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Instants, dates and store-local time (Intl only)
// ---------------------------------------------------------------------------------------------------------

/** Milliseconds of an ISO instant, or null when it is absent or not an instant. */
export function instantMs(value: string | null | undefined): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether two ISO strings name the same instant, whatever offset each is written with. */
export function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = instantMs(a);
  return x !== null && x === instantMs(b);
}

// Building an Intl formatter costs far more than using one, and a slot list formats dozens of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

function partsIn(instant: Date, timeZone: string): Record<"year" | "month" | "day" | "hour", string> {
  const parts = formatter(
    `parts|${timeZone}`,
    () =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        hourCycle: "h23",
      }),
  ).formatToParts(instant);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  return { year: pick("year"), month: pick("month"), day: pick("day"), hour: pick("hour") };
}

/** The store-local calendar date (YYYY-MM-DD) of an instant. */
export function storeDate(instant: Date, timeZone: string): string {
  const { year, month, day } = partsIn(instant, timeZone);
  return `${year}-${month}-${day}`;
}

/** The store-local hour (0–23) of an instant. */
export function storeHour(instant: Date, timeZone: string): number {
  return Number(partsIn(instant, timeZone).hour) % 24;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateToUtc(date: string): Date {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A calendar date moved by whole days; calendar dates have no zone, so a clock change cannot shift them. */
export function addDays(date: string, days: number): string {
  const moved = dateToUtc(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Validity (spec 1 §4 "Time slots")
// ---------------------------------------------------------------------------------------------------------

/** The slot's status in lower case; anything the storefront does not know counts as unavailable. */
export function slotStatus(slot: Pick<Slot, "info">): SlotStatus {
  const status = String(slot.info.status ?? "").toLowerCase();
  return status === "available" || status === "full" ? status : "unavailable";
}

export function isAvailable(slot: Pick<Slot, "info">): boolean {
  return slotStatus(slot) === "available";
}

/** Whether the store's cut-off has passed. A method without a cut-off never reaches one. */
export function cutOffPassed(now: Date, storeCutOff: string | null): boolean {
  const cutOff = instantMs(storeCutOff);
  return cutOff !== null && now.getTime() >= cutOff;
}

/** An ASAP slot is valid when it is available, flagged ASAP, and now is before the store's cut-off. */
export function isValidAsapSlot(slot: Pick<Slot, "info">, now: Date, storeCutOff: string | null): boolean {
  return isAvailable(slot) && slot.info.isAsap === true && !cutOffPassed(now, storeCutOff);
}

/** The last instant a future slot may be chosen: its expiry, or five minutes before it starts. */
export function futureSlotDeadline(slot: { startTime: string; expires: string | null }): number | null {
  const expires = instantMs(slot.expires);
  if (expires !== null) return expires;
  const start = instantMs(slot.startTime);
  return start === null ? null : start - FUTURE_SLOT_GRACE_MS;
}

/** A future slot is valid when now is before its expiry (or five minutes before start), it is available, and it starts later. */
export function isValidFutureSlot(slot: Pick<Slot, "startTime" | "expires" | "info">, now: Date): boolean {
  const deadline = futureSlotDeadline(slot);
  const start = instantMs(slot.startTime);
  if (deadline === null || start === null) return false;
  return now.getTime() < deadline && isAvailable(slot) && start > now.getTime();
}

// ---------------------------------------------------------------------------------------------------------
// Slot data (spec 1 §5)
// ---------------------------------------------------------------------------------------------------------

/** Both ends present and distinct, so the slot can go on an order. */
export function hasUsableTimes(slot: { startTime?: string | null; endTime?: string | null }): boolean {
  const start = instantMs(slot.startTime);
  const end = instantMs(slot.endTime);
  return start !== null && end !== null && start !== end;
}

export type SlotTimesCheck = { ok: true; slot: Slot; substituted: boolean } | { ok: false; message: string };

export interface SubstituteOptions {
  /** Where to look for another ASAP slot when this one's times are equal. */
  candidates: readonly Slot[];
  now: Date;
  storeCutOff: string | null;
}

/**
 * Checks a slot's times before it goes on an order. A start or end that is missing (or not an instant) is bad
 * data. Equal start and end: an ASAP slot is swapped for another valid ASAP slot with usable times when there is
 * one; otherwise each kind gets its own message.
 */
export function validateSlotTimes(
  slot: Omit<Slot, "startTime" | "endTime"> & { startTime?: string | null; endTime?: string | null },
  substitute?: SubstituteOptions,
): SlotTimesCheck {
  const start = instantMs(slot.startTime);
  const end = instantMs(slot.endTime);
  if (start === null || end === null) return { ok: false, message: MISSING_SLOT_TIMES_MESSAGE };
  if (start !== end) return { ok: true, slot: slot as Slot, substituted: false };
  if (!slot.info.isAsap) return { ok: false, message: INVALID_FUTURE_SLOT_MESSAGE };
  const other = substitute?.candidates.find(
    (candidate) =>
      candidate !== slot &&
      hasUsableTimes(candidate) &&
      isValidAsapSlot(candidate, substitute.now, substitute.storeCutOff),
  );
  return other ? { ok: true, slot: other, substituted: true } : { ok: false, message: INVALID_ASAP_SLOT_MESSAGE };
}

/** What a day with nothing to list says: the spec's words for today, the picker's for later days. */
export function noSlotsMessage(slotDate: string, today: string): string {
  return slotDate === today ? NO_SLOTS_TODAY_MESSAGE : NO_SLOTS_ON_DAY_MESSAGE;
}

// ---------------------------------------------------------------------------------------------------------
// Labels (en-GB, Intl, in the store's zone)
// ---------------------------------------------------------------------------------------------------------

/**
 * A day tab's name: "Today", "Tomorrow", else weekday and date ("Wed 25 Nov"). `today` is the store-local date,
 * or an instant to read it from in `timeZone`.
 */
export function dayLabel(slotDate: string, today: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const todayDate = typeof today === "string" ? today : storeDate(today, timeZone);
  if (slotDate === todayDate) return "Today";
  if (slotDate === addDays(todayDate, 1)) return "Tomorrow";
  // The date is already store-local: formatting its UTC midnight in UTC names that same calendar day.
  return formatter(
    "day",
    () => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }),
  ).format(dateToUtc(slotDate));
}

/** A clock time in the store's zone, 24-hour: "09:00". */
export function clockTime(instant: string, timeZone: string): string {
  const ms = instantMs(instant);
  if (ms === null) return "";
  return formatter(
    `clock|${timeZone}`,
    () => new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  ).format(new Date(ms));
}

/** "09:00–10:00" in the store's zone. */
export function slotTimeRange(slot: Pick<Slot, "startTime" | "endTime">, timeZone: string): string {
  return `${clockTime(slot.startTime, timeZone)}–${clockTime(slot.endTime, timeZone)}`;
}

/**
 * The held slot as the store bar, the basket and checkout name it: "As soon as possible", or its day and time range
 * ("Tomorrow 09:00–10:00"); `none` when no slot is held.
 */
export function heldSlotText<T extends string | null>(
  slot: { date: string; start: string; end: string; isAsap: boolean } | null,
  today: string,
  timeZone: string,
  none: T,
  separator = " ",
): string | T {
  if (!slot) return none;
  if (slot.isAsap) return "As soon as possible";
  return `${dayLabel(slot.date, today, timeZone)}${separator}${slotTimeRange({ startTime: slot.start, endTime: slot.end }, timeZone)}`;
}

function aboutMinutes(minutes: number): string {
  const rounded = Math.max(1, Math.round(minutes));
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest ? `${hours} hr ${rest} min` : `${hours} hr`;
}

/**
 * A slot's name. ASAP: "ASAP" in the short form (store bar), else "As soon as possible (about 30 min)" — the
 * estimate only when the platform gives one. Other slots: their time range.
 */
export function slotLabel(
  slot: Pick<Slot, "startTime" | "endTime" | "info">,
  timeZone: string,
  form: "long" | "short" = "long",
): string {
  if (!slot.info.isAsap) return slotTimeRange(slot, timeZone);
  if (form === "short") return "ASAP";
  const minutes = slot.info.fulfilmentIn;
  return typeof minutes === "number" && Number.isFinite(minutes) && minutes > 0
    ? `As soon as possible (about ${aboutMinutes(minutes)})`
    : "As soon as possible";
}

/** The order the picker lists a day's slots in: ASAP first, the rest as the platform sent them. */
export function slotsForDisplay(slots: readonly Slot[]): Slot[] {
  return [...slots.filter((slot) => slot.info.isAsap), ...slots.filter((slot) => !slot.info.isAsap)];
}
