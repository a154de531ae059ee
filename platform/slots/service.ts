import { and, eq, gte, lt, lte } from "drizzle-orm";
import { z } from "zod";
import { SLOT_MESSAGES } from "../contract";
import type { listTimeSlots as listTimeSlotsEndpoint, FulfilmentMethod, ResponseOf, SlotDay } from "../contract";
import type { Db } from "../db/open";
import { slotLocks, storeHolidays, storeOrderMethods, stores } from "../db/schema";
import { ApiError } from "../errors";
import type { RequestContext } from "../context";
import { dbOf, sharedView, sharesReads, type SharedSource } from "../shared-reads";
import { holidaysHeldFrom, holidaysOf, storeDirectory, storeHolidaysFrom } from "../stores/directory";
import { servesDelivery } from "../stores/geo";
import { STORE_MESSAGES } from "../stores/service";
import { findListedSlot, type ListedSlot } from "../contract/slot-rules";
import { addDays, daysOffered, listSlotDays, localDate } from "./engine";
import { livePlaces, placesHeldFrom, slotPaymentRulesOf, writeHold } from "./holds-store";
import { purgeBatch } from "../db/purge";

/** SLOT_HOLD_SECONDS when the platform's configuration leaves it out. */
export const DEFAULT_SLOT_HOLD_SECONDS = 900;

/** Payment takes time (a card page, a 3-D Secure challenge): the place is kept at least this long from now. */
export function holdUntil(ctx: Pick<RequestContext, "config">, now: Date): Date {
  return new Date(now.getTime() + (ctx.config.slotHoldSeconds ?? DEFAULT_SLOT_HOLD_SECONDS) * 1000);
}

type StoreRow = typeof stores.$inferSelect;
type Point = { lat: number; lng: number };

interface LocationInput {
  postcode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * Spec 1 §5: the slot calls need coordinates, geocoded from the postcode when they are missing. Coordinates
 * win here (unlike store search, where the postcode does): they are what the slot listing is defined by.
 * Null when there is no location; `unknownPostcode` when a postcode was given but could not be placed.
 */
async function slotLocation(ctx: RequestContext, input: LocationInput): Promise<Point | "unknownPostcode" | null> {
  if (input.latitude != null && input.longitude != null) return { lat: input.latitude, lng: input.longitude };
  const postcode = input.postcode?.trim().toUpperCase() ?? "";
  if (postcode === "") return null;
  const found = await ctx.location.geocode(postcode);
  return found ? { lat: found.latitude, lng: found.longitude } : "unknownPostcode";
}

async function loadStore(db: SharedSource, storeId: number): Promise<StoreRow> {
  const store = sharesReads(db)
    ? (await storeDirectory(db)).byId.get(storeId)
    : (await dbOf(db).select().from(stores).where(eq(stores.id, storeId)))[0];
  if (!store) throw new ApiError(404, STORE_MESSAGES.storeNotFound);
  return store;
}

type MethodRow = typeof storeOrderMethods.$inferSelect;

/** The slot days of one store method from startDate to endDate, with the live holds counted when asked. */
async function computeSlotDays(
  db: Db,
  store: StoreRow,
  kind: FulfilmentMethod,
  range: { startDate: string; endDate: string },
  now: Date,
  options: { countHolds: boolean },
  source: SharedSource = db,
): Promise<{ days: SlotDay[]; method: MethodRow | null }> {
  // Outside a transaction the store's rows come from memory (decision record 0028).
  const shared = sharesReads(source);
  const method = shared
    ? (await storeDirectory(source)).methods.get(store.id)?.[kind]
    : (
        await db
          .select()
          .from(storeOrderMethods)
          .where(and(eq(storeOrderMethods.storeId, store.id), eq(storeOrderMethods.method, kind)))
      )[0];
  if (!method?.enabled) return { days: [], method: null };

  // The open rule behind ASAP looks at yesterday's overnight ranges and up to the days in advance ahead.
  const today = localDate(now.getTime(), store.timeZone);
  const from = addDays(range.startDate < today ? range.startDate : today, -1);
  const last = addDays(today, daysOffered(method, now, store.timeZone) + 1);
  const to = range.endDate > last ? range.endDate : last;
  // The holidays in memory start two days back: a listing asked from earlier still reads the table.
  const holidays =
    shared && from >= holidaysHeldFrom(now)
      ? holidaysOf(await storeHolidaysFrom(source, now), store.id)
      : new Map(
          (
            await db
              .select()
              .from(storeHolidays)
              .where(
                and(eq(storeHolidays.storeId, store.id), gte(storeHolidays.date, from), lte(storeHolidays.date, to)),
              )
          ).map((row) => [row.date, row.holidayMessage]),
        );

  const held = options.countHolds ? await placesHeldFrom(db, store.id, kind, now) : new Map<number, number>();
  const paymentRules = await slotPaymentRulesOf(source, store.id);

  const days = listSlotDays({
    method,
    store: { timeZone: store.timeZone, temporarilyClosed: store.temporarilyClosed, ordersPaused: store.ordersPaused },
    holidays,
    now,
    startDate: range.startDate,
    endDate: range.endDate,
    held,
    paymentRules,
  });
  return { days, method };
}

// ---------------------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------------------

export interface ListInput extends LocationInput {
  startDate: string;
  endDate: string;
  storeId: number;
  fulfilmentMethod: FulfilmentMethod;
}

export async function listTimeSlots(
  ctx: RequestContext,
  input: ListInput,
): Promise<ResponseOf<typeof listTimeSlotsEndpoint>> {
  const shared = await sharedView(ctx.db);
  const store = await loadStore(shared, input.storeId);
  const now = ctx.clock.now();
  if (input.startDate < localDate(now.getTime(), store.timeZone)) throw new ApiError(400, SLOT_MESSAGES.invalidDate);
  const storeTimeZone = store.timeZone;

  // Spec 1 §5: without coordinates (and no postcode to find them from) the listing returns nothing.
  const point = await slotLocation(ctx, input);
  if (point === null || point === "unknownPostcode") return { slotDays: [], storeTimeZone };
  if (input.fulfilmentMethod === "delivery" && !servesDelivery(store, point)) return { slotDays: [], storeTimeZone };

  const { days } = await computeSlotDays(
    ctx.db,
    store,
    input.fulfilmentMethod,
    input,
    now,
    { countHolds: true },
    shared,
  );
  return { slotDays: days, storeTimeZone };
}

// ---------------------------------------------------------------------------------------------------------
// Holds
// ---------------------------------------------------------------------------------------------------------

export interface ReserveInput extends LocationInput {
  storeId: number;
  basketToken: string;
  timeSlotDate: string;
  fulfilmentMethod: FulfilmentMethod;
}

const instantSchema = z.iso.datetime({ offset: true });

/** A request for a place, checked before any basket is locked: its store, where the slot is for, the instant chosen. */
export interface Reservation {
  store: StoreRow;
  method: FulfilmentMethod;
  point: Point;
  /** The slot's start as asked for, in epoch milliseconds. */
  chosen: number;
  now: Date;
  holdMs: number;
  /** The listed slot at `chosen` (none when not listed) and the method's row, read when the reservation started. */
  slot: { listed: ListedSlot<SlotDay["slots"][number]> | null; method: MethodRow | null };
}

/** Checks what a reservation asks for: the store exists, the slot's location is known, and the time is not past. */
export async function startReservation(ctx: RequestContext, input: ReserveInput): Promise<Reservation> {
  const store = await loadStore(ctx.db, input.storeId);

  const point = await slotLocation(ctx, input);
  if (point === null) throw new ApiError(400, SLOT_MESSAGES.locationRequired);
  if (point === "unknownPostcode") throw new ApiError(404, STORE_MESSAGES.locationNotFound);

  const now = ctx.clock.now();
  const chosen = instantSchema.safeParse(input.timeSlotDate).success ? Date.parse(input.timeSlotDate) : Number.NaN;
  const today = localDate(now.getTime(), store.timeZone);
  if (Number.isNaN(chosen) || localDate(chosen, store.timeZone) < today)
    throw new ApiError(400, SLOT_MESSAGES.invalidDate);
  const holdMs = (ctx.config.slotHoldSeconds ?? DEFAULT_SLOT_HOLD_SECONDS) * 1000;
  // The slot as listed now, from the store's rows in memory (decision 0028), before any transaction: a hold's
  // transaction then reads only the basket and the slot's places (issue 17: holds under a rush).
  const method = input.fulfilmentMethod;
  const reaches = method !== "delivery" || servesDelivery(store, point);
  const date = localDate(chosen, store.timeZone);
  const { days, method: methodRow } = reaches
    ? await computeSlotDays(
        ctx.db,
        store,
        method,
        { startDate: date, endDate: date },
        now,
        { countHolds: false },
        await sharedView(ctx.db),
      )
    : { days: [], method: null };
  return {
    store,
    method,
    point,
    chosen,
    now,
    holdMs,
    slot: { listed: findListedSlot(days, chosen), method: methodRow },
  };
}

const slotFull = () =>
  new ApiError(409, SLOT_MESSAGES.full, { errorCode: "SLOT_FULL", errorDisplay: SLOT_MESSAGES.full });

/** When a hold of the reserved slot would end (epoch ms), or null when the slot cannot be held now. */
function holdExpiry({ slot: { listed }, now, holdMs }: Reservation): number | null {
  if (!listed || listed.slot.info.status === "unavailable") return null;
  // A hold never outlives the time the slot can be chosen until.
  const expiresAt = Math.min(now.getTime() + holdMs, Date.parse(listed.slot.expires));
  return expiresAt > now.getTime() ? expiresAt : null;
}

/**
 * Refuses a hold of a slot that is already full, before the caller opens a transaction or locks anything: places
 * only come back by expiry or release, so a count that reaches the capacity was true when read. Under a rush most
 * requests end here, with one count instead of a transaction, a basket lock and a rollback (issue 17); holdSlot
 * still settles every hold that gets past it under the slot's lock. The basket's own hold never counts against it.
 */
export async function refuseIfFull(db: Db, reservation: Reservation, basketToken: string): Promise<void> {
  const { listed, method } = reservation.slot;
  // A slot that cannot be held at all is left to holdSlot, which says so.
  if (!listed || listed.slot.info.isAsap || holdExpiry(reservation) === null) return;
  const held = await livePlaces(
    db,
    reservation.store.id,
    reservation.method,
    new Date(listed.start),
    reservation.now,
    basketToken,
  );
  if (held >= (method?.slotCapacity ?? 0)) throw slotFull();
}

/**
 * Holds a place in a listed slot for the basket, in the caller's transaction, the basket row already locked by the
 * caller (basket/reserve.ts).
 *
 * Capacity holds across processes because it is settled in the database, in one transaction: the slot's
 * lock row is created if missing (INSERT … ON CONFLICT DO NOTHING) and locked (SELECT … FOR UPDATE), so
 * holds of one slot queue behind each other whichever process or connection they come from; the live holds
 * are counted only once the lock is held (each statement sees what committed before it under READ
 * COMMITTED), and the basket's hold row is written before the lock is released at commit. Holds of
 * different slots never wait for each other. The basket row is locked first, always in that order, so two
 * requests for one basket cannot each take a place.
 *
 * A slot already full is refused before queueing for its lock: places only come back by expiry or release,
 * so a count that already reaches the capacity was true when read. Under a rush this keeps the queue to the
 * requests that can still win.
 */
export async function holdSlot(tx: Db, reservation: Reservation, basketToken: string): Promise<void> {
  const { store, method: kind, now } = reservation;
  const { listed, method } = reservation.slot;
  const expiresAt = holdExpiry(reservation);
  if (!listed || expiresAt === null)
    throw new ApiError(409, SLOT_MESSAGES.unavailable, { errorCode: "SLOT_UNAVAILABLE" });

  const slotStart = new Date(listed.start);
  if (!listed.slot.info.isAsap) {
    const capacity = method?.slotCapacity ?? 0;
    const othersHolding = () => livePlaces(tx, store.id, kind, slotStart, now, basketToken);
    const full = slotFull;
    if ((await othersHolding()) >= capacity) throw full();
    await tx.insert(slotLocks).values({ storeId: store.id, method: kind, slotStart }).onConflictDoNothing();
    await tx
      .select({ storeId: slotLocks.storeId })
      .from(slotLocks)
      .where(and(eq(slotLocks.storeId, store.id), eq(slotLocks.method, kind), eq(slotLocks.slotStart, slotStart)))
      .for("update");
    if ((await othersHolding()) >= capacity) throw full();
  }

  await writeHold(tx, basketToken, {
    storeId: store.id,
    method: kind,
    slotStart,
    slotEnd: new Date(listed.end),
    slotDate: listed.slot.slotDate,
    isAsap: listed.slot.info.isAsap,
    expiresAt: new Date(expiresAt),
    createdAt: now,
  });
}

/** Slot lock rows are kept this long after their slot starts: no slot is listed, so none is held, that long after. */
export const SLOT_LOCK_KEPT_MS = 24 * 3600_000;

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` lock rows of slots that started SLOT_LOCK_KEPT_MS or
 * more ago. Only listed slots are held (holdSlot), and a slot is never listed a day after its start, so no hold can
 * be taking such a lock; one that somehow is (its row locked) is skipped.
 */
export function purgePastSlotLocks(db: Db, now: Date, limit: number): Promise<number> {
  const cutoff = new Date(now.getTime() - SLOT_LOCK_KEPT_MS);
  return purgeBatch(
    db,
    slotLocks,
    [slotLocks.storeId, slotLocks.method, slotLocks.slotStart],
    lt(slotLocks.slotStart, cutoff),
    limit,
  );
}
