import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES, CHECKOUT_MESSAGES, PAYMENT_MESSAGES } from "../contract";
import { memberToken } from "../auth/testing/tokens";
import { plainItems, setItem } from "../catalogue/testing/items";
import { formatPounds } from "../basket/pricing";
import { demoStoreIds } from "../db/seed";
import { baskets, basketCheckouts, members, orders, slotHolds, storeOrderMethods, stores } from "../db/schema";
import {
  CONTACT,
  ELEVEN,
  expectError,
  FAR_HOME,
  HOME,
  NOON,
  orderRow,
  resetClockAndHolds,
  seededPlatform,
  TEST_NOW,
  TODAY,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
} from "../testing";

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const PROCESS = "/api/checkout/processOrder";
const ordersOf = (basketToken: string) =>
  t.db.select().from(orders).where(eq(orders.basketToken, basketToken)).orderBy(orders.id);
const holdOf = async (basketToken: string) =>
  (await t.db.select().from(slotHolds).where(eq(slotHolds.basketToken, basketToken)))[0];

async function withStore<T>(
  storeId: number,
  changes: Partial<typeof stores.$inferSelect>,
  run: () => Promise<T>,
): Promise<T> {
  const [before] = await t.db.select().from(stores).where(eq(stores.id, storeId));
  await t.db.update(stores).set(changes).where(eq(stores.id, storeId));
  try {
    return await run();
  } finally {
    const restore = Object.fromEntries(Object.keys(changes).map((k) => [k, before![k as keyof typeof before]]));
    await t.db.update(stores).set(restore).where(eq(stores.id, storeId));
  }
}

async function firstSlot(
  as: string,
  storeId: number,
  method: "delivery" | "collection",
  date: string,
): Promise<string> {
  const res = await t.call(
    "POST",
    "/api/stores/timeslots/list",
    { startDate: date, endDate: date, storeId, fulfilmentMethod: method, postcode: "SW1A 1AA" },
    { token: as },
  );
  const days = api.listTimeSlots.response.parse(res.body).slotDays;
  const slot = days.flatMap((d) => d.slots).find((s) => !s.info.isAsap && s.info.status === "available");
  if (!slot) throw new Error(`No slot for store ${storeId} on ${date}`);
  return slot.startTime;
}

describe("POST /api/checkout/processOrder: drafts", () => {
  it("makes a draft order from a valid basket, with a snapshot of its lines and totals", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token, { goods: 2500 });
    const answer = await c.processOrder(token, {
      ...processBody,
      instructions: " Leave with the concierge ",
      channel: 1,
      paymentGateway: "checkoutcom",
    });
    expect(answer.draftOrderId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number(answer.businessOrderId)).toBeGreaterThanOrEqual(100001);
    expect(answer.total).toBe(basket.orderTotal);

    const row = await orderRow(t, answer.draftOrderId);
    expect(row).toMatchObject({
      state: "draft",
      status: null,
      storeId: VICTORIA,
      fulfilmentMethod: "delivery",
      timing: "future",
      slotDate: TODAY,
      firstName: CONTACT.firstName,
      lastName: CONTACT.lastName,
      email: CONTACT.email,
      phone: "07700900123",
      instructions: "Leave with the concierge",
      channel: "1",
      platform: "website",
      paymentGateway: "checkoutcom",
      paymentMethod: null,
      subtotalPence: basket.orderSubtotal,
      feePence: 199,
      totalPence: basket.orderTotal,
      couponCode: null,
    });
    expect(row.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.slotStart.toISOString()).toBe(new Date(ELEVEN).toISOString());
    expect(row.lines).toEqual(
      basket.items.map((l) => ({
        basketLineId: l.basketLineId,
        menuItemId: l.menuItemId,
        name: l.name,
        variant: l.variant,
        quantity: l.quantity,
        price: l.price,
        sizeId: l.sizeId,
        optionIds: l.options.map((o) => o.id),
      })),
    );
    expect(row.deliveryAddress).toMatchObject({ addressLine1: HOME.addressLine1, postcode: "SW1A 1AA" });
    expect(row.deliveryAddress!.lat).toBeCloseTo(51.50101);
    // The draft does not touch the basket: it is emptied only once the order is placed.
    expect((await c.read(token, basket)).items).toHaveLength(basket.items.length);
  });

  it("answers the same draft for the same basket, and keeps the slot held while payment waits", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const first = await c.processOrder(token, processBody);
    const heldUntil = (await holdOf(basket.basketToken))!.expiresAt.getTime();
    expect(heldUntil).toBe(Date.parse(TEST_NOW) + 900_000);

    t.clock.advance(10 * 60_000);
    const again = await c.processOrder(token, processBody);
    expect(again).toEqual(first);
    expect(await ordersOf(basket.basketToken)).toHaveLength(1);
    expect((await holdOf(basket.basketToken))!.expiresAt.getTime()).toBe(Date.parse(TEST_NOW) + 10 * 60_000 + 900_000);
  });

  it("supersedes the draft when the basket changes", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const first = await c.processOrder(token, processBody);
    const [item] = await plainItems(t);
    const bigger = await c.add(token, basket, { menuItemId: item!.id, quantity: 1 });
    const second = await c.processOrder(token, processBody);
    expect(second.draftOrderId).not.toBe(first.draftOrderId);
    expect(second.businessOrderId).not.toBe(first.businessOrderId);
    expect(second.total).toBe(bigger.orderTotal);
    expect((await ordersOf(basket.basketToken)).map((o) => [o.draftOrderId, o.state])).toEqual([
      [first.draftOrderId, "superseded"],
      [second.draftOrderId, "draft"],
    ]);
    // Other details count too: new contact details make a new draft.
    const third = await c.processOrder(token, { ...processBody, firstname: "Robyn" });
    expect(third.draftOrderId).not.toBe(second.draftOrderId);
  });

  it("makes one draft from two submits at once", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const [a, b] = await Promise.all([c.post(PROCESS, processBody, token), c.post(PROCESS, processBody, token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(api.processOrder.response.parse(a.body)).toEqual(api.processOrder.response.parse(b.body));
    expect(await ordersOf(basket.basketToken)).toHaveLength(1);
  });

  it("replays an answer for a repeated idempotency key", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    const headers = { "idempotency-key": "process-1" };
    const first = await c.processOrder(token, processBody, headers);
    expect(await c.processOrder(token, processBody, headers)).toEqual(first);
  });

  it("takes the slot's start as store-local HH:mm too", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    await c.processOrder(token, {
      ...processBody,
      fulfilmentDetails: { time: { date: TODAY, requestedTime: "11:00", asap: false } },
    });
  });

  it("orders collection without an address, ASAP as asap, and pre-orders as preorder", async () => {
    const token = await t.guestToken();
    const collection = await c.ready(token, { method: "collection", slot: "2025-06-02T11:00:00.000+01:00" });
    const draft = await c.processOrder(token, collection.processBody);
    expect(await orderRow(t, draft.draftOrderId)).toMatchObject({
      fulfilmentMethod: "collection",
      deliveryAddress: null,
      feePence: 0,
      timing: "future",
    });

    const asapToken = await t.guestToken();
    const asap = await c.ready(asapToken, { slot: "2025-06-02T10:00:00.000+01:00" });
    const asapHold = (await holdOf(asap.basket.basketToken))!;
    expect(asapHold.isAsap).toBe(true);
    const asapDraft = await c.processOrder(asapToken, {
      ...asap.processBody,
      fulfilmentDetails: { time: { date: TODAY, requestedTime: "2025-06-02T10:00:00.000+01:00", asap: true } },
    });
    expect((await orderRow(t, asapDraft.draftOrderId)).timing).toBe("asap");

    const preToken = await t.guestToken();
    const slot = await firstSlot(preToken, demoStoreIds.preorderOnly, "collection", "2025-06-03");
    const pre = await c.ready(preToken, { storeId: demoStoreIds.preorderOnly, method: "collection", slot });
    const preDraft = await c.processOrder(preToken, pre.processBody);
    expect((await orderRow(t, preDraft.draftOrderId)).timing).toBe("preorder");
  });
});

describe("POST /api/checkout/processOrder: refusals", () => {
  it("refuses an empty basket", async () => {
    const token = await t.guestToken();
    const basket = await c.newBasket(token);
    await c.reserve(token, basket, ELEVEN);
    await c.setDelivery(token, basket.basketToken, HOME);
    expectError(await c.post(PROCESS, c.processBody(basket, ELEVEN), token), 409, {
      message: BASKET_MESSAGES.empty,
      errorCode: "BASKET_EMPTY",
      errorDisplay: BASKET_MESSAGES.empty,
    });
  });

  it("refuses a basket with a line that cannot be bought", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const line = basket.items[0]!;
    await setItem(t, line.menuItemId, { availableForDelivery: false });
    try {
      const body = expectError(await c.post(PROCESS, processBody, token), 409, {
        message: BASKET_MESSAGES.itemUnavailable,
        errorCode: "ITEM_UNAVAILABLE",
      });
      expect(body.basketLineIds).toEqual([line.basketLineId]);
    } finally {
      await setItem(t, line.menuItemId, { availableForDelivery: true });
    }
  });

  it("refuses a basket under the minimum spend", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token, { goods: 1 });
    const short = basket.fulfilmentMethod.minSpend - basket.orderSubtotal;
    expect(short).toBeGreaterThan(0);
    const message = `Spend ${formatPounds(short)} more to reach the ${formatPounds(basket.fulfilmentMethod.minSpend)} minimum order`;
    expectError(await c.post(PROCESS, processBody, token), 409, { message, errorCode: "MIN_SPEND_NOT_MET" });
  });

  it("asks a guest with a members' coupon to sign in", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    await t.db.update(baskets).set({ couponCode: "MEMBER5" }).where(eq(baskets.token, basket.basketToken));
    expectError(await c.post(PROCESS, processBody, token), 403, {
      message: CHECKOUT_MESSAGES.loginToOrder,
      errorCode: "LOGIN_REQUIRED",
    });
  });

  it("refuses a paused store, a closed one, and guests where guests may not order", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    await withStore(VICTORIA, { ordersPaused: true }, async () => {
      expectError(await c.post(PROCESS, processBody, token), 409, {
        message: "This store is currently paused",
        errorCode: "STORE_PAUSED",
      });
    });
    await withStore(VICTORIA, { temporarilyClosed: true }, async () => {
      expectError(await c.post(PROCESS, processBody, token), 409, {
        message: "This store is currently closed",
        errorCode: "STORE_CLOSED",
      });
    });
    await t.db
      .update(storeOrderMethods)
      .set({ enabled: false })
      .where(and(eq(storeOrderMethods.storeId, VICTORIA), eq(storeOrderMethods.method, "delivery")));
    try {
      expectError(await c.post(PROCESS, processBody, token), 409, { message: "This store is currently closed" });
    } finally {
      await t.db
        .update(storeOrderMethods)
        .set({ enabled: true })
        .where(and(eq(storeOrderMethods.storeId, VICTORIA), eq(storeOrderMethods.method, "delivery")));
    }
    await withStore(VICTORIA, { guestCheckoutAllowed: false }, async () => {
      expectError(await c.post(PROCESS, processBody, token), 403, {
        message: "Please Login or Create An Account to order with this store",
      });
    });
  });

  it("refuses a time that is not the held slot, a past date, and a basket holding no slot", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const at = (time: Record<string, unknown>) =>
      c.post(
        PROCESS,
        { ...processBody, fulfilmentDetails: { time: { date: TODAY, requestedTime: ELEVEN, asap: false, ...time } } },
        token,
      );
    expectError(await at({ date: "2025-06-01" }), 400, {
      message: CHECKOUT_MESSAGES.invalidSlotDate,
      errorCode: "INVALID_SLOT_DATE",
    });
    for (const wrong of [
      { requestedTime: NOON },
      { requestedTime: "12:00" },
      { asap: true },
      { date: "2025-06-03" },
      { requestedTime: "2025-06-02T11:00:00" },
    ]) {
      expectError(await at(wrong), 409, { message: CHECKOUT_MESSAGES.invalidSlot, errorCode: "INVALID_SLOT" });
    }
    // The same instant in another offset is the same slot.
    expect((await at({ requestedTime: "2025-06-02T10:00:00Z" })).status).toBe(200);

    await t.db.delete(slotHolds).where(eq(slotHolds.basketToken, basket.basketToken));
    expectError(await c.post(PROCESS, processBody, token), 409, { message: CHECKOUT_MESSAGES.invalidSlot });
    await c.reserve(token, basket, ELEVEN);
    t.clock.advance(16 * 60_000);
    expectError(await c.post(PROCESS, processBody, token), 409, { message: CHECKOUT_MESSAGES.invalidSlot });
  });

  it("refuses contact details that are incomplete or wrong, naming the field", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    const body = expectError(await c.post(PROCESS, { ...processBody, phoneNumber: "12345" }, token), 400, {
      errorDisplay: CHECKOUT_MESSAGES.phoneInvalid,
    });
    expect(body.field).toBe("phoneNumber");
    expectError(await c.post(PROCESS, { ...processBody, firstname: "" }, token), 400, {
      errorDisplay: CHECKOUT_MESSAGES.firstNameRequired,
    });
  });

  it("refuses delivery without an address, or to one the store no longer reaches", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token, { address: null });
    expectError(await c.post(PROCESS, processBody, token), 409, {
      message: CHECKOUT_MESSAGES.noDeliveryAddress,
      errorCode: "NO_DELIVERY_ADDRESS",
    });
    await c.setDelivery(token, basket.basketToken, FAR_HOME);
    await withStore(VICTORIA, { deliveryRadiusKm: 2 }, async () => {
      expectError(await c.post(PROCESS, processBody, token), 422, {
        message: CHECKOUT_MESSAGES.unableToDeliver,
        errorCode: "OUTSIDE_DELIVERY_AREA",
      });
    });
  });

  it("refuses a gateway other than checkoutcom", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    expectError(await c.post(PROCESS, { ...processBody, paymentGateway: "stripe" }, token), 400, {
      message: PAYMENT_MESSAGES.gatewayNotSupported,
      errorDisplay: "Payment gateway is not supported",
    });
  });

  it("refuses another store's or method's details, and another session's basket", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    expectError(await c.post(PROCESS, { ...processBody, storeId: demoStoreIds.openLondonSpitalfields }, token), 409, {
      message: BASKET_MESSAGES.otherStore,
    });
    expectError(await c.post(PROCESS, { ...processBody, fulfilmentMethod: "collection" }, token), 409, {
      message: BASKET_MESSAGES.methodMismatch,
    });
    expectError(await c.post(PROCESS, processBody, await t.guestToken()), 403, {
      message: BASKET_MESSAGES.otherSession,
    });
    expect(await ordersOf(basket.basketToken)).toHaveLength(0);
  });
});

describe("POST /api/checkout/processOrder: members", () => {
  it("lets members order where guests may not, and holds them to a coupon's verified-mobile rule", async () => {
    const [sam] = await t.db.select().from(members).where(eq(members.email, "sam.patel@example.com"));
    const verified = await memberToken(t, sam!.id);
    const { basket, processBody } = await c.ready(verified);
    await withStore(VICTORIA, { guestCheckoutAllowed: false }, async () => {
      await t.db.update(baskets).set({ couponCode: "VERIFIED15" }).where(eq(baskets.token, basket.basketToken));
      const draft = await c.processOrder(verified, processBody);
      expect(await orderRow(t, draft.draftOrderId)).toMatchObject({ memberId: sam!.id, couponCode: "VERIFIED15" });

      const unverified = await memberToken(t, sam!.id + 1000);
      const other = await c.ready(unverified);
      await t.db.update(baskets).set({ couponCode: "VERIFIED15" }).where(eq(baskets.token, other.basket.basketToken));
      expectError(await c.post(PROCESS, other.processBody, unverified), 403, {
        message: BASKET_MESSAGES.couponVerified,
      });
    });
  });
});

describe("POST /api/checkout/processOrder: the total the shopper saw", () => {
  it("takes the total when it is the one the shopper saw, and refuses it when prices moved", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    await c.processOrder(token, { ...processBody, expectedTotal: basket.orderTotal });
    const line = basket.items[0]!;
    const [item] = (await plainItems(t)).filter((i) => i.id === line.menuItemId);
    await setItem(t, line.menuItemId, { pricePence: item!.pricePence + 10 });
    try {
      const body = expectError(
        await c.post(PROCESS, { ...processBody, expectedTotal: basket.orderTotal }, token),
        409,
        {
          message: CHECKOUT_MESSAGES.pricesChanged,
          errorCode: "PRICES_CHANGED",
        },
      );
      expect(body.total).toBe(basket.orderTotal + 10 * line.quantity);
    } finally {
      await setItem(t, line.menuItemId, { pricePence: item!.pricePence });
    }
  });

  it("says the delivery cost changed when the fee moved since the last draft", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const draft = await c.processOrder(token, { ...processBody, expectedTotal: basket.orderTotal });
    const [method] = await t.db
      .select()
      .from(storeOrderMethods)
      .where(and(eq(storeOrderMethods.storeId, VICTORIA), eq(storeOrderMethods.method, "delivery")));
    await t.db
      .update(storeOrderMethods)
      .set({ deliveryTiers: method!.deliveryTiers!.map((tier) => ({ ...tier, costPence: tier.costPence + 100 })) })
      .where(and(eq(storeOrderMethods.storeId, VICTORIA), eq(storeOrderMethods.method, "delivery")));
    try {
      expectError(await c.post(PROCESS, { ...processBody, expectedTotal: draft.total }, token), 409, {
        message: "Delivery cost has changed. Please review your order and try again.",
        errorCode: "DELIVERY_COST_CHANGED",
      });
    } finally {
      await t.db
        .update(storeOrderMethods)
        .set({ deliveryTiers: method!.deliveryTiers })
        .where(and(eq(storeOrderMethods.storeId, VICTORIA), eq(storeOrderMethods.method, "delivery")));
    }
  });

  it("prices delivery at the delivery address, whatever an add moved the basket to since", async () => {
    const token = await t.guestToken();
    const { basket, processBody } = await c.ready(token);
    const [item] = await plainItems(t);
    // An add from a page that knew another location moves the basket (and its fee) there.
    const moved = await c.add(
      token,
      basket,
      { menuItemId: item!.id, quantity: 1 },
      { fulfilmentLocation: { postcode: "W1A 1AA" } },
    );
    expect(moved.fulfilmentMethod.cost).toBe(299);
    expectError(await c.post(PROCESS, { ...processBody, expectedTotal: moved.orderTotal }, token), 409, {
      errorCode: "DELIVERY_COST_CHANGED",
    });
    const draft = await c.processOrder(token, processBody);
    expect(draft.total).toBe(moved.orderTotal - 100);
    expect((await orderRow(t, draft.draftOrderId)).feePence).toBe(199);
    const [checkout] = await t.db
      .select()
      .from(basketCheckouts)
      .where(eq(basketCheckouts.basketToken, basket.basketToken));
    expect(checkout!.deliveryAddress!.postcode).toBe("SW1A 1AA");
  });
});
