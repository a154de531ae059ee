import { storeDate, type Slot, type SlotDay, type StoreSlotRules } from "./slots";

/** Builders for the slot rule tests: slots in Europe/London from UTC instants, so each test reads its clock plainly. */

export const LONDON = "Europe/London";

export interface SlotOptions {
  asap?: boolean;
  status?: string;
  expires?: string | null;
  fulfilmentIn?: number | null;
}

export function slot(startTime: string, endTime: string, options: SlotOptions = {}): Slot {
  return {
    startTime,
    endTime,
    slotDate: storeDate(new Date(startTime), LONDON),
    info: {
      isAsap: options.asap ?? false,
      status: options.status ?? "available",
      fulfilmentIn: options.fulfilmentIn ?? null,
    },
    expires: options.expires ?? null,
    denyPayments: [],
  };
}

/** An hour-long future slot starting at a UTC instant. */
export function hourSlot(startTime: string, options: SlotOptions = {}): Slot {
  return slot(startTime, new Date(Date.parse(startTime) + 3_600_000).toISOString(), options);
}

export function day(slotDate: string, slots: Slot[], holidayMessage: string | null = null): SlotDay {
  return { slotDate, holidayMessage, slots };
}

export function rules(over: Partial<StoreSlotRules> = {}): StoreSlotRules {
  return { timeZone: LONDON, cutOffDateTime: null, hasFutureSlotType: true, orderDaysInAdvance: 7, ...over };
}

export const at = (instant: string) => new Date(instant);
