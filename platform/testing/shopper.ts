import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { api, type Basket } from "../contract";
import { plainItems } from "../catalogue/testing/items";
import { orders } from "../db/schema";
import { demoStoreIds } from "../db/seed";
import type { TestPlatform, TestResponse } from "./test-platform";

/*
 * A shopper's calls for the API tests, on the demo seed: a basket, items over the minimum spend, a slot held,
 * contact details and a delivery address, then a draft order made from it. The clock stands at TEST_NOW: Monday 2
 * June 2025, 10:00 BST; store 1 (Victoria Street) is open around the clock and delivers to SW1A 1AA (0.5 km, the
 * £1.99 tier) and W1A 1AA (2.4 km, the £2.99 tier) but not E1 6AN.
 */

export const VICTORIA = demoStoreIds.openLondonVictoria;
export const TODAY = "2025-06-02";
export const ELEVEN = "2025-06-02T11:00:00.000+01:00";
export const NOON = "2025-06-02T12:00:00.000+01:00";
export const HOME = { addressLine1: "Flat 3, 12 Example Mews", town: "London", postcode: "sw1a 1aa" };
export const FAR_HOME = { addressLine1: "4 Portland Place", town: "London", postcode: "W1A 1AA" };
export const CONTACT = {
  firstName: "Robin",
  lastName: "Shopper",
  email: "robin.shopper@example.com",
  phoneNumber: "07700 900 123",
};
export const RETURN_URLS = {
  successUrl: "https://shop.example/checkout/payment/success",
  failureUrl: "https://shop.example/checkout/payment/failure",
  cancelUrl: "https://shop.example/checkout/payment/cancel",
};

type Method = "delivery" | "collection";

export interface ReadyOptions {
  storeId?: number;
  method?: Method;
  /** The slot's start (ISO-8601); 11:00 today by default. */
  slot?: string;
  /** Pence the goods should reach at least; the method's minimum spend plus £5 by default. */
  goods?: number;
  contact?: boolean;
  address?: Record<string, unknown> | null;
  /** Where the slot is reserved for; SW1A 1AA by default. */
  postcode?: string;
}

export interface DraftOptions extends ReadyOptions {
  /** The gateway the draft is for ("checkoutcom" for card and wallets); none (cash) by default. */
  paymentGateway?: string | null;
  /** Sets the billing address to the delivery address before the draft is made. */
  billing?: boolean;
}

export interface Ready {
  basket: Basket;
  slot: string;
  processBody: Record<string, unknown>;
}

export type ShopperApi = ReturnType<typeof shopperApi>;

export function shopperApi(t: TestPlatform) {
  const post = (path: string, body: Record<string, unknown>, as: string | null, headers: Record<string, string> = {}) =>
    t.call("POST", path, body, { token: as, headers });

  async function ok(res: TestResponse): Promise<Basket> {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.retrieveBasket.response.parse(res.body);
  }

  async function newBasket(
    as: string,
    storeId: number = VICTORIA,
    fulfilmentMethod: Method = "delivery",
  ): Promise<Basket> {
    return ok(await post("/api/basket/retrieve", { storeId, fulfilmentMethod }, as));
  }

  async function read(
    as: string,
    basket: Pick<Basket, "basketToken" | "storeId">,
    fulfilmentMethod?: Method,
  ): Promise<Basket> {
    const current = await ok(
      await post(
        "/api/basket/retrieve",
        { storeId: basket.storeId, fulfilmentMethod: fulfilmentMethod ?? "delivery", basketToken: basket.basketToken },
        as,
      ),
    );
    expect(current.basketToken).toBe(basket.basketToken);
    return current;
  }

  function addRaw(
    as: string | null,
    basket: Pick<Basket, "basketToken" | "storeId">,
    menuItem: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    return post(
      "/api/basket/item/add",
      { storeId: basket.storeId, fulfilmentMethod: "delivery", basketToken: basket.basketToken, menuItem, ...extra },
      as,
      headers,
    );
  }

  async function add(
    as: string,
    basket: Pick<Basket, "basketToken" | "storeId">,
    menuItem: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ): Promise<Basket> {
    return ok(await addRaw(as, basket, menuItem, extra));
  }

  /** Adds plain items until the goods (less deal savings) reach `goods` pence. */
  async function fill(as: string, basket: Basket, goods: number, method: Method): Promise<Basket> {
    const items = (await plainItems(t, basket.storeId)).filter((i) => i.pricePence > 0);
    let current = basket;
    const value = (x: Basket) => x.orderSubtotal - x.promotions.reduce((s, p) => s + p.saving, 0);
    for (const item of items) {
      if (value(current) >= goods) break;
      const quantity = Math.min(20, Math.max(1, Math.ceil((goods - value(current)) / item.pricePence)));
      current = await ok(
        await post(
          "/api/basket/item/add",
          {
            storeId: basket.storeId,
            fulfilmentMethod: method,
            basketToken: basket.basketToken,
            menuItem: { menuItemId: item.id, quantity },
          },
          as,
        ),
      );
    }
    expect(value(current)).toBeGreaterThanOrEqual(goods);
    return current;
  }

  async function reserve(
    as: string,
    basket: Pick<Basket, "basketToken" | "storeId">,
    slot: string,
    method: Method = "delivery",
    postcode = "SW1A 1AA",
  ) {
    const res = await post(
      "/api/basket/reserveTimeSlot",
      {
        storeId: basket.storeId,
        basketToken: basket.basketToken,
        timeSlotDate: slot,
        fulfilmentMethod: method,
        postcode,
      },
      as,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.reserveTimeSlot.response.parse(res.body);
  }

  async function setContact(as: string, basketToken: string, contact: Record<string, unknown> = CONTACT) {
    const res = await post("/api/checkout/setContactDetails", { basketToken, ...contact }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.setContactDetails.response.parse(res.body);
  }

  async function setDelivery(as: string, basketToken: string, address: Record<string, unknown> = HOME) {
    const res = await post("/api/checkout/setDeliveryAddress", { basketToken, address }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.setDeliveryAddress.response.parse(res.body);
  }

  function processBody(
    basket: Pick<Basket, "basketToken" | "storeId">,
    slot: string,
    method: Method = "delivery",
    extra: Record<string, unknown> = {},
  ) {
    return {
      basketToken: basket.basketToken,
      storeId: basket.storeId,
      fulfilmentMethod: method,
      fulfilmentDetails: { time: { date: slot.slice(0, 10), requestedTime: slot, asap: false } },
      firstname: CONTACT.firstName,
      lastname: CONTACT.lastName,
      emailAddress: CONTACT.email,
      phoneNumber: CONTACT.phoneNumber,
      paymentGateway: null,
      platform: "website",
      ...extra,
    };
  }

  /** A basket ready to order: items, a held slot, contact details and (for delivery) an address. */
  async function ready(as: string, options: ReadyOptions = {}): Promise<Ready> {
    const storeId = options.storeId ?? VICTORIA;
    const method = options.method ?? "delivery";
    const slot = options.slot ?? ELEVEN;
    let basket = await ok(await post("/api/basket/retrieve", { storeId, fulfilmentMethod: method }, as));
    basket = await fill(as, basket, options.goods ?? basket.fulfilmentMethod.minSpend + 500, method);
    await reserve(as, basket, slot, method, options.postcode);
    if (options.contact !== false) await setContact(as, basket.basketToken);
    if (method === "delivery" && options.address !== null)
      basket = await setDelivery(as, basket.basketToken, options.address ?? HOME);
    else
      basket = await ok(
        await post("/api/basket/retrieve", { storeId, fulfilmentMethod: method, basketToken: basket.basketToken }, as),
      );
    return { basket, slot, processBody: processBody(basket, slot, method) };
  }

  async function processOrder(as: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await post("/api/checkout/processOrder", body, as, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api.processOrder.response.parse(res.body);
  }

  /** A draft order for a fresh guest session: a basket made ready (see ready), then processed. */
  async function draftFor(options: DraftOptions = {}) {
    const token = await t.guestToken();
    const made = await ready(token, options);
    if (options.billing)
      await post(
        "/api/checkout/setBillingAddress",
        { basketToken: made.basket.basketToken, sameAsDelivery: true },
        token,
      );
    const body =
      options.paymentGateway === undefined
        ? made.processBody
        : { ...made.processBody, paymentGateway: options.paymentGateway };
    const draft = await processOrder(token, body);
    return { token, ...made, draft };
  }

  async function makePayment(as: string, draftOrderId: string, body: Record<string, unknown>) {
    return post("/api/payment/makePayment", { draftOrderId, ...RETURN_URLS, ...body }, as);
  }

  return {
    post,
    ok,
    newBasket,
    read,
    addRaw,
    add,
    fill,
    reserve,
    setContact,
    setDelivery,
    processBody,
    ready,
    processOrder,
    draftFor,
    makePayment,
  };
}

/** The order row a draft order id names. */
export async function orderRow(t: Pick<TestPlatform, "db">, draftOrderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.draftOrderId, draftOrderId));
  if (!row) throw new Error(`No order with draft id ${draftOrderId}`);
  return row;
}
