import { z } from "zod";
import { basketSchema, basketSelectedSlotSchema } from "./basket";
import { endpoint } from "./endpoint";
import { fulfilmentMethodSchema } from "./stores";

// ---------------------------------------------------------------------------------------------------------
// Slot and slot day (spec 1 §3)
// ---------------------------------------------------------------------------------------------------------

/** An instant written in the store's time zone, e.g. "2026-11-23T09:00:00.000+00:00". */
const storeInstant = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

export const slotStatuses = ["available", "full", "unavailable"] as const;
export const slotStatusSchema = z.enum(slotStatuses);
export type SlotStatus = z.infer<typeof slotStatusSchema>;

export const slotSchema = z.object({
  startTime: storeInstant,
  endTime: storeInstant,
  /** The store-local date the slot starts on. */
  slotDate: isoDate,
  info: z.object({
    isAsap: z.boolean(),
    /**
     * available: can be chosen. full: every place is held. unavailable: the method takes no bookings for it
     * (a slot capacity of 0).
     */
    status: slotStatusSchema,
    /** ASAP: whole minutes from now until the order is expected (the slot's end). Null for future slots. */
    fulfilmentIn: z.number().int().nonnegative().nullable(),
  }),
  /** Until when this slot can be chosen (store-local instant). */
  expires: storeInstant,
  /** Payment method names not allowed for this slot. */
  denyPayments: z.array(z.string()),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotDaySchema = z.object({
  slotDate: isoDate,
  holidayMessage: z.string().nullable(),
  /** ASAP first when offered, then future slots in start order. */
  slots: z.array(slotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

/** The longest span one listing may ask for, in days between startDate and endDate. */
export const MAX_SLOT_LISTING_DAYS = 15;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const nullishText = (max: number) => z.string().trim().max(max).nullish();
const locationFields = {
  postcode: nullishText(16),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
};
const storeId = z.number().int().positive().max(2_147_483_647);

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export const listTimeSlotsRequestSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    storeId,
    fulfilmentMethod: fulfilmentMethodSchema,
    ...locationFields,
  })
  .refine((v) => v.endDate >= v.startDate, { message: "endDate must not be before startDate", path: ["endDate"] })
  .refine((v) => daysBetween(v.startDate, v.endDate) <= MAX_SLOT_LISTING_DAYS, {
    message: `endDate must be at most ${MAX_SLOT_LISTING_DAYS} days after startDate`,
    path: ["endDate"],
  });
export type ListTimeSlotsRequest = z.input<typeof listTimeSlotsRequestSchema>;

/**
 * The slot days from startDate to endDate that the method takes orders for (today through its days in
 * advance). Without a usable location, or for a delivery address outside the store's area, slotDays is empty.
 */
export const listTimeSlots = endpoint({
  method: "POST",
  path: "/api/stores/timeslots/list",
  auth: "token",
  request: listTimeSlotsRequestSchema,
  response: z.object({ slotDays: z.array(slotDaySchema), storeTimeZone: z.string() }),
});

export const reserveTimeSlotRequestSchema = z.object({
  storeId,
  basketToken: z.string().min(1).max(128),
  /** The chosen slot's startTime, as listed. Checked by the handler so a bad value gets the spec's message. */
  timeSlotDate: z.string().max(64),
  fulfilmentMethod: fulfilmentMethodSchema,
  ...locationFields,
});
export type ReserveTimeSlotRequest = z.input<typeof reserveTimeSlotRequestSchema>;

/**
 * Holds a place in a listed slot for the basket, for the platform's hold time (SLOT_HOLD_SECONDS). A basket
 * holds one slot: choosing another releases the first. The basket takes the slot's fulfilment method.
 */
export const reserveTimeSlot = endpoint({
  method: "POST",
  path: "/api/basket/reserveTimeSlot",
  auth: "token",
  request: reserveTimeSlotRequestSchema,
  response: z.object({
    selectedSlot: basketSelectedSlotSchema,
    basketToken: z.string(),
    fulfilmentMethod: fulfilmentMethodSchema,
    basket: basketSchema,
  }),
});
