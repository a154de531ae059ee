import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import { api, apiErrorSchema, type ApiErrorBody, type Basket } from "../contract";
import { issueTokens } from "../auth/tokens";
import { demoStoreIds } from "../db/seed";
import { menuItems, stores } from "../db/schema";
import type { TestPlatform, TestResponse } from "../testing";

/*
 * Helpers for the basket API tests. Items are picked from the seeded menus by what they are (plain, or
 * age-restricted) rather than by name, so the tests do not depend on the exact seed.
 */

export const VICTORIA = demoStoreIds.openLondonVictoria;
export type ItemRow = typeof menuItems.$inferSelect;

export function basketApi(t: TestPlatform) {
  const post = (path: string, body: Record<string, unknown>, as: string | null, headers: Record<string, string> = {}) =>
    t.call("POST", path, body, { token: as, headers });

  async function ok(res: TestResponse): Promise<Basket> {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.retrieveBasket.response.parse(res.body);
  }

  return {
    post,
    ok,
    async newBasket(as: string, storeId: number = VICTORIA, fulfilmentMethod: "delivery" | "collection" = "delivery"): Promise<Basket> {
      return ok(await post("/api/basket/retrieve", { storeId, fulfilmentMethod }, as));
    },
    async read(as: string, basket: Pick<Basket, "basketToken" | "storeId">, fulfilmentMethod?: "delivery" | "collection"): Promise<Basket> {
      const current = await ok(
        await post("/api/basket/retrieve", { storeId: basket.storeId, fulfilmentMethod: fulfilmentMethod ?? "delivery", basketToken: basket.basketToken }, as),
      );
      expect(current.basketToken).toBe(basket.basketToken);
      return current;
    },
    addRaw(as: string | null, basket: Pick<Basket, "basketToken" | "storeId">, menuItem: Record<string, unknown>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      return post(
        "/api/basket/item/add",
        { storeId: basket.storeId, fulfilmentMethod: "delivery", basketToken: basket.basketToken, menuItem, ...extra },
        as,
        headers,
      );
    },
    async add(as: string, basket: Pick<Basket, "basketToken" | "storeId">, menuItem: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Basket> {
      return ok(
        await post(
          "/api/basket/item/add",
          { storeId: basket.storeId, fulfilmentMethod: "delivery", basketToken: basket.basketToken, menuItem, ...extra },
          as,
        ),
      );
    },
  };
}

/** Checks an error answer's status and, where given, its message, errorCode and errorDisplay. */
export function expectError(
  res: TestResponse,
  status: number,
  expected: { message?: string; errorCode?: string | number; errorDisplay?: string } = {},
): ApiErrorBody & Record<string, unknown> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.status).toBe(status);
  if (expected.message !== undefined) expect(body.message).toBe(expected.message);
  if (expected.errorCode !== undefined) expect(body.errorCode).toBe(expected.errorCode);
  if (expected.errorDisplay !== undefined) expect(body.errorDisplay).toBe(expected.errorDisplay);
  // The raw body: some errors carry fields beyond the standard ones (AGE_RESTRICTED's ageRestriction).
  return res.body as ApiErrorBody & Record<string, unknown>;
}

/** Items of a store's menu with no sizes, options, member price or age limit, sold for both methods. */
export async function plainItems(t: TestPlatform, storeId: number = VICTORIA): Promise<ItemRow[]> {
  const [store] = await t.db.select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, storeId));
  return t.db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menuGroupId, store!.menuGroupId!),
        isNull(menuItems.ageRestriction),
        isNull(menuItems.memberPricePence),
        eq(menuItems.availableForDelivery, true),
        eq(menuItems.availableForCollection, true),
        sql`${menuItems.sizes} = '[]'::jsonb`,
        sql`${menuItems.optionGroups} = '[]'::jsonb`,
      ),
    )
    .orderBy(asc(menuItems.id));
}

/** An item of the store's menu restricted to 18 and over, sold for delivery. */
export async function adultItem(t: TestPlatform, storeId: number = VICTORIA): Promise<ItemRow> {
  const [store] = await t.db.select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, storeId));
  const [row] = await t.db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menuGroupId, store!.menuGroupId!),
        eq(menuItems.ageRestriction, 18),
        eq(menuItems.availableForDelivery, true),
        sql`${menuItems.sizes} = '[]'::jsonb`,
        sql`${menuItems.optionGroups} = '[]'::jsonb`,
      ),
    )
    .orderBy(asc(menuItems.id))
    .limit(1);
  if (!row) throw new Error("The seed has no 18+ item");
  return row;
}

/** A member's access token. */
export async function memberToken(t: TestPlatform, memberId: number): Promise<string> {
  return (await issueTokens(t.db, t.clock, { accessTokenSeconds: 3600, refreshTokenSeconds: 3600 }, { strategy: "member", memberId })).access_token;
}

/** Sets columns of one item for the length of a test. */
export async function setItem(t: TestPlatform, id: number, changes: Partial<ItemRow>): Promise<void> {
  await t.db.update(menuItems).set(changes).where(eq(menuItems.id, id));
}
