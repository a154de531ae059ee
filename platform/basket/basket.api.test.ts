import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, type Basket } from "../contract";
import { hashToken, issueTokens } from "../auth/tokens";
import { demoStoreIds } from "../db/seed";
import { authTokens, baskets } from "../db/schema";
import { seededPlatform, TEST_NOW, type TestPlatform } from "../testing";

let t: TestPlatform;
beforeAll(async () => {
  ({ t } = await seededPlatform());
});
afterAll(() => t.close());

const VICTORIA = demoStoreIds.openLondonVictoria;
const SPITALFIELDS = demoStoreIds.openLondonSpitalfields;

async function retrieveRaw(token: string | null, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call("POST", "/api/basket/retrieve", body, { token, headers });
}
async function retrieve(
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Basket> {
  const res = await retrieveRaw(token, body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.retrieveBasket.response.parse(res.body);
}
async function familyOf(accessToken: string): Promise<string> {
  const [row] = await t.db
    .select({ family: authTokens.family })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(accessToken)));
  return row!.family;
}
const basketsOf = async (family: string) => t.db.select().from(baskets).where(eq(baskets.ownerFamily, family));
const basketRow = async (token: string) => (await t.db.select().from(baskets).where(eq(baskets.token, token)))[0];

describe("POST /api/basket/retrieve", () => {
  it("needs a token", async () => {
    const res = await retrieveRaw(null, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(res.status).toBe(401);
    apiErrorSchema.parse(res.body);
  });

  it("creates an empty basket for the session when there is no basket token", async () => {
    const token = await t.guestToken();
    const basket = await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(basket.basketToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(basket).toEqual({
      basketToken: basket.basketToken,
      storeId: VICTORIA,
      items: [],
      savings: 0,
      promotions: [],
      missedPromotions: [],
      missedMembershipPriceDiscount: 0,
      acceptedAge: null,
      maxBasketItems: 0,
      loyaltyPoints: {
        accumulatedPoints: 0,
        currencyToPointsRatio: 1,
        deductCost: 0,
        loyaltyOrdersToBeEarned: 0,
        loyaltyPointsName: "Larder points",
        loyaltyReferRewardAccumulated: 0,
        loyaltySystem: "points",
        maximumPointsSpend: 2000,
        minimumBasketValue: 1000,
        minimumPointsSpend: 100,
        pointsToBeEarned: 0,
        pointsToCurrencyRatio: 0.01,
        pointsToSpend: 0,
      },
      loyalty: null,
      addresses: [],
      fulfilmentMethod: {
        type: "delivery",
        datetime: null,
        freeFrom: 4000,
        minSpend: 1500,
        zoneFreeDeliveryMessage: "Free delivery on orders of £40 or more",
        cost: 399,
      },
      fees: [{ code: "DELIVERY", amount: 399 }],
      orderSubtotal: 0,
      orderSubtotalAfterDiscounts: 0,
      orderTotal: 399,
      credit: null,
      totalItemsQuantity: 0,
      coupon: null,
      tips: { type: "driver", amount: 0 },
      selectedSlot: null,
    });
    const row = await basketRow(basket.basketToken);
    expect(row).toMatchObject({
      storeId: VICTORIA,
      fulfilmentMethod: "delivery",
      ownerFamily: await familyOf(token),
      memberId: null,
    });
    expect(row!.createdAt.toISOString()).toBe(TEST_NOW);
    expect(row!.updatedAt.toISOString()).toBe(TEST_NOW);
  });

  it("treats an empty or null basket token as none", async () => {
    const token = await t.guestToken();
    const a = await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: "" });
    const b = await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: null });
    expect(a.basketToken).not.toBe(b.basketToken);
    expect(await basketsOf(await familyOf(token))).toHaveLength(2);
  });

  it("returns the caller's basket for the same store, switching its method when asked", async () => {
    const token = await t.guestToken();
    const family = await familyOf(token);
    const created = await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
    const again = await retrieve(token, {
      storeId: VICTORIA,
      fulfilmentMethod: "delivery",
      basketToken: created.basketToken,
    });
    expect(again).toEqual(created);

    t.clock.advance(60_000);
    try {
      const switched = await retrieve(token, {
        storeId: VICTORIA,
        fulfilmentMethod: "collection",
        basketToken: created.basketToken,
      });
      expect(switched.basketToken).toBe(created.basketToken);
      expect(switched.fulfilmentMethod).toEqual({
        type: "collection",
        datetime: null,
        freeFrom: null,
        minSpend: 0,
        zoneFreeDeliveryMessage: null,
        cost: 0,
      });
      expect(switched.fees).toEqual([{ code: "COLLECTION", amount: 0 }]);
      expect(switched.orderTotal).toBe(0);
      const row = await basketRow(created.basketToken);
      expect(row!.fulfilmentMethod).toBe("collection");
      expect(row!.updatedAt.getTime()).toBe(new Date(TEST_NOW).getTime() + 60_000);
      expect(row!.createdAt.toISOString()).toBe(TEST_NOW);
    } finally {
      t.clock.set(TEST_NOW);
    }
    expect(await basketsOf(family)).toHaveLength(1);
  });

  it("issues a new basket for an unknown token", async () => {
    const token = await t.guestToken();
    const basket = await retrieve(token, {
      storeId: VICTORIA,
      fulfilmentMethod: "delivery",
      basketToken: "not-a-real-basket-token",
    });
    expect(basket.basketToken).not.toBe("not-a-real-basket-token");
    expect(await basketRow("not-a-real-basket-token")).toBeUndefined();
    expect(await basketRow(basket.basketToken)).toBeDefined();
  });

  it("issues a new basket when the token's basket is for another store, leaving the old one alone", async () => {
    const token = await t.guestToken();
    const victoria = await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
    const spitalfields = await retrieve(token, {
      storeId: SPITALFIELDS,
      fulfilmentMethod: "delivery",
      basketToken: victoria.basketToken,
    });
    expect(spitalfields.basketToken).not.toBe(victoria.basketToken);
    expect(spitalfields.storeId).toBe(SPITALFIELDS);
    expect(spitalfields.fulfilmentMethod.cost).toBe(349);
    expect(await basketRow(victoria.basketToken)).toMatchObject({ storeId: VICTORIA });
  });

  it("never returns a basket of another session", async () => {
    const alice = await t.guestToken();
    const bob = await t.guestToken();
    const alicesBasket = await retrieve(alice, { storeId: VICTORIA, fulfilmentMethod: "delivery" });

    const bobsBasket = await retrieve(bob, {
      storeId: VICTORIA,
      fulfilmentMethod: "collection",
      basketToken: alicesBasket.basketToken,
    });
    expect(bobsBasket.basketToken).not.toBe(alicesBasket.basketToken);
    expect(await basketRow(bobsBasket.basketToken)).toMatchObject({ ownerFamily: await familyOf(bob) });
    // Bob's attempt changed nothing of Alice's.
    expect(await basketRow(alicesBasket.basketToken)).toMatchObject({
      ownerFamily: await familyOf(alice),
      fulfilmentMethod: "delivery",
    });
    expect(
      await retrieve(alice, { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: alicesBasket.basketToken }),
    ).toEqual(alicesBasket);
  });

  it("keeps a member's basket across the member's sessions, but not for other members", async () => {
    const config = { accessTokenSeconds: 3600, refreshTokenSeconds: 3600 };
    const phone = (await issueTokens(t.db, t.clock, config, { strategy: "member", memberId: 41 })).access_token;
    const laptop = (await issueTokens(t.db, t.clock, config, { strategy: "member", memberId: 41 })).access_token;
    const stranger = (await issueTokens(t.db, t.clock, config, { strategy: "member", memberId: 42 })).access_token;

    const basket = await retrieve(phone, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
    expect(await basketRow(basket.basketToken)).toMatchObject({ memberId: 41 });
    expect(
      (await retrieve(laptop, { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: basket.basketToken }))
        .basketToken,
    ).toBe(basket.basketToken);
    expect(
      (await retrieve(stranger, { storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: basket.basketToken }))
        .basketToken,
    ).not.toBe(basket.basketToken);
  });

  it("charges each store's fee for the method", async () => {
    const token = await t.guestToken();
    const preorder = await retrieve(token, { storeId: demoStoreIds.preorderOnly, fulfilmentMethod: "delivery" });
    expect(preorder.fulfilmentMethod).toMatchObject({ cost: 499, freeFrom: null, minSpend: 2000 });
    expect(preorder.orderTotal).toBe(499);
    // Delivery is switched off here, and store 14 has no delivery at all: neither charges a delivery fee.
    for (const storeId of [demoStoreIds.collectionOnly, demoStoreIds.collectionOnlyNoDeliveryRow]) {
      const basket = await retrieve(token, { storeId, fulfilmentMethod: "delivery" });
      expect(basket.fees).toEqual([{ code: "DELIVERY", amount: 0 }]);
      expect(basket.fulfilmentMethod).toMatchObject({ cost: 0, freeFrom: null, minSpend: 0 });
    }
  });

  it("answers 404 for an unknown store and creates nothing", async () => {
    const token = await t.guestToken();
    const res = await retrieveRaw(token, { storeId: 9999, fulfilmentMethod: "delivery" });
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(res.body).message).toBe("Store not found.");
    expect(await basketsOf(await familyOf(token))).toEqual([]);
  });

  it.each([
    [{ fulfilmentMethod: "delivery" }],
    [{ storeId: VICTORIA }],
    [{ storeId: "1", fulfilmentMethod: "delivery" }],
    [{ storeId: VICTORIA, fulfilmentMethod: "teleport" }],
    [{ storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: 12 }],
    [{ storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: "x".repeat(129) }],
  ])("refuses bad input %j with a 400 in the error shape", async (body) => {
    const res = await retrieveRaw(await t.guestToken(), body);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).status).toBe(400);
  });
});

describe("POST /api/basket/retrieve with an Idempotency-Key", () => {
  it("creates one basket for a retried request", async () => {
    const token = await t.guestToken();
    const body = { storeId: VICTORIA, fulfilmentMethod: "delivery" };
    const first = await retrieve(token, body, { "idempotency-key": "basket-create-1" });
    const retried = await retrieve(token, body, { "idempotency-key": "basket-create-1" });
    expect(retried.basketToken).toBe(first.basketToken);
    expect(await basketsOf(await familyOf(token))).toHaveLength(1);

    const other = await retrieve(token, body, { "idempotency-key": "basket-create-2" });
    expect(other.basketToken).not.toBe(first.basketToken);
    expect(await basketsOf(await familyOf(token))).toHaveLength(2);
  });

  it("keeps two sessions' keys apart", async () => {
    const alice = await t.guestToken();
    const bob = await t.guestToken();
    const body = { storeId: VICTORIA, fulfilmentMethod: "delivery" };
    const a = await retrieve(alice, body, { "idempotency-key": "same-key" });
    const b = await retrieve(bob, body, { "idempotency-key": "same-key" });
    expect(a.basketToken).not.toBe(b.basketToken);
  });

  it("refuses the key reused for a different request", async () => {
    const token = await t.guestToken();
    await retrieve(token, { storeId: VICTORIA, fulfilmentMethod: "delivery" }, { "idempotency-key": "reused" });
    const res = await retrieveRaw(
      token,
      { storeId: SPITALFIELDS, fulfilmentMethod: "delivery" },
      { "idempotency-key": "reused" },
    );
    expect(res.status).toBe(422);
    expect(apiErrorSchema.parse(res.body).errorCode).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await basketsOf(await familyOf(token))).toHaveLength(1);
  });

  it("creates one basket when the same request races itself", async () => {
    const token = await t.guestToken();
    const body = { storeId: SPITALFIELDS, fulfilmentMethod: "collection" };
    const results = await Promise.all([1, 2, 3].map(() => retrieve(token, body, { "idempotency-key": "raced" })));
    expect(new Set(results.map((r) => r.basketToken)).size).toBe(1);
    expect(await basketsOf(await familyOf(token))).toHaveLength(1);
  });
});
