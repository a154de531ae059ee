import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, type Basket } from "../contract";
import { fakeRecaptcha, type FakeRecaptcha } from "../botcheck/testing/fake-recaptcha";
import { memberToken } from "../auth/testing/tokens";
import { plainItems, type ItemRow } from "../catalogue/testing/items";
import { baskets, coupons, deals, rateLimits } from "../db/schema";
import { expectError, seededPlatform, TEST_NOW, type ShopperApi, type TestPlatform } from "../testing";

/*
 * The seeded coupons: WELCOME10 (10% off, anyone), MEMBER5 (£5 off, members), VERIFIED15 (15% off, members
 * with a verified mobile), SPRING5 (ended 31 May 2025) and FEAST10 (£10 off from £60).
 */

let t: TestPlatform;
let token: string;
let b: ShopperApi;
let plain: ItemRow[];

beforeAll(async () => {
  ({ t, token, shop: b } = await seededPlatform());
  await t.db.delete(deals);
  plain = await plainItems(t);
});
afterAll(() => t.close());
// Each test starts with no attempts counted.
beforeEach(() => t.db.delete(rateLimits));

const APPLY = "/api/basket/coupon/apply";
const REMOVE = "/api/basket/coupon/remove";
const PERSON = "honeypot:";

/** A basket of `quantity` of the dearest plain item, and its subtotal. */
async function filledBasket(as: string, quantity: number): Promise<{ basket: Basket; unit: number }> {
  const dearest = [...plain].sort((x, y) => y.pricePence - x.pricePence || x.id - y.id)[0]!;
  const basket = await b.newBasket(as);
  return { basket: await b.add(as, basket, { menuItemId: dearest.id, quantity }), unit: dearest.pricePence };
}

const apply = (
  as: string,
  basket: Pick<Basket, "basketToken">,
  coupon: string,
  verifyToken = PERSON,
  headers: Record<string, string> = {},
) => b.post(APPLY, { basketToken: basket.basketToken, verifyToken, coupon }, as, headers);

async function applied(as: string, basket: Pick<Basket, "basketToken">, coupon: string) {
  const res = await apply(as, basket, coupon);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.applyCoupon.response.parse(res.body);
}

describe("POST /api/basket/coupon/apply", () => {
  it("applies WELCOME10 whatever the case: 10% of the subtotal, rounded down", async () => {
    const { basket, unit } = await filledBasket(token, 3);
    const subtotal = unit * 3;
    const { coupon, basket: after } = await applied(token, basket, "welcome10");
    const deduction = Math.floor(subtotal / 10);
    expect(coupon).toEqual({
      code: "WELCOME10",
      deductCost: deduction,
      name: "10% off your order",
      registeredMemberRequirement: "none",
      needsReAppliedAfterAuth: false,
    });
    expect(after.coupon).toEqual(coupon);
    const fee = subtotal >= 4000 ? 0 : 399;
    expect(after).toMatchObject({
      orderSubtotal: subtotal,
      orderSubtotalAfterDiscounts: subtotal - deduction,
      orderTotal: subtotal - deduction + fee,
      savings: 0,
    });
    expect((await t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken)))[0]!.couponCode).toBe(
      "WELCOME10",
    );
  });

  it("refuses MEMBER5 and VERIFIED15 to a guest, and VERIFIED15 to a member without a verified mobile", async () => {
    const { basket } = await filledBasket(token, 2);
    expectError(await apply(token, basket, "MEMBER5"), 403, {
      errorCode: "COUPON_REGISTERED_ONLY",
      message: "This coupon is for registered members. Please log in or create an account to use it.",
    });
    const verified = {
      errorCode: "COUPON_VERIFICATION_REQUIRED",
      message:
        "This coupon is for members with a verified mobile number. Please log in and verify your mobile to use it.",
    };
    expectError(await apply(token, basket, "VERIFIED15"), 403, verified);
    const member = await memberToken(t, 77);
    const { basket: membersBasket } = await filledBasket(member, 2);
    expectError(await apply(member, membersBasket, "VERIFIED15"), 403, verified);
    expect((await b.read(token, basket)).coupon).toBeNull();
  });

  it("gives a member £5 off with MEMBER5", async () => {
    const member = await memberToken(t, 78);
    const { basket } = await filledBasket(member, 2);
    const { coupon, basket: after } = await applied(member, basket, "MEMBER5");
    expect(coupon).toEqual({
      code: "MEMBER5",
      deductCost: 500,
      name: "£5 off for members",
      registeredMemberRequirement: "registered",
      needsReAppliedAfterAuth: false,
    });
    expect(after.orderSubtotalAfterDiscounts).toBe(after.orderSubtotal - 500);
  });

  it("refuses SPRING5, which has expired, and a code that does not exist", async () => {
    const { basket } = await filledBasket(token, 1);
    expectError(await apply(token, basket, "SPRING5"), 409, {
      errorCode: "COUPON_EXPIRED",
      message: "That coupon has expired.",
      errorDisplay: "That coupon has expired.",
    });
    expectError(await apply(token, basket, "NOSUCHCODE"), 404, {
      errorCode: "COUPON_UNKNOWN",
      message: "That coupon code is not recognised.",
    });
  });

  it("refuses a coupon below its minimum spend, keeping the coupon the basket had", async () => {
    const { basket } = await filledBasket(token, 1);
    await applied(token, basket, "WELCOME10");
    expectError(await apply(token, basket, "FEAST10"), 409, {
      errorCode: "COUPON_MIN_SPEND",
      message: "This coupon needs a spend of at least £60.00 before delivery.",
    });
    expect((await b.read(token, basket)).coupon?.code).toBe("WELCOME10");
  });

  it("keeps a coupon whose minimum spend is no longer met, taking nothing off until it is again", async () => {
    const { basket, unit } = await filledBasket(token, 1);
    const quantity = Math.ceil(6000 / unit);
    const line = (await b.read(token, basket)).items[0]!;
    const setQuantity = async (q: number) =>
      b.ok(
        await b.post(
          "/api/basket/update",
          {
            basketToken: basket.basketToken,
            updates: { basketLines: [{ basketLineId: line.basketLineId, quantity: q }] },
          },
          token,
        ),
      );
    await setQuantity(quantity);
    expect((await applied(token, basket, "FEAST10")).coupon.deductCost).toBe(1000);
    const below = await setQuantity(1);
    expect(below.coupon).toMatchObject({ code: "FEAST10", deductCost: 0 });
    expect(below.orderSubtotalAfterDiscounts).toBe(below.orderSubtotal);
    expect((await setQuantity(quantity)).coupon?.deductCost).toBe(1000);
  });

  it("takes nothing off once an applied coupon expires", async () => {
    await t.db.insert(coupons).values({
      code: "SHORTLIVED",
      name: "£1 off today",
      kind: "fixed",
      value: 100,
      validUntil: new Date("2025-06-02T09:30:00.000Z"),
    });
    const { basket } = await filledBasket(token, 1);
    expect((await applied(token, basket, "shortlived")).coupon.deductCost).toBe(100);
    t.clock.advance(45 * 60_000);
    try {
      expect((await b.read(token, basket)).coupon).toMatchObject({ code: "SHORTLIVED", deductCost: 0 });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it("refuses a coupon for other stores as unknown", async () => {
    await t.db
      .insert(coupons)
      .values({ code: "LEEDSONLY", name: "Leeds only", kind: "fixed", value: 100, storeIds: [9] });
    const { basket } = await filledBasket(token, 1);
    expectError(await apply(token, basket, "LEEDSONLY"), 404, { errorCode: "COUPON_UNKNOWN" });
  });

  it("refuses a request that fails the bot check, before anything else", async () => {
    const { basket } = await filledBasket(token, 1);
    const failed = {
      errorCode: "BOT_CHECK_FAILED",
      errorDisplay: "We could not check that this request came from a person. Please try again.",
    };
    expectError(await apply(token, basket, "WELCOME10", "honeypot:https://spam.example"), 400, failed);
    expectError(await apply(token, basket, "WELCOME10", "not-a-honeypot-answer"), 400, failed);
    expectError(await apply(token, { basketToken: "unknown" }, "WELCOME10", ""), 400, failed);
    expect((await b.read(token, basket)).coupon).toBeNull();
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it("allows 10 attempts per basket in 10 minutes, right or wrong, then answers 429", async () => {
    const { basket } = await filledBasket(token, 1);
    for (let i = 0; i < 9; i++) expectError(await apply(token, basket, `WRONG${i}`), 404);
    expect((await apply(token, basket, "WELCOME10")).status).toBe(200);
    const limited = await apply(token, basket, "WELCOME10");
    expectError(limited, 429, {
      errorCode: "TOO_MANY_ATTEMPTS",
      message: "Too many attempts. Please wait a minute and try again.",
    });
    expect(limited.headers.get("retry-after")).toBe("60");
    // Another basket of the same shopper has its own count.
    const { basket: other } = await filledBasket(token, 1);
    expect((await apply(token, other, "WELCOME10")).status).toBe(200);
    // Twenty minutes on, the attempts have left the window (the previous window still weighs for the next ten).
    t.clock.advance(2 * 600_000);
    try {
      expect((await apply(token, basket, "WELCOME10")).status).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it("counts attempts per client address too, as configured", async () => {
    const { t: limited, token: as, shop: lb } = await seededPlatform({ config: { couponAttemptsPerIp: 3 } });
    try {
      const [row] = await plainItems(limited);
      const baskets = await Promise.all([0, 1, 2, 3].map(() => lb.newBasket(as)));
      for (const basket of baskets) await lb.add(as, basket, { menuItemId: row!.id, quantity: 1 });
      const body = (basket: Basket) => ({ basketToken: basket.basketToken, verifyToken: PERSON, coupon: "WELCOME10" });
      for (const basket of baskets.slice(0, 3)) expect((await lb.post(APPLY, body(basket), as)).status).toBe(200);
      expectError(await lb.post(APPLY, body(baskets[3]!), as), 429, { errorCode: "TOO_MANY_ATTEMPTS" });
      expect((await lb.post(APPLY, body(baskets[3]!), as, { "x-client-ip": "198.51.100.7" })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("replays a retried apply with one Idempotency-Key", async () => {
    const { basket } = await filledBasket(token, 2);
    const headers = { "idempotency-key": "coupon-once" };
    const first = await apply(token, basket, "WELCOME10", PERSON, headers);
    const again = await apply(token, basket, "WELCOME10", PERSON, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("refuses another session's basket", async () => {
    const { basket } = await filledBasket(token, 1);
    expectError(await apply(await t.guestToken(), basket, "WELCOME10"), 403, {
      message: "This basket belongs to another session.",
    });
  });
});

describe("POST /api/basket/coupon/remove", () => {
  it("takes the coupon off", async () => {
    const { basket } = await filledBasket(token, 2);
    await applied(token, basket, "WELCOME10");
    const after = await b.ok(await b.post(REMOVE, { basketToken: basket.basketToken }, token));
    expect(after.coupon).toBeNull();
    expect(after.orderSubtotalAfterDiscounts).toBe(after.orderSubtotal);
    // Removing when there is none is not an error.
    expect((await b.ok(await b.post(REMOVE, { basketToken: basket.basketToken }, token))).coupon).toBeNull();
  });
});

describe("with reCAPTCHA configured", () => {
  let google: FakeRecaptcha;
  let withRecaptcha: TestPlatform;
  let rb: ShopperApi;
  beforeAll(async () => {
    google = await fakeRecaptcha("secret-key");
    ({ t: withRecaptcha, shop: rb } = await seededPlatform({
      config: { recaptcha: { siteKey: "site-key-web", secretKey: "secret-key", verifyUrl: google.url } },
    }));
  });
  afterAll(async () => {
    await withRecaptcha.close();
    await google.close();
  });

  it("checks the token with reCAPTCHA and no longer takes the honeypot answer", async () => {
    const as = await withRecaptcha.guestToken();
    const basket = await rb.newBasket(as);
    const body = (verifyToken: string) => ({ basketToken: basket.basketToken, verifyToken, coupon: "WELCOME10" });
    expectError(await rb.post(APPLY, body(PERSON), as), 400, { errorCode: "BOT_CHECK_FAILED" });
    expectError(await rb.post(APPLY, body("v3-low"), as), 400, { errorCode: "BOT_CHECK_FAILED" });
    expect((await rb.post(APPLY, body("v3-pass"), as)).status).toBe(200);
    expect(Object.fromEntries(google.requests.at(-1)!)).toEqual({
      secret: "secret-key",
      response: "v3-pass",
      remoteip: "203.0.113.10",
    });
  });

  it("gives the storefront the site key in the business profile", async () => {
    const res = await withRecaptcha.call("GET", "/api/business/profile", undefined, {
      token: await withRecaptcha.guestToken(),
    });
    expect(api.businessProfile.response.parse(res.body).recaptcha.siteKeys).toEqual({
      ios: null,
      android: null,
      web: "site-key-web",
    });
    const plainProfile = await t.call("GET", "/api/business/profile", undefined, { token });
    expect(api.businessProfile.response.parse(plainProfile.body).recaptcha.siteKeys.web).toBeNull();
  });
});
