import { sql } from "drizzle-orm";
import type { Db, Tx } from "../open";
import {
  addresses,
  coupons,
  menuGroups,
  orders,
  postcodes,
  storeHolidays,
  storeOrderMethods,
  storePaymentMethods,
  stores,
} from "../schema";
import { seedAddresses } from "./addresses";
import { seedBanners } from "./banners";
import { seedCatalogue } from "./catalogue";
import { seedCoupons } from "./coupons";
import { seedMembers } from "./members";
import { demoPostcodes } from "./postcodes";
import { demoPaymentMethods, demoStores, LARDER_LOYALTY, STORES_WITHOUT_LOYALTY } from "./stores";

export { demoPaymentMethods, demoStoreIds, demoStores, LARDER_LOYALTY } from "./stores";
export { DEMO_MEMBER_PASSWORD, demoMembers } from "./members";
export { demoPostcodes, displayPostcode, normalisePostcode } from "./postcodes";

export interface SeedSummary {
  stores: number;
  orderMethods: number;
  holidays: number;
  postcodes: number;
}

export const demoSummary: SeedSummary = {
  stores: demoStores.length,
  orderMethods: demoStores.reduce((n, s) => n + s.methods.length, 0),
  holidays: demoStores.reduce((n, s) => n + s.holidays.length, 0),
  postcodes: demoPostcodes.length,
};

/**
 * Serialises seeding across processes: several instances starting together on one PostgreSQL must not
 * each see an empty table and insert the brand twice. Released when the transaction ends.
 */
async function lockSeeding(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('storefront:seed'))`);
}

async function insertDemoData(tx: Tx, options: { keepExistingPostcodes: boolean }) {
  await tx.insert(stores).values(
    demoStores.map(({ methods: _methods, holidays: _holidays, ...store }) => ({
      ...store,
      loyalty: STORES_WITHOUT_LOYALTY.includes(store.id) ? null : LARDER_LOYALTY,
    })),
  );
  await tx.insert(storeOrderMethods).values(demoStores.flatMap((s) => s.methods.map((m) => ({ ...m, storeId: s.id }))));
  await tx.insert(storePaymentMethods).values(demoPaymentMethods());
  const holidays = demoStores.flatMap((s) => s.holidays.map((h) => ({ ...h, storeId: s.id })));
  if (holidays.length > 0) await tx.insert(storeHolidays).values(holidays);
  // A postcode table imported from ONS data may already hold these postcodes; its figures win.
  const insertPostcodes = tx.insert(postcodes).values(demoPostcodes);
  if (options.keepExistingPostcodes) await insertPostcodes.onConflictDoNothing();
  else await insertPostcodes;
  // Ids were written explicitly, so the serial sequence never advanced: move it past them or the
  // next store created through the API would collide with store 1.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('stores', 'id'), (select coalesce(max(id), 0) + 1 from stores), false)`,
  );
  await seedAddresses(tx);
  await seedCatalogue(tx);
  await seedCoupons(tx);
  await seedBanners(tx);
  await seedMembers(tx, new Date());
}

/** Seeds the demo brand when the database has no stores yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    const existing = await tx.select({ id: stores.id }).from(stores).limit(1);
    if (existing.length > 0) return false;
    await insertDemoData(tx, { keepExistingPostcodes: true });
    return true;
  });
}

/**
 * Replaces all store data and the postcode table with the demo brand, so ids and contents are exactly
 * those of the seed files again. Order methods, payment methods, holidays and baskets go with their stores (ON
 * DELETE CASCADE); their orders are deleted first. Members are kept; the demo members are added if missing.
 */
export async function reseed(db: Db): Promise<SeedSummary> {
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    // Orders name their store; the demo's orders go with the demo's stores.
    await tx.delete(orders);
    await tx.delete(stores);
    await tx.delete(menuGroups);
    await tx.delete(addresses);
    // Coupons belong to no store row, so they do not go with the stores.
    await tx.delete(coupons);
    await tx.delete(postcodes);
    await insertDemoData(tx, { keepExistingPostcodes: false });
  });
  return demoSummary;
}
