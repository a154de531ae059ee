import { gte } from "drizzle-orm";
import type { FulfilmentMethod } from "../contract";
import { storeHolidays, storeOrderMethods, storePaymentMethods, stores } from "../db/schema";
import { dbOf, sharedRead, type SharedSource } from "../shared-reads";

/*
 * Every store with its order methods and payment methods, read in three queries, and the coming holidays of every
 * store, read in one, each kept in memory
 * while the shared data is unchanged (platform/shared-reads.ts, decision record 0028). A business has tens of stores,
 * not thousands, so holding them all costs less than asking for one store's rows on each call. What is handed out is
 * shared by every caller: never change it.
 */

export type StoreRow = typeof stores.$inferSelect;
export type MethodRow = typeof storeOrderMethods.$inferSelect;
export type PaymentMethodRow = typeof storePaymentMethods.$inferSelect;
export type StoreMethods = Partial<Record<FulfilmentMethod, MethodRow>>;

export interface StoreDirectory {
  /** In id order. */
  stores: readonly StoreRow[];
  byId: ReadonlyMap<number, StoreRow>;
  methods: ReadonlyMap<number, StoreMethods>;
  paymentMethods: ReadonlyMap<number, readonly PaymentMethodRow[]>;
}

/** Per store, its holidays from two days before `now` (UTC) on: every window the open-state rule consults starts later. */
export type StoreHolidays = ReadonlyMap<number, ReadonlyMap<string, string>>;

const NO_HOLIDAYS: ReadonlyMap<string, string> = new Map();
const DAY_MS = 24 * 3600 * 1000;

export function storeDirectory(source: SharedSource): Promise<StoreDirectory> {
  const db = dbOf(source);
  return sharedRead(source, "stores", async () => {
    const [storeRows, methodRows, paymentRows] = await Promise.all([
      db.select().from(stores),
      db.select().from(storeOrderMethods),
      db.select().from(storePaymentMethods),
    ]);
    storeRows.sort((a, b) => a.id - b.id);
    const methods = new Map<number, StoreMethods>();
    for (const row of methodRows) methods.set(row.storeId, { ...methods.get(row.storeId), [row.method]: row });
    const paymentMethods = new Map<number, PaymentMethodRow[]>();
    for (const row of paymentRows) paymentMethods.set(row.storeId, [...(paymentMethods.get(row.storeId) ?? []), row]);
    return { stores: storeRows, byId: new Map(storeRows.map((s) => [s.id, s])), methods, paymentMethods };
  });
}

/** The first date `storeHolidaysFrom(db, now)` holds. */
export function holidaysHeldFrom(now: Date): string {
  return new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
}

export function storeHolidaysFrom(source: SharedSource, now: Date): Promise<StoreHolidays> {
  const db = dbOf(source);
  // Keyed by the day the holidays start from, so the clock moving (either way) reloads them.
  const from = holidaysHeldFrom(now);
  return sharedRead(source, `holidays:${from}`, async () => {
    const holidays = new Map<number, Map<string, string>>();
    for (const row of await db.select().from(storeHolidays).where(gte(storeHolidays.date, from))) {
      const entry = holidays.get(row.storeId) ?? new Map<string, string>();
      entry.set(row.date, row.holidayMessage);
      holidays.set(row.storeId, entry);
    }
    return holidays;
  });
}

export function holidaysOf(holidays: StoreHolidays, storeId: number): ReadonlyMap<string, string> {
  return holidays.get(storeId) ?? NO_HOLIDAYS;
}
