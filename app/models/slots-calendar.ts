import { DateTime } from "luxon";

/**
 * Store-local midnight for the slot guards (spec 1 §4: the selection is revalidated at each store-local
 * midnight). Server-side only — it uses luxon, which the browser bundle must not carry: the loader hands the
 * page the instant as an ISO string and the page sets its timer from that.
 */

/**
 * The next store-local midnight after `now`, as an instant. Taken as the start of tomorrow's calendar day in
 * the zone, so it lands right on clock-change days (a 23- or 25-hour day) and where a zone skips midnight
 * itself (luxon moves such a time forward to the first instant that exists).
 */
export function nextRevalidationAt(now: Date, timeZone: string): Date {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  if (!local.isValid) throw new Error(`Unknown time zone: ${timeZone}`);
  return local.startOf("day").plus({ days: 1 }).toJSDate();
}

/** Milliseconds from `now` to the next store-local midnight: the delay for the page's revalidation timer. */
export function msUntilRevalidation(now: Date, timeZone: string): number {
  return nextRevalidationAt(now, timeZone).getTime() - now.getTime();
}
