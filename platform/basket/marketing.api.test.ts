import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, DEEP_LINK_ERRORS } from "../contract";
import { memberToken } from "../auth/testing/tokens";
import { baskets, members } from "../db/schema";
import { demoStoreIds } from "../db/seed";
import { expectError, orderRow, seededPlatform, type ShopperApi, type TestPlatform } from "../testing";

/*
 * The marketing tool's calls (spec 2 §7; issue 20 item 3): deepLinkAction prepares the basket a deep link fills, and
 * identifier keeps the tool's identity for the shopper with the basket and a member's account. Orders from such a
 * basket carry both. Victoria Street (1) delivers to SW1A 1AA; Spitalfields (2) only collects there.
 */

const VICTORIA = demoStoreIds.openLondonVictoria;
const SPITALFIELDS = demoStoreIds.openLondonSpitalfields;
const ACTION = "/api/iterable/deepLinkAction";
const IDENTIFIER = "/api/iterable/identifier";
const MILK = { menuItemId: 36, quantity: 1 };

let t: TestPlatform;
let b: ShopperApi;
beforeAll(async () => {
  ({ t, shop: b } = await seededPlatform());
});
afterAll(() => t.close());

async function action(as: string, body: Record<string, unknown>) {
  const res = await b.post(ACTION, body, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.iterableDeepLinkAction.response.parse(res.body).basket;
}

describe("POST /api/iterable/deepLinkAction", () => {
  it("makes a basket at the store for the method it serves there, marked with the campaign", async () => {
    const guest = await t.guestToken();
    const basket = await action(guest, { storeId: VICTORIA, postcode: "SW1A 1AA", campaign: "winter" });
    expect(basket).toMatchObject({ storeId: VICTORIA, items: [] });
    expect(basket.fulfilmentMethod.type).toBe("delivery");
    const [row] = await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(row?.campaign).toBe("winter");
    // Spitalfields does not deliver to SW1A 1AA, but collection is within reach.
    const collecting = await action(guest, { storeId: SPITALFIELDS, postcode: "SW1A 1AA" });
    expect(collecting.fulfilmentMethod.type).toBe("collection");
  });

  it("asks for a store search without a location", async () => {
    expectError(await b.post(ACTION, { storeId: VICTORIA }, await t.guestToken()), 400, {
      errorCode: "STORE_SEARCH_REQUIRED",
      message: "You need to search for stores with a postcode!",
    });
  });

  it("is UNRECOVERABLE_ERROR for a store that does not exist", async () => {
    expectError(await b.post(ACTION, { storeId: 999_999, postcode: "SW1A 1AA" }, await t.guestToken()), 404, {
      errorCode: "UNRECOVERABLE_ERROR",
    });
  });

  it("is INCOMPATIBLE_STORE when the store serves neither method there, or not the method asked for", async () => {
    const guest = await t.guestToken();
    expectError(await b.post(ACTION, { storeId: VICTORIA, postcode: "M1 1AE" }, guest), 409, {
      errorCode: "INCOMPATIBLE_STORE",
    });
    expectError(
      await b.post(ACTION, { storeId: SPITALFIELDS, postcode: "SW1A 1AA", fulfilmentMethod: "delivery" }, guest),
      409,
      {
        errorCode: DEEP_LINK_ERRORS.incompatibleStore.code,
      },
    );
  });

  it("is INCOMPATIBLE_STORE over a basket with items at another store, and with clearStore empties that basket", async () => {
    const guest = await t.guestToken();
    const other = await b.add(guest, await b.newBasket(guest, SPITALFIELDS), MILK);
    expectError(
      await b.post(ACTION, { storeId: VICTORIA, basketToken: other.basketToken, postcode: "SW1A 1AA" }, guest),
      409,
      {
        errorCode: "INCOMPATIBLE_STORE",
      },
    );
    expect((await b.read(guest, other)).items).toHaveLength(1);

    const basket = await action(guest, {
      storeId: VICTORIA,
      basketToken: other.basketToken,
      postcode: "SW1A 1AA",
      clearStore: true,
    });
    expect(basket.storeId).toBe(VICTORIA);
    expect((await b.read(guest, other)).items).toEqual([]);
  });

  it("keeps the caller's basket at the store, emptied only with clearStore, and never takes another session's", async () => {
    const guest = await t.guestToken();
    const mine = await b.add(guest, await b.newBasket(guest), MILK);
    const kept = await action(guest, { storeId: VICTORIA, basketToken: mine.basketToken, postcode: "SW1A 1AA" });
    expect(kept.basketToken).toBe(mine.basketToken);
    expect(kept.items).toHaveLength(1);
    const cleared = await action(guest, {
      storeId: VICTORIA,
      basketToken: mine.basketToken,
      postcode: "SW1A 1AA",
      clearStore: true,
    });
    expect(cleared.basketToken).toBe(mine.basketToken);
    expect(cleared.items).toEqual([]);

    const stranger = await t.guestToken();
    const theirs = await b.add(stranger, await b.newBasket(stranger), MILK);
    const own = await action(guest, {
      storeId: VICTORIA,
      basketToken: theirs.basketToken,
      postcode: "SW1A 1AA",
      clearStore: true,
    });
    expect(own.basketToken).not.toBe(theirs.basketToken);
    expect((await b.read(stranger, theirs)).items).toHaveLength(1);
  });

  it("happens once per idempotency key: a replay answers the same basket and never empties it again", async () => {
    const guest = await t.guestToken();
    const headers = { "idempotency-key": "deep-link-prepare-1" };
    const first = await b.post(
      ACTION,
      { storeId: VICTORIA, postcode: "SW1A 1AA", clearStore: true, campaign: "winter" },
      guest,
      headers,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { basket } = api.iterableDeepLinkAction.response.parse(first.body);
    await b.add(guest, basket, MILK);
    const replay = await b.post(
      ACTION,
      { storeId: VICTORIA, postcode: "SW1A 1AA", clearStore: true, campaign: "winter" },
      guest,
      headers,
    );
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(api.iterableDeepLinkAction.response.parse(replay.body).basket.basketToken).toBe(basket.basketToken);
    expect((await b.read(guest, basket)).items).toHaveLength(1);
  });

  it("needs a token", async () => {
    expectError(await b.post(ACTION, { storeId: VICTORIA, postcode: "SW1A 1AA" }, null), 401);
  });
});

describe("POST /api/iterable/identifier", () => {
  it("keeps the identity with the caller's basket, not with another session's", async () => {
    const guest = await t.guestToken();
    const basket = await b.newBasket(guest);
    const res = await b.post(IDENTIFIER, { sessionToken: "subscriber-81", basketToken: basket.basketToken }, guest);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ linked: true });
    const [row] = await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(row?.marketingIdentity).toBe("subscriber-81");

    const stranger = await t.guestToken();
    expect(
      (await b.post(IDENTIFIER, { sessionToken: "intruder", basketToken: basket.basketToken }, stranger)).body,
    ).toEqual({ linked: false });
    const [after] = await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(after?.marketingIdentity).toBe("subscriber-81");
  });

  it("keeps it with a signed-in member's account", async () => {
    const [member] = await t.db.select({ id: members.id }).from(members).limit(1);
    const token = await memberToken(t, member!.id);
    expect((await b.post(IDENTIFIER, { sessionToken: "member-subscriber" }, token)).body).toEqual({ linked: true });
    const [row] = await t.db.select({ id: members.marketingIdentity }).from(members).where(eq(members.id, member!.id));
    expect(row?.id).toBe("member-subscriber");
  });

  it("refuses an identity that is not one", async () => {
    expectError(await b.post(IDENTIFIER, { sessionToken: "two words" }, await t.guestToken()), 400);
  });
});

describe("an order from a deep link's basket", () => {
  it("carries the link's campaign and the tool's identity for the shopper", async () => {
    const token = await t.guestToken();
    const made = await b.ready(token);
    await action(token, {
      storeId: VICTORIA,
      basketToken: made.basket.basketToken,
      postcode: "SW1A 1AA",
      campaign: "winter",
    });
    await b.post(IDENTIFIER, { sessionToken: "subscriber-81", basketToken: made.basket.basketToken }, token);
    const draft = await b.processOrder(token, made.processBody);
    expect(await orderRow(t, draft.draftOrderId)).toMatchObject({
      campaign: "winter",
      marketingIdentity: "subscriber-81",
    });
  });
});
