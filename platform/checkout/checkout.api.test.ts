import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES, CHECKOUT_MESSAGES } from "../contract";
import { demoStoreIds } from "../db/seed";
import { basketCheckouts, baskets, coupons } from "../db/schema";
import { createPlatform } from "../http";
import { embeddedLocationService } from "../location/service";
import {
  CONTACT,
  expectError,
  FAR_HOME,
  HOME,
  memoryLogger,
  seededPlatform,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
} from "../testing";

let t: TestPlatform;
let c: ShopperApi;
let token: string;
beforeAll(async () => {
  ({ t, token, shop: c } = await seededPlatform());
});
afterAll(() => t.close());

const newBasket = (storeId: number = VICTORIA, method: "delivery" | "collection" = "delivery", as = token) =>
  c.newBasket(as, storeId, method);

describe("POST /api/checkout/retrieve", () => {
  it("answers an empty checkout for a new basket, and refuses another session's basket", async () => {
    const basket = await newBasket();
    const res = await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, token);
    expect(res.status).toBe(200);
    expect(api.retrieveCheckout.response.parse(res.body)).toEqual({
      basketToken: basket.basketToken,
      contact: null,
      deliveryAddress: null,
      billingAddress: null,
      instructions: null,
      marketing: null,
      placedOrder: null,
    });
    expectError(
      await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, await t.guestToken()),
      403,
      { message: BASKET_MESSAGES.otherSession },
    );
    expectError(await c.post("/api/checkout/retrieve", { basketToken: "nope" }, token), 404, {
      message: BASKET_MESSAGES.notFound,
    });
    expect((await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, null)).status).toBe(401);
  });
});

describe("POST /api/guest/checkRegistrationStatus", () => {
  const check = (email: string, basketToken: string, as = token) =>
    c.post("/api/guest/checkRegistrationStatus", { email, basketToken }, as);

  it("asks a member's e-mail to sign in at a store with the member e-mail check, with masked contacts", async () => {
    const basket = await newBasket(demoStoreIds.openManchester);
    const res = await check("  Sam.Patel@Example.com ", basket.basketToken);
    expect(res.status).toBe(200);
    expect(api.checkRegistrationStatus.response.parse(res.body)).toEqual({
      loginRequired: true,
      contacts: [
        { type: "email", value: "s***@example.com" },
        { type: "mobile", value: "07*** ***982" },
      ],
    });
  });

  it("lets an unknown e-mail through, and any e-mail at a store without the check", async () => {
    const manchester = await newBasket(demoStoreIds.openManchester);
    expect(
      api.checkRegistrationStatus.response.parse((await check("someone.new@example.com", manchester.basketToken)).body),
    ).toEqual({ loginRequired: false, contacts: [] });
    const victoria = await newBasket();
    expect(
      api.checkRegistrationStatus.response.parse((await check("sam.patel@example.com", victoria.basketToken)).body),
    ).toEqual({ loginRequired: false, contacts: [] });
  });

  it("answers only for the caller's own basket", async () => {
    const basket = await newBasket(demoStoreIds.openManchester);
    expectError(await check("sam.patel@example.com", basket.basketToken, await t.guestToken()), 403, {
      message: BASKET_MESSAGES.otherSession,
    });
  });
});

describe("POST /api/checkout/setContactDetails", () => {
  it("keeps the details, trimmed and with the mobile normalised", async () => {
    const basket = await newBasket();
    const state = await c.setContact(token, basket.basketToken, {
      firstName: " Robin ",
      lastName: "Shopper",
      email: "robin@example.com",
      phoneNumber: "+44 7700 900123",
    });
    expect(state.contact).toEqual({
      firstName: "Robin",
      lastName: "Shopper",
      email: "robin@example.com",
      phoneNumber: "07700900123",
    });
    const again = api.retrieveCheckout.response.parse(
      (await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, token)).body,
    );
    expect(again.contact).toEqual(state.contact);
  });

  it("refuses each wrong field with the spec's words and names it", async () => {
    const basket = await newBasket();
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: "" }, "firstName", CHECKOUT_MESSAGES.firstNameRequired],
      [{ firstName: "x".repeat(51) }, "firstName", CHECKOUT_MESSAGES.firstNameRequired],
      [{ lastName: "  " }, "lastName", CHECKOUT_MESSAGES.lastNameRequired],
      [{ email: "robin@" }, "email", CHECKOUT_MESSAGES.emailInvalid],
      [{ phoneNumber: "020 7946 0101" }, "phoneNumber", CHECKOUT_MESSAGES.phoneInvalid],
    ];
    for (const [change, field, message] of cases) {
      const body = expectError(
        await c.post(
          "/api/checkout/setContactDetails",
          { basketToken: basket.basketToken, ...CONTACT, ...change },
          token,
        ),
        400,
        {
          errorCode: "VALIDATION_ERROR",
          errorDisplay: message,
        },
      );
      expect(body.field).toBe(field);
      expect(body.errorText).toBe(CHECKOUT_MESSAGES.validationError);
    }
    const [row] = await t.db.select().from(basketCheckouts).where(eq(basketCheckouts.basketToken, basket.basketToken));
    expect(row).toBeUndefined();
  });
});

describe("POST /api/checkout/setInstructions", () => {
  it("keeps the note, and clears it with null or blank", async () => {
    const basket = await newBasket();
    const set = await c.post(
      "/api/checkout/setInstructions",
      { basketToken: basket.basketToken, instructions: "  Ring twice  " },
      token,
    );
    expect(api.setInstructions.response.parse(set.body).instructions).toBe("Ring twice");
    const cleared = await c.post(
      "/api/checkout/setInstructions",
      { basketToken: basket.basketToken, instructions: "   " },
      token,
    );
    expect(api.setInstructions.response.parse(cleared.body).instructions).toBeNull();
  });
});

describe("POST /api/checkout/setDeliveryAddress", () => {
  it("keeps the address normalised, moves the basket there and reports the fee it moved", async () => {
    const basket = await newBasket();
    await c.setContact(token, basket.basketToken);
    const far = await c.setDelivery(token, basket.basketToken, {
      line1: "4 Portland Place",
      town: "London",
      postcode: "w1a1aa",
    });
    expect(far.checkout.deliveryAddress).toEqual({
      type: "delivery",
      firstName: CONTACT.firstName,
      lastName: CONTACT.lastName,
      email: CONTACT.email,
      telephone: "07700900123",
      addressLine1: "4 Portland Place",
      addressLine2: "",
      town: "London",
      county: "",
      postcode: "W1A 1AA",
      countryCode: "GB",
    });
    // A new basket has no location: the method's own cost (£3.99); at 2.4 km the £2.99 tier.
    expect(far.deliveryCostChange).toEqual({ previous: 399, current: 299 });
    expect(far.fulfilmentMethod.cost).toBe(299);
    expect(far.removedCoupon).toBeNull();
    const row = (await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken)))[0]!;
    expect(row).toMatchObject({ postcode: "W1A 1AA" });
    expect(row.lat).toBeCloseTo(51.5186);

    const near = await c.setDelivery(token, basket.basketToken, {
      addressline1: HOME.addressLine1,
      addressline2: "Second floor",
      town: "London",
      postcode: "SW1A 1AA",
    });
    expect(near.deliveryCostChange).toEqual({ previous: 299, current: 199 });
    expect(near.checkout.deliveryAddress).toMatchObject({
      addressLine1: HOME.addressLine1,
      addressLine2: "Second floor",
    });
    const same = await c.setDelivery(token, basket.basketToken, HOME);
    expect(same.deliveryCostChange).toBeNull();
  });

  it("takes off a coupon that can no longer be used, with the reason", async () => {
    const basket = await newBasket();
    await t.db.update(baskets).set({ couponCode: "SPRING5" }).where(eq(baskets.token, basket.basketToken));
    const answer = await c.setDelivery(token, basket.basketToken, HOME);
    expect(answer.removedCoupon).toEqual({ code: "SPRING5", reason: BASKET_MESSAGES.couponExpired });
    expect(answer.coupon).toBeNull();

    await t.db.update(baskets).set({ couponCode: "WELCOME10" }).where(eq(baskets.token, basket.basketToken));
    const kept = await c.setDelivery(token, basket.basketToken, FAR_HOME);
    expect(kept.removedCoupon).toBeNull();
    expect(kept.coupon?.code).toBe("WELCOME10");
    await t.db
      .update(coupons)
      .set({ storeIds: [demoStoreIds.openLeeds] })
      .where(eq(coupons.code, "WELCOME10"));
    try {
      const elsewhere = await c.setDelivery(token, basket.basketToken, HOME);
      expect(elsewhere.removedCoupon).toEqual({ code: "WELCOME10", reason: BASKET_MESSAGES.couponUnknown });
    } finally {
      await t.db.update(coupons).set({ storeIds: null }).where(eq(coupons.code, "WELCOME10"));
    }
  });

  it("refuses what is not an address object, and each missing field by name", async () => {
    const basket = await newBasket();
    for (const address of ["1 High Street", ["1 High Street"], null, 42]) {
      expectError(
        await c.post("/api/checkout/setDeliveryAddress", { basketToken: basket.basketToken, address }, token),
        400,
        {
          message: CHECKOUT_MESSAGES.invalidAddressObject,
          errorDisplay: CHECKOUT_MESSAGES.invalidAddressObject,
        },
      );
    }
    const missing: [Record<string, unknown>, string, string][] = [
      [{ addressLine1: "" }, "addressLine1", CHECKOUT_MESSAGES.addressLine1Required],
      [{ town: "" }, "town", CHECKOUT_MESSAGES.townRequired],
      [{ postcode: "" }, "postcode", CHECKOUT_MESSAGES.postcodeInvalid],
      [{ postcode: "SW1A" }, "postcode", CHECKOUT_MESSAGES.postcodeInvalid],
    ];
    for (const [change, field, message] of missing) {
      const body = expectError(
        await c.post(
          "/api/checkout/setDeliveryAddress",
          { basketToken: basket.basketToken, address: { ...HOME, ...change } },
          token,
        ),
        400,
        { errorDisplay: message },
      );
      expect(body.field).toBe(field);
    }
  });

  it("refuses an address outside the delivery area, or one it cannot place, with the spec's words", async () => {
    const basket = await newBasket();
    for (const postcode of ["E1 6AN", "AB1 2DE"]) {
      expectError(
        await c.post(
          "/api/checkout/setDeliveryAddress",
          { basketToken: basket.basketToken, address: { ...HOME, postcode } },
          token,
        ),
        422,
        {
          message: CHECKOUT_MESSAGES.unableToDeliver,
          errorCode: "OUTSIDE_DELIVERY_AREA",
          errorDisplay: CHECKOUT_MESSAGES.unableToDeliver,
        },
      );
    }
    const [row] = await t.db.select().from(basketCheckouts).where(eq(basketCheckouts.basketToken, basket.basketToken));
    expect(row).toBeUndefined();
  });

  it("refuses a collection basket", async () => {
    const basket = await newBasket(VICTORIA, "collection");
    expectError(
      await c.post("/api/checkout/setDeliveryAddress", { basketToken: basket.basketToken, address: HOME }, token),
      409,
      {
        message: BASKET_MESSAGES.methodMismatch,
        errorCode: "FULFILMENT_METHOD_MISMATCH",
      },
    );
  });

  it("answers 503 with the spec's words when the postcode service fails", async () => {
    const log = memoryLogger();
    const embedded = embeddedLocationService(t.db);
    const platform = createPlatform({
      db: t.db,
      clock: t.clock,
      log,
      config: { contentDir: "content", accessTokenSeconds: 3600, refreshTokenSeconds: 3600 },
      location: {
        ...embedded,
        geocode: async () => {
          throw new Error("postcodes.io timed out");
        },
      },
    });
    const basket = await newBasket();
    const res = await platform.fetch(
      new Request("http://platform.test/api/checkout/setDeliveryAddress", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ basketToken: basket.basketToken, address: HOME }),
      }),
    );
    expectError({ status: res.status, headers: res.headers, body: await res.json() }, 503, {
      message: CHECKOUT_MESSAGES.deliveryAddressFailed,
      errorDisplay: CHECKOUT_MESSAGES.deliveryAddressFailed,
    });
    expect(log.entries.some((e) => e.event === "checkout.geocode_failed")).toBe(true);
  });
});

describe("POST /api/checkout/setBillingAddress", () => {
  it("copies the delivery address and follows it while it is the same", async () => {
    const basket = await newBasket();
    expectError(
      await c.post("/api/checkout/setBillingAddress", { basketToken: basket.basketToken, sameAsDelivery: true }, token),
      409,
      {
        message: CHECKOUT_MESSAGES.noDeliveryAddress,
        errorCode: "NO_DELIVERY_ADDRESS",
      },
    );
    await c.setDelivery(token, basket.basketToken, HOME);
    const res = await c.post(
      "/api/checkout/setBillingAddress",
      { basketToken: basket.basketToken, sameAsDelivery: true },
      token,
    );
    const same = api.setBillingAddress.response.parse(res.body);
    expect(same.checkout.billingAddress).toEqual({ ...same.checkout.deliveryAddress, type: "billing" });
    expect(same.removedCoupon).toBeNull();
    expect(same.deliveryCostChange).toBeNull();

    const moved = await c.setDelivery(token, basket.basketToken, FAR_HOME);
    expect(moved.checkout.billingAddress).toMatchObject({
      type: "billing",
      addressLine1: FAR_HOME.addressLine1,
      postcode: "W1A 1AA",
    });
  });

  it("keeps a billing address of its own, anywhere, and stops following the delivery address", async () => {
    const basket = await newBasket(VICTORIA, "collection");
    const own = {
      addressLine1: "1 Briggate",
      town: "Leeds",
      postcode: "ls1 4dy",
      firstName: "Alex",
      lastName: "Payer",
    };
    const answer = api.setBillingAddress.response.parse(
      (await c.post("/api/checkout/setBillingAddress", { basketToken: basket.basketToken, address: own }, token)).body,
    );
    expect(answer.checkout.billingAddress).toMatchObject({
      type: "billing",
      addressLine1: "1 Briggate",
      postcode: "LS1 4DY",
      firstName: "Alex",
      countryCode: "GB",
    });

    const delivery = await newBasket();
    await c.setDelivery(token, delivery.basketToken, HOME);
    await c.post("/api/checkout/setBillingAddress", { basketToken: delivery.basketToken, sameAsDelivery: true }, token);
    await c.post("/api/checkout/setBillingAddress", { basketToken: delivery.basketToken, address: own }, token);
    const moved = await c.setDelivery(token, delivery.basketToken, FAR_HOME);
    expect(moved.checkout.billingAddress).toMatchObject({ addressLine1: "1 Briggate" });
  });

  it("refuses a missing or broken address", async () => {
    const basket = await newBasket();
    expectError(await c.post("/api/checkout/setBillingAddress", { basketToken: basket.basketToken }, token), 400, {
      message: CHECKOUT_MESSAGES.invalidAddressObject,
    });
    const body = expectError(
      await c.post(
        "/api/checkout/setBillingAddress",
        { basketToken: basket.basketToken, address: { addressLine1: "1 High St", postcode: "SW1A 1AA" } },
        token,
      ),
      400,
      {
        errorDisplay: CHECKOUT_MESSAGES.townRequired,
      },
    );
    expect(body.field).toBe("town");
  });
});

describe("PUT /api/member/marketingPreferences/update", () => {
  const options = [
    { type: "email", opted: "in", text: "Email me offers and news" },
    { type: "sms", opted: "out", text: "Text me offers" },
  ];

  it("keeps a guest's consents with the basket", async () => {
    const basket = await newBasket();
    const res = await t.call(
      "PUT",
      "/api/member/marketingPreferences/update",
      { basketToken: basket.basketToken, marketingOptions: options, marketingChannelId: 1 },
      { token },
    );
    expect(res.status).toBe(200);
    expect(api.updateMarketingPreferences.response.parse(res.body)).toEqual({
      success: true,
      message: "Your marketing preferences updated successfully",
    });
    const state = api.retrieveCheckout.response.parse(
      (await c.post("/api/checkout/retrieve", { basketToken: basket.basketToken }, token)).body,
    );
    expect(state.marketing).toEqual({ marketingChannelId: 1, options });
  });

  it("needs a guest's basket token, and refuses another session's basket", async () => {
    expectError(
      await t.call("PUT", "/api/member/marketingPreferences/update", { marketingOptions: options }, { token }),
      400,
      {
        message: CHECKOUT_MESSAGES.guestMarketingNeedsBasket,
        errorDisplay: CHECKOUT_MESSAGES.marketingUpdateError,
      },
    );
    const basket = await newBasket();
    expectError(
      await t.call(
        "PUT",
        "/api/member/marketingPreferences/update",
        { basketToken: basket.basketToken, marketingOptions: options },
        { token: await t.guestToken() },
      ),
      403,
      {
        message: BASKET_MESSAGES.otherSession,
      },
    );
  });
});
