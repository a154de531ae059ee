import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, menuItems, settings, storeOrderMethods } from "./db/schema";
import { sharedRead, sharedView } from "./shared-reads";
import { seededPlatform, VICTORIA, type SeededPlatform } from "./testing";
import { plainItems } from "./catalogue/testing/items";

// Runs on PGlite, or on PostgreSQL (a pool of several connections) when TEST_DATABASE_URL is set. Decision record 0027.
let s: SeededPlatform;
beforeAll(async () => {
  s = await seededPlatform();
});
afterAll(() => s.t.close());

function counted() {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return loads;
    },
    get loads() {
      return loads;
    },
  };
}

describe("shared reads", () => {
  it("load once while no shared table changes, and again after any statement writes one", async () => {
    const c = counted();
    expect(await sharedRead(s.t.db, "test:a", c.load)).toBe(1);
    expect(await sharedRead(s.t.db, "test:a", c.load)).toBe(1);
    // A write to a shopper's table leaves the shared data as it was.
    await s.t.db.execute(sql`DELETE FROM slot_holds`);
    expect(await sharedRead(s.t.db, "test:a", c.load)).toBe(1);
    // Straight to the table, as another instance, the seed or an operator would: no platform code is told.
    await s.t.db.update(storeOrderMethods).set({ minSpendPence: 1234 }).where(eq(storeOrderMethods.storeId, VICTORIA));
    expect(await sharedRead(s.t.db, "test:a", c.load)).toBe(2);
    expect(c.loads).toBe(2);
  });

  it("keep nothing read inside a transaction, and are not fooled by one rolled back", async () => {
    const c = counted();
    await sharedRead(s.t.db, "test:b", c.load);
    await expect(
      s.t.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: "test_rolled_back", value: {} });
        expect(await sharedRead(tx, "test:b", c.load)).toBe(2);
        expect(await sharedRead(tx, "test:b", c.load)).toBe(3);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    // The version the rolled-back write set was never committed: the entry from before still holds.
    expect(await sharedRead(s.t.db, "test:b", c.load)).toBe(1);
  });

  it("read through a view at the view's version, without reading the version again", async () => {
    const c = counted();
    const view = await sharedView(s.t.db);
    expect(await sharedRead(view, "test:c", c.load)).toBe(1);
    await s.t.db.update(categories).set({ description: "changed" }).where(eq(categories.id, -1));
    // The view answers at its own version for the rest of its call, however long that takes …
    expect(await sharedRead(view, "test:c", c.load)).toBe(1);
    // … while the next call sees the change.
    expect(await sharedRead(s.t.db, "test:c", c.load)).toBe(2);
    // Once the cache is newer than the view, the view loads afresh and keeps nothing.
    expect(await sharedRead(view, "test:c", c.load)).toBe(3);
    expect(await sharedRead(await sharedView(s.t.db), "test:c", c.load)).toBe(2);
  });

  it("show a price changed in the table on the next call of the item, its category and the basket", async () => {
    const [item] = await plainItems(s.t, VICTORIA);
    const basket = await s.shop.newBasket(s.token);
    await s.shop.add(s.token, basket, { menuItemId: item!.id, quantity: 1 });
    const read = async () => {
      const detail = await s.t.call(
        "POST",
        "/api/menu/item",
        { storeId: VICTORIA, menuItemId: item!.id, fulfilmentMethod: "delivery" },
        { token: s.token },
      );
      const page = await s.t.call(
        "POST",
        "/api/menu/category",
        { storeId: VICTORIA, categoryId: item!.categoryId, fulfilmentMethod: "delivery", pageSize: 100 },
        { token: s.token },
      );
      const current = await s.shop.read(s.token, basket);
      const listed = (page.body as { items: { id: number; price: number }[] }).items.find((i) => i.id === item!.id);
      return [(detail.body as { item: { price: number } }).item.price, listed?.price, current.items[0]!.unitPrice];
    };
    expect(await read()).toEqual([item!.pricePence, item!.pricePence, item!.pricePence]);
    await s.t.db
      .update(menuItems)
      .set({ pricePence: item!.pricePence + 101 })
      .where(eq(menuItems.id, item!.id));
    expect(await read()).toEqual([item!.pricePence + 101, item!.pricePence + 101, item!.pricePence + 101]);
  });
});
