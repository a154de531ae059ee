import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../auth/passwords";
import { distanceKm, servesDelivery } from "../../stores/geo";
import { openDatabase, type Database } from "../open";
import {
  members,
  postcodes,
  storeHolidays,
  storeOrderMethods,
  storePaymentMethods,
  stores,
  type WeeklyHours,
} from "../schema";
import { demoStoreIds, demoSummary, reseed, seedIfEmpty } from "./index";
import { DEMO_MEMBER_PASSWORD } from "./members";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
});
afterAll(async () => {
  await database?.close();
});

async function counts() {
  const { db } = database;
  const [s, m, h, p] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(stores),
    db.select({ n: sql<number>`count(*)::int` }).from(storeOrderMethods),
    db.select({ n: sql<number>`count(*)::int` }).from(storeHolidays),
    db.select({ n: sql<number>`count(*)::int` }).from(postcodes),
  ]);
  return { stores: s[0]!.n, orderMethods: m[0]!.n, holidays: h[0]!.n, postcodes: p[0]!.n };
}

/** A store as it would be created through the API later: no explicit id. */
async function insertStoreWithoutId(name: string) {
  const [row] = await database.db
    .insert(stores)
    .values({
      slugText: "extra",
      name,
      addressLine1: "1 High Street",
      town: "York",
      postcode: "YO11AA",
      lat: 53.96,
      lng: -1.08,
      productTypes: [],
    })
    .returning({ id: stores.id });
  return row!.id;
}

async function load() {
  const { db } = database;
  const storeRows = await db.select().from(stores).orderBy(asc(stores.id));
  const methodRows = await db.select().from(storeOrderMethods);
  const holidayRows = await db.select().from(storeHolidays);
  const postcodeRows = await db.select().from(postcodes);
  return storeRows.map((store) => ({
    ...store,
    delivery: methodRows.find((m) => m.storeId === store.id && m.method === "delivery"),
    collection: methodRows.find((m) => m.storeId === store.id && m.method === "collection"),
    holidays: holidayRows.filter((h) => h.storeId === store.id),
    postcodeRows,
  }));
}

const isAlwaysOpen = (hours: WeeklyHours) =>
  (["1", "2", "3", "4", "5", "6", "7"] as const).every((day) => {
    const ranges = hours[day];
    return ranges.length === 1 && ranges[0]!.open === "00:00" && ranges[0]!.close === "24:00";
  });

type Loaded = Awaited<ReturnType<typeof load>>[number];
type Method = NonNullable<Loaded["delivery"]>;

/** Open for a method whatever the hour or day: nothing but the clock could make it otherwise. */
const openAroundTheClock = (store: Loaded, method: Method | undefined) =>
  !!method &&
  method.enabled &&
  !method.preorderOnly &&
  isAlwaysOpen(method.hours) &&
  !store.ordersPaused &&
  !store.temporarilyClosed &&
  store.holidays.length === 0;

describe("seedIfEmpty", () => {
  it("seeds an empty database once and leaves a seeded one alone", async () => {
    expect(await counts()).toEqual({ stores: 0, orderMethods: 0, holidays: 0, postcodes: 0 });
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await counts()).toEqual(demoSummary);

    await database.db.update(stores).set({ name: "Renamed by the business" }).where(eq(stores.id, 1));
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await counts()).toEqual(demoSummary);
    const [store1] = await database.db.select({ name: stores.name }).from(stores).where(eq(stores.id, 1));
    expect(store1!.name).toBe("Renamed by the business");
  });

  it("moves the id sequence past the seeded ids", async () => {
    const id = await insertStoreWithoutId("Created after seeding");
    expect(id).toBe(demoSummary.stores + 1);
  });
});

describe("reseed", () => {
  it("puts back exactly the demo data with the same ids, and resets the id sequence", async () => {
    const { db } = database;
    await insertStoreWithoutId("Another extra store");
    await db.delete(stores).where(eq(stores.id, demoStoreIds.paused));
    await db.delete(postcodes).where(eq(postcodes.postcode, "SW1A1AA"));
    await db.insert(postcodes).values({ postcode: "YO11AA", display: "YO1 1AA", lat: 53.96, lng: -1.08 });

    expect(await reseed(db)).toEqual(demoSummary);
    expect(await counts()).toEqual(demoSummary);

    const rows = await db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.id));
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: demoSummary.stores }, (_, i) => i + 1));
    expect(rows[0]!.name).toBe("Larder & Co Victoria Street");
    expect(await db.select().from(postcodes).where(eq(postcodes.postcode, "YO11AA"))).toEqual([]);
    expect(await db.select().from(postcodes).where(eq(postcodes.postcode, "SW1A1AA"))).toHaveLength(1);
    const paused = await db.select().from(storeOrderMethods).where(eq(storeOrderMethods.storeId, demoStoreIds.paused));
    expect(paused).toHaveLength(2);

    expect(await insertStoreWithoutId("After reseed")).toBe(demoSummary.stores + 1);
    await reseed(db);
    expect(await counts()).toEqual(demoSummary);
  });
});

describe("the demo brand", () => {
  let all: Loaded[];
  let postcodeAt: (display: string) => { lat: number; lng: number };
  beforeAll(async () => {
    await reseed(database.db);
    all = await load();
    postcodeAt = (display) => {
      const row = all[0]!.postcodeRows.find((p) => p.display === display);
      if (!row) throw new Error(`${display} is not in the postcode table`);
      return row;
    };
  });

  it("has at least 12 stores in at least 4 cities", () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((s) => s.town)).size).toBeGreaterThanOrEqual(4);
    for (const city of ["London", "Manchester", "Leeds", "Edinburgh"])
      expect(all.some((s) => s.town === city)).toBe(true);
  });

  it.each(["SW1A 1AA", "E1 6AN", "M1 1AE", "LS1 4DY", "EH1 1YZ"])(
    "delivers to %s from a store open around the clock for delivery and collection",
    (display) => {
      const point = postcodeAt(display);
      const serving = all.filter((s) => servesDelivery(s, point) && s.delivery?.enabled);
      expect(serving.some((s) => openAroundTheClock(s, s.delivery) && openAroundTheClock(s, s.collection))).toBe(true);
    },
  );

  it("has IV27 4AA in the postcode table with no store delivering there or within 25 km", () => {
    const lairg = postcodeAt("IV27 4AA");
    expect(all.filter((s) => servesDelivery(s, lairg))).toEqual([]);
    const nearestKm = Math.min(...all.map((s) => distanceKm(s, lairg)));
    expect(nearestKm).toBeGreaterThan(25);
  });

  it("has stores in each fixture role, by settings alone", () => {
    const byId = (id: number) => all.find((s) => s.id === id)!;

    for (const id of [
      demoStoreIds.openLondonVictoria,
      demoStoreIds.openLondonSpitalfields,
      demoStoreIds.openManchester,
      demoStoreIds.openLeeds,
      demoStoreIds.openEdinburgh,
    ]) {
      const store = byId(id);
      expect(openAroundTheClock(store, store.delivery) && openAroundTheClock(store, store.collection), store.name).toBe(
        true,
      );
    }

    const preorder = byId(demoStoreIds.preorderOnly);
    expect([preorder.delivery?.preorderOnly, preorder.collection?.preorderOnly]).toEqual([true, true]);
    expect(preorder.ordersPaused || preorder.temporarilyClosed).toBe(false);

    const closed = byId(demoStoreIds.closed);
    expect(closed.temporarilyClosed).toBe(true);
    expect(closed.storeClosedMessage).toBeTruthy();

    const paused = byId(demoStoreIds.paused);
    expect(paused.ordersPaused).toBe(true);
    expect(paused.pausedMessage).toBeTruthy();
    expect(paused.temporarilyClosed).toBe(false);

    const disabledDelivery = byId(demoStoreIds.collectionOnly);
    expect(disabledDelivery.delivery?.enabled).toBe(false);
    expect(disabledDelivery.collection?.enabled).toBe(true);
    const noDeliveryRow = byId(demoStoreIds.collectionOnlyNoDeliveryRow);
    expect(noDeliveryRow.delivery).toBeUndefined();
    expect(noDeliveryRow.collection?.enabled).toBe(true);

    // The flagged stores keep 24-hour hours, so only their flags decide their state.
    for (const store of [preorder, closed, paused]) {
      expect(isAlwaysOpen(store.delivery!.hours) && isAlwaysOpen(store.collection!.hours), store.name).toBe(true);
    }
    expect(isAlwaysOpen(disabledDelivery.collection!.hours)).toBe(true);

    // Searching the demo postcodes shows the flagged stores beside the open ones.
    expect(servesDelivery(paused, postcodeAt("SW1A 1AA"))).toBe(true);
    expect(servesDelivery(preorder, postcodeAt("SW1A 1AA"))).toBe(true);
    expect(servesDelivery(closed, postcodeAt("EH1 1YZ"))).toBe(true);
  });

  it("has a store that delivers to a drawn zone rather than a radius", () => {
    const zoned = all.find((s) => s.id === demoStoreIds.deliveryZone)!;
    expect(zoned.deliveryRadiusKm).toBeNull();
    expect(zoned.deliveryZone!.length).toBeGreaterThanOrEqual(3);
    expect(servesDelivery(zoned, postcodeAt("M1 1AE"))).toBe(true);
    // Salford is 3.4 km from the store, within any radius that would cover the centre, yet outside the zone.
    expect(distanceKm(zoned, postcodeAt("M50 2EQ"))).toBeLessThan(4);
    expect(servesDelivery(zoned, postcodeAt("M50 2EQ"))).toBe(false);
  });

  it("has kebab-case, unique slugs", () => {
    for (const store of all) expect(store.slugText).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(all.map((s) => `${s.slugText}-${s.id}`)).size).toBe(all.length);
  });

  it("keeps postcodes normalised, with a spaced display form", () => {
    const postcodeRows = all[0]!.postcodeRows;
    for (const row of postcodeRows) {
      expect(row.postcode).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/);
      expect(row.display).toBe(`${row.postcode.slice(0, -3)} ${row.postcode.slice(-3)}`);
      // Inside the bounding box of Great Britain.
      expect(row.lat).toBeGreaterThan(49.8);
      expect(row.lat).toBeLessThan(60.9);
      expect(row.lng).toBeGreaterThan(-8.7);
      expect(row.lng).toBeLessThan(1.8);
    }
  });

  it("places every store at its own postcode, which the postcode table knows", () => {
    for (const store of all) {
      const row = store.postcodeRows.find((p) => p.postcode === store.postcode);
      expect(row, store.name).toBeDefined();
      expect(distanceKm(store, row!), store.name).toBeLessThan(1);
      expect(row!.town).toBe(store.town);
    }
  });

  it("uses only phone numbers Ofcom reserves for drama", () => {
    const dramaRanges = [/^020 7946 0\d{3}$/, /^01(1[3-8]|[2-6]1) 496 0\d{3}$/, /^01632 960\d{3}$/];
    for (const store of all)
      expect(
        dramaRanges.some((r) => r.test(store.phone ?? "")),
        `${store.name}: ${store.phone}`,
      ).toBe(true);
  });

  it("has well-formed weekly hours on every method", () => {
    const time = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
    for (const store of all) {
      for (const method of [store.delivery, store.collection]) {
        if (!method) continue;
        expect(Object.keys(method.hours).sort()).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
        for (const ranges of Object.values(method.hours)) {
          let previousClose = "00:00";
          for (const { open, close } of ranges) {
            expect(open).toMatch(time);
            expect(close).toMatch(time);
            expect(open < close).toBe(true);
            expect(open >= previousClose).toBe(true);
            previousClose = close;
          }
        }
        if (method.cutOffTime !== null) expect(method.cutOffTime).toMatch(time);
      }
    }
  });

  it("prices delivery in whole pence, with tiers that cover the whole delivery radius", () => {
    for (const store of all) {
      const delivery = store.delivery;
      if (!delivery) continue;
      for (const pence of [delivery.costPence, delivery.minSpendPence, delivery.freeFromPence ?? 0]) {
        expect(Number.isInteger(pence) && pence >= 0).toBe(true);
      }
      const tiers = delivery.deliveryTiers ?? [];
      tiers.forEach((tier, i) => {
        expect(Number.isInteger(tier.costPence)).toBe(true);
        if (i > 0) expect(tier.upToKm).toBeGreaterThan(tiers[i - 1]!.upToKm);
      });
      if (tiers.length > 0 && store.deliveryRadiusKm !== null) {
        expect(tiers.at(-1)!.upToKm, store.name).toBeGreaterThanOrEqual(store.deliveryRadiusKm);
      }
    }
  });

  it("offers only the known product types", () => {
    const known = new Set(["grocery", "hot-food", "bakery", "alcohol", "pharmacy", "deli"]);
    for (const store of all) {
      expect(store.productTypes.length).toBeGreaterThan(0);
      for (const type of store.productTypes) expect(known.has(type)).toBe(true);
    }
  });

  it("closes only ordinary-hours stores on holidays, each with a message", () => {
    const withHolidays = all.filter((s) => s.holidays.length > 0);
    expect(withHolidays.length).toBeGreaterThan(0);
    for (const store of withHolidays) {
      expect(openAroundTheClock(store, store.delivery) || openAroundTheClock(store, store.collection)).toBe(false);
      for (const holiday of store.holidays) {
        expect(holiday.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(holiday.holidayMessage.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("payment methods and members", () => {
  beforeAll(async () => {
    await reseed(database.db);
  });

  it("lets every store take cash, card and both wallets, cards and wallets through checkout.com", async () => {
    const rows = await database.db.select().from(storePaymentMethods);
    const storeIds = (await database.db.select({ id: stores.id }).from(stores)).map((s) => s.id);
    for (const id of storeIds) {
      const mine = rows.filter((r) => r.storeId === id);
      expect(mine.map((r) => r.name).sort()).toEqual(["applepay", "card", "cash", "googlepay"]);
      for (const row of mine) expect(row.gateways).toEqual(row.name === "cash" ? [] : ["checkoutcom"]);
      expect(mine.find((r) => r.name === "cash")!.cutOffTime).toBe("21:00:00");
    }
  });

  it("has a store taking cash for collection only", async () => {
    const [cash] = await database.db
      .select()
      .from(storePaymentMethods)
      .where(
        and(eq(storePaymentMethods.storeId, demoStoreIds.openLondonSpitalfields), eq(storePaymentMethods.name, "cash")),
      );
    expect(cash).toMatchObject({ enabledForDelivery: false, enabledForCollection: true });
  });

  it("has a demo member for the member e-mail check, kept (not doubled) by a reseed", async () => {
    await reseed(database.db);
    const rows = await database.db.select().from(members);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "sam.patel@example.com",
      mobile: "+447700900982",
      mobileValidated: true,
      emailVerified: true,
    });
    // The password the README gives for the demo member is the one its seeded hash was made from.
    expect(await verifyPassword(DEMO_MEMBER_PASSWORD, rows[0]!.passwordHash!)).toBe(true);
    expect(await verifyPassword("not-the-demo-password", rows[0]!.passwordHash!)).toBe(false);
    const checking = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.memberEmailCheck, true));
    expect(checking.length).toBeGreaterThan(0);
  });
});
