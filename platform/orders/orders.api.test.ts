import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  BASKET_MESSAGES,
  CHECKOUT_MESSAGES,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  type OrderSummary,
} from "../contract";
import { memberToken } from "../auth/testing/tokens";
import { demoStoreIds } from "../db/seed";
import { baskets, menuItems, orderPayments, orders, outbox, slotHolds, stores } from "../db/schema";
import { livePlaces } from "../slots/holds-store";
import {
  createTestPlatform,
  ELEVEN,
  expectError,
  orderRow,
  resetClockAndHolds,
  RETURN_URLS,
  seededPlatform,
  TEST_NOW,
  TODAY,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
} from "../testing";
import { STAFF_FAILED_SIGN_INS } from "./staff";

const STAFF = { username: "board", password: "correct horse battery staple" };

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform({ config: { staff: STAFF } }));
});
afterAll(() => t.close());
// Every draft holds a place at 11:00 (capacity 12): give them back between tests.
afterEach(() => resetClockAndHolds(t));

async function payCash(token: string, draftOrderId: string) {
  const res = await c.makePayment(token, draftOrderId, { paymentMethod: "cash" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.makePayment.response.parse(res.body);
}

const outboxFor = (orderId: number) => t.db.select().from(outbox).where(eq(outbox.orderId, orderId));

describe("POST /api/payment/makePayment with cash", () => {
  it("places the order at once: Sent to Store, the basket emptied, the place kept and the confirmation queued", async () => {
    const { token, basket, draft } = await c.draftFor();
    const answer = await payCash(token, draft.draftOrderId);
    const row = await orderRow(t, draft.draftOrderId);
    expect(answer).toEqual({
      gatewayData: null,
      order: { businessOrderId: draft.businessOrderId, statusToken: row.statusToken },
    });
    expect(row).toMatchObject({
      state: "placed",
      status: "sent_to_store",
      paymentMethod: "cash",
      siteOrigin: "https://shop.example",
    });
    expect(row.statusHistory).toEqual([{ status: "sent_to_store", at: TEST_NOW }]);
    expect(row.placedAt!.toISOString()).toBe(TEST_NOW);

    const tries = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, row.id));
    expect(tries).toMatchObject([
      { attempt: 1, method: "cash", kind: "cash", status: "approved", amountPence: draft.total, gateway: null },
    ]);

    const emptied = await c.read(token, basket);
    expect(emptied).toMatchObject({ items: [], coupon: null, tips: { type: "driver", amount: 0 }, selectedSlot: null });
    // The place in the 11:00 slot stays taken until the slot ends, by a hold of the order's own.
    const holds = await t.db
      .select()
      .from(slotHolds)
      .innerJoin(baskets, eq(baskets.token, slotHolds.basketToken))
      .where(eq(baskets.ownerFamily, `order:${row.id}`));
    expect(holds).toHaveLength(1);
    expect(holds[0]!.slot_holds.expiresAt.toISOString()).toBe(new Date("2025-06-02T12:00:00.000+01:00").toISOString());
    expect(await livePlaces(t.db, VICTORIA, "delivery", new Date(ELEVEN), new Date(TEST_NOW))).toBeGreaterThanOrEqual(
      1,
    );

    const [mail] = await outboxFor(row.id);
    expect(mail).toMatchObject({
      channel: "email",
      recipient: "robin.shopper@example.com",
      kind: "order_confirmation",
      subject: `Your Larder & Co order ${draft.businessOrderId}`,
      sentAt: null,
    });
    expect(mail!.body).toContain(`Your order number is ${draft.businessOrderId}.`);
    expect(mail!.body).toContain("Store: Larder & Co Victoria Street");
    expect(mail!.body).toContain("Delivery: Monday 2 June 2025, 11:00 to 12:00");
    expect(mail!.body).toContain(`Total: £${(draft.total / 100).toFixed(2)}`);
    expect(mail!.body).toContain(`Follow your order: https://shop.example/orders/${row.statusToken}`);

    const state = api.retrieveCheckout.response.parse(
      (await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, token)).body,
    );
    expect(state.placedOrder).toEqual(answer.order);
  });

  it("answers the placed order again for a repeat, and cannot be ordered twice from the same basket", async () => {
    const { token, basket, draft, processBody } = await c.draftFor();
    const first = await payCash(token, draft.draftOrderId);
    const again = await payCash(token, draft.draftOrderId);
    expect(again).toEqual(first);
    const row = await orderRow(t, draft.draftOrderId);
    expect(await outboxFor(row.id)).toHaveLength(1);
    expect(await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, row.id))).toHaveLength(1);
    // The place went with the order; even with the slot held again, the emptied basket cannot be ordered.
    expect((await c.read(token, basket)).selectedSlot).toBeNull();
    await c.reserve(token, basket, ELEVEN);
    expectError(await c.post("/api/checkout/processOrder", processBody, token), 409, {
      message: BASKET_MESSAGES.empty,
    });
    expect(
      (await t.db.select().from(orders).where(eq(orders.basketToken, basket.basketToken))).map((o) => o.state),
    ).toEqual(["placed"]);
  });

  it("supersedes the basket's other drafts when one is placed", async () => {
    const token = await t.guestToken();
    const { processBody } = await c.ready(token);
    const first = await c.processOrder(token, processBody);
    const second = await c.processOrder(token, { ...processBody, instructions: "Side door" });
    expect((await orderRow(t, first.draftOrderId)).state).toBe("superseded");
    expectError(await c.makePayment(token, first.draftOrderId, { paymentMethod: "cash" }), 409, {
      message: CHECKOUT_MESSAGES.draftNotFound,
      errorCode: "ORDER_SUPERSEDED",
    });
    await payCash(token, second.draftOrderId);
  });

  it("refuses cash where the store takes none for the method, and for alcohol in a slot past the cut-off", async () => {
    const spitalfields = await c.draftFor({
      storeId: demoStoreIds.openLondonSpitalfields,
      postcode: "E1 6AN",
      address: { addressLine1: "1 Commercial Street", town: "London", postcode: "E1 6AN" },
    });
    expectError(
      await c.makePayment(spitalfields.token, spitalfields.draft.draftOrderId, { paymentMethod: "cash" }),
      400,
      {
        message: PAYMENT_MESSAGES.methodNotAvailable,
        errorCode: "PAYMENT_METHOD_NOT_AVAILABLE",
      },
    );
    const collection = await c.draftFor({
      storeId: demoStoreIds.openLondonSpitalfields,
      method: "collection",
      postcode: "E1 6AN",
    });
    await payCash(collection.token, collection.draft.draftOrderId);

    const [store] = await t.db.select({ menuGroupId: stores.menuGroupId }).from(stores).where(eq(stores.id, VICTORIA));
    const [wine] = await t.db
      .select()
      .from(menuItems)
      .where(
        and(
          eq(menuItems.menuGroupId, store!.menuGroupId!),
          eq(menuItems.isAlcohol, true),
          eq(menuItems.availableForDelivery, true),
          sql`${menuItems.sizes} = '[]'::jsonb`,
          sql`${menuItems.optionGroups} = '[]'::jsonb`,
        ),
      )
      .orderBy(asc(menuItems.id))
      .limit(1);
    const withWine = async (slot: string) => {
      const token = await t.guestToken();
      const basket = await c.newBasket(token);
      await c.post(
        "/api/basket/update",
        { basketToken: basket.basketToken, updates: { attributes: { acceptedAge: 18 } } },
        token,
      );
      await c.add(token, basket, { menuItemId: wine!.id, quantity: 1 });
      await c.fill(token, await c.read(token, basket), 2000, "delivery");
      await c.reserve(token, basket, slot);
      await c.setContact(token, basket.basketToken);
      await c.setDelivery(token, basket.basketToken);
      return { token, draft: await c.processOrder(token, c.processBody(basket, slot)) };
    };
    const late = await withWine("2025-06-02T21:00:00.000+01:00");
    expectError(await c.makePayment(late.token, late.draft.draftOrderId, { paymentMethod: "cash" }), 400, {
      message: PAYMENT_MESSAGES.methodNotAvailable,
    });
    const early = await withWine("2025-06-02T20:00:00.000+01:00");
    await payCash(early.token, early.draft.draftOrderId);
  });
});

describe("POST /api/payment/makePayment refusals", () => {
  it("answers 404 for another session's draft or an unknown one", async () => {
    const { draft } = await c.draftFor();
    expectError(await c.makePayment(await t.guestToken(), draft.draftOrderId, { paymentMethod: "cash" }), 404, {
      message: CHECKOUT_MESSAGES.draftNotFound,
    });
    expectError(await c.makePayment(await memberToken(t, 77), draft.draftOrderId, { paymentMethod: "cash" }), 404, {
      message: CHECKOUT_MESSAGES.draftNotFound,
    });
    expectError(await c.makePayment(await t.guestToken(), "not-a-draft", { paymentMethod: "cash" }), 404, {
      message: CHECKOUT_MESSAGES.draftNotFound,
    });
  });

  it("refuses an unknown gateway, saved cards for guests and a security code that is not 3 characters", async () => {
    const { token, draft } = await c.draftFor();
    expectError(
      await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card", paymentGateway: "stripe" }),
      400,
      { message: "Payment gateway is not supported" },
    );
    expectError(
      await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card", cardId: "card_1", cvv: "123" }),
      403,
      { message: PAYMENT_MESSAGES.savedCardsForMembers },
    );
    const body = expectError(
      await c.makePayment(token, draft.draftOrderId, { paymentMethod: "card", cardId: "card_1", cvv: "12" }),
      400,
      {
        errorDisplay: PAYMENT_MESSAGES.validationError,
      },
    );
    expect(body.field).toBe("cvv");
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("draft");
  });

  it("keeps return addresses on PUBLIC_URL when it is set, and links the confirmation there", async () => {
    const { t: other, token, shop: oc } = await seededPlatform({ config: { publicUrl: "https://larder.example" } });
    try {
      const { processBody } = await oc.ready(token);
      const draft = await oc.processOrder(token, processBody);
      const body = expectError(await oc.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" }), 400, {
        errorDisplay: PAYMENT_MESSAGES.validationError,
      });
      expect(body.field).toBe("successUrl");
      const onSite = Object.fromEntries(
        Object.entries(RETURN_URLS).map(([k, v]) => [k, v.replace("https://shop.example", "https://larder.example")]),
      );
      const res = await oc.makePayment(token, draft.draftOrderId, { paymentMethod: "cash", ...onSite });
      const placed = api.makePayment.response.parse(res.body).order!;
      const [mail] = await other.db.select().from(outbox);
      expect(mail!.body).toContain(`Follow your order: https://larder.example/orders/${placed.statusToken}`);
    } finally {
      await other.close();
    }
  });
});

describe("POST /api/stores/orderStatus", () => {
  const status = (body: Record<string, unknown>, token: string) =>
    t.call("POST", "/api/stores/orderStatus", body, { token });

  it("shows a placed order by its token to anyone holding it, and by its number to its own session only", async () => {
    const { token, draft } = await c.draftFor();
    const placed = (await payCash(token, draft.draftOrderId)).order!;
    const stranger = await t.guestToken();

    const byToken = await status({ statusToken: placed.statusToken }, stranger);
    expect(byToken.status).toBe(200);
    const summary: OrderSummary = api.getOrderStatus.response.parse(byToken.body);
    expect(summary).toMatchObject({
      businessOrderId: draft.businessOrderId,
      status: "sent_to_store",
      history: [{ status: "sent_to_store", at: TEST_NOW }],
      orderType: "delivery",
      timing: "future",
      slot: { date: TODAY, start: ELEVEN, end: "2025-06-02T12:00:00.000+01:00" },
      store: {
        id: VICTORIA,
        storeName: "Larder & Co Victoria Street",
        slug: "victoria-street-1",
        phone: "020 7946 0101",
        timeZone: "Europe/London",
      },
      placedAt: TEST_NOW,
      paymentMethod: "cash",
      customer: {
        firstName: "Robin",
        lastName: "Shopper",
        email: "robin.shopper@example.com",
        phoneNumber: "07700900123",
      },
      couponCode: null,
    });
    expect(summary.totals.total).toBe(draft.total);
    expect(summary.deliveryAddress).not.toHaveProperty("lat");

    expect(
      api.getOrderStatus.response.parse((await status({ businessOrderId: draft.businessOrderId }, token)).body),
    ).toEqual(summary);
    for (const [body, as] of [
      [{ businessOrderId: draft.businessOrderId }, stranger],
      [{ businessOrderId: String(Number(draft.businessOrderId) + 1000) }, token],
      [{ statusToken: "guessed-token" }, token],
      [{ statusToken: placed.statusToken, businessOrderId: "1" }, token],
    ] as const) {
      expectError(await status(body, as), 404, { message: ORDER_MESSAGES.orderNotFound });
    }
  });

  it("does not show drafts, even to their own session", async () => {
    const { token, draft } = await c.draftFor();
    const row = await orderRow(t, draft.draftOrderId);
    expectError(await status({ businessOrderId: draft.businessOrderId }, token), 404, { message: "Order not found." });
    expectError(await status({ statusToken: row.statusToken }, token), 404, { message: "Order not found." });
  });
});

describe("the staff order board", () => {
  const login = (body: Record<string, unknown>, ip = "198.51.100.20") =>
    t.call("POST", "/api/staff/login", body, { headers: { "x-client-ip": ip } });

  async function staffToken(): Promise<string> {
    const res = await login(STAFF, "198.51.100.1");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = api.staffLogin.response.parse(res.body);
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(3600);
    return body.access_token;
  }

  it("refuses sign-in when no staff credentials are configured", async () => {
    const bare = await createTestPlatform();
    try {
      const res = await bare.call("POST", "/api/staff/login", STAFF);
      expectError(res, 503, { message: ORDER_MESSAGES.staffNotConfigured });
    } finally {
      await bare.close();
    }
  });

  it("refuses wrong credentials, and an address after too many wrong tries", async () => {
    expectError(await login({ ...STAFF, password: "wrong" }), 401, {
      message: ORDER_MESSAGES.staffSignInFailed,
      errorCode: "STAFF_SIGN_IN_FAILED",
    });
    expectError(await login({ ...STAFF, username: "Board" }), 401, { message: ORDER_MESSAGES.staffSignInFailed });
    for (let i = 2; i < STAFF_FAILED_SIGN_INS; i++)
      expect((await login({ ...STAFF, password: `wrong ${i}` })).status).toBe(401);
    expectError(await login(STAFF), 429, { errorCode: "TOO_MANY_ATTEMPTS" });
    // Another address is not held back by this one's failures.
    expect((await login(STAFF, "198.51.100.21")).status).toBe(200);
  });

  it("lists a store's placed orders newest first, and moves them one status at a time", async () => {
    const board = await staffToken();
    const a = await c.draftFor();
    await payCash(a.token, a.draft.draftOrderId);
    t.clock.advance(60_000);
    const b = await c.draftFor({ method: "collection" });
    await payCash(b.token, b.draft.draftOrderId);
    const unpaid = await c.draftFor();
    try {
      const res = await t.call("POST", "/api/staff/orders/list", { storeId: VICTORIA }, { token: board });
      expect(res.status).toBe(200);
      const list = api.staffListOrders.response.parse(res.body).orders;
      expect(list.slice(0, 2).map((o) => [o.businessOrderId, o.nextStatus])).toEqual([
        [b.draft.businessOrderId, "store_accepted_picking"],
        [a.draft.businessOrderId, "store_accepted_picking"],
      ]);
      expect(list.some((o) => o.businessOrderId === unpaid.draft.businessOrderId)).toBe(false);
      expect(
        api.staffListOrders.response.parse(
          (await t.call("POST", "/api/staff/orders/list", { storeId: VICTORIA, limit: 1 }, { token: board })).body,
        ).orders,
      ).toHaveLength(1);

      const move = (businessOrderId: string, status: string) =>
        t.call("POST", "/api/staff/orders/updateStatus", { businessOrderId, status }, { token: board });
      const moved = api.staffUpdateOrderStatus.response.parse(
        (await move(b.draft.businessOrderId, "store_accepted_picking")).body,
      );
      expect(moved).toMatchObject({ status: "store_accepted_picking", nextStatus: "picked" });
      expect(moved.history.map((h) => h.status)).toEqual(["sent_to_store", "store_accepted_picking"]);
      // A double click changes nothing.
      const same = api.staffUpdateOrderStatus.response.parse(
        (await move(b.draft.businessOrderId, "store_accepted_picking")).body,
      );
      expect(same.history).toHaveLength(2);
      // No skipping, no going back, and no driver for a collection.
      expectError(await move(a.draft.businessOrderId, "picked"), 409, { message: ORDER_MESSAGES.statusMoveRefused });
      expectError(await move(b.draft.businessOrderId, "sent_to_store"), 409, {
        message: ORDER_MESSAGES.statusMoveRefused,
      });
      const picked = api.staffUpdateOrderStatus.response.parse((await move(b.draft.businessOrderId, "picked")).body);
      expect(picked.nextStatus).toBeNull();
      expectError(await move(b.draft.businessOrderId, "en_route"), 409, { message: ORDER_MESSAGES.statusMoveRefused });
      expectError(await move(unpaid.draft.businessOrderId, "store_accepted_picking"), 404, {
        message: ORDER_MESSAGES.orderNotFound,
      });

      // The shopper's status page follows.
      const shopper = api.getOrderStatus.response.parse(
        (
          await t.call(
            "POST",
            "/api/stores/orderStatus",
            { businessOrderId: b.draft.businessOrderId },
            { token: b.token },
          )
        ).body,
      );
      expect(shopper.status).toBe("picked");
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it("keeps staff tokens to the board and shoppers' tokens off it", async () => {
    const board = await staffToken();
    const shopper = await t.guestToken();
    expect(
      (
        await t.call(
          "POST",
          "/api/basket/retrieve",
          { storeId: VICTORIA, fulfilmentMethod: "delivery" },
          { token: board },
        )
      ).status,
    ).toBe(401);
    expect((await t.call("POST", "/api/stores/orderStatus", { statusToken: "x" }, { token: board })).status).toBe(401);
    expect((await t.call("POST", "/api/staff/orders/list", { storeId: VICTORIA }, { token: shopper })).status).toBe(
      401,
    );
    expect(
      (
        await t.call(
          "POST",
          "/api/staff/orders/updateStatus",
          { businessOrderId: "100001", status: "picked" },
          { token: shopper },
        )
      ).status,
    ).toBe(401);
    expect((await t.call("POST", "/api/staff/orders/list", { storeId: VICTORIA })).status).toBe(401);
    expectError(await t.call("POST", "/api/staff/orders/list", { storeId: 999 }, { token: board }), 404);
  });
});
