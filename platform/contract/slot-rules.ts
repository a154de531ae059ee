/**
 * Slot rules both halves use: the platform when it holds a slot, the storefront when it says what was held. No zod
 * here (see store-rules.ts).
 */

/** What the rule reads of a listed slot. */
type SlotLike = { startTime: string; endTime: string; info: { isAsap: boolean } };

/** How long before the current ASAP start a chosen start still means ASAP: a list fetched a little earlier. */
export const ASAP_CHOICE_GRACE_MS = 10 * 60_000;

export type ListedSlot<S extends SlotLike = SlotLike> = { slot: S; start: number; end: number };

/**
 * The listed slot a shopper chose by its start instant. A future slot must match exactly. The ASAP slot's start
 * moves with the clock, so a start up to `graceMs` before the current ASAP start still means ASAP.
 */
export function findListedSlot<S extends SlotLike>(
  days: readonly { slots: readonly S[] }[],
  chosenStart: number,
  graceMs = ASAP_CHOICE_GRACE_MS,
): ListedSlot<S> | null {
  let asap: ListedSlot<S> | null = null;
  for (const day of days) {
    for (const slot of day.slots) {
      const start = Date.parse(slot.startTime);
      const listed = { slot, start, end: Date.parse(slot.endTime) };
      if (slot.info.isAsap) asap = listed;
      else if (start === chosenStart) return listed;
    }
  }
  if (asap && chosenStart <= asap.start && chosenStart >= asap.start - graceMs) return asap;
  return null;
}

/** Messages the slot endpoints answer with. The first two are the spec's, word for word. */
export const SLOT_MESSAGES = {
  invalidDate: "Time slot date provided was not valid. Date must be a date after or equal to today",
  locationRequired: "Location is required to select a store. Please enter your postcode or allow location access.",
  full: "This time slot is now full. Please choose another.",
  unavailable: "This time slot is no longer available. Please choose another.",
} as const;
