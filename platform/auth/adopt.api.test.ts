import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES, type Basket } from "../contract";
import { baskets, rateLimits } from "../db/schema";
import { expectError, resetClockAndHolds, seededPlatform, ELEVEN, NOON, type SeededPlatform } from "../testing";
import { newMember, registerMember } from "./testing/accounts";

/*
 * Spec 2 §4: signing in (or registering) keeps the guest's basket, its held slot and its coupon. The sign-in names
 * the basket; the platform hands it over only when the caller's own guest session owns it.
 */

let s: SeededPlatform;
const PASSWORD = "plum-kettle-harbour";

beforeAll(async () => {
  s = await seededPlatform();
  await registerMember(s.t, { email: "keeper@example.com" });
});
afterAll(() => s.t.close());
beforeEach(async () => {
  await resetClockAndHolds(s.t);
  await s.t.db.delete(rateLimits);
});

/** A guest basket with goods over the minimum spend, the 11:00 slot held and WELCOME10 on it. */
async function guestBasket(guest: string, slot = ELEVEN): Promise<Basket> {
  let basket = await s.shop.newBasket(guest);
  basket = await s.shop.fill(guest, basket, basket.fulfilmentMethod.minSpend + 500, "delivery");
  await s.shop.reserve(guest, basket, slot);
  const res = await s.shop.post(
    "/api/basket/coupon/apply",
    { basketToken: basket.basketToken, verifyToken: "honeypot:", coupon: "WELCOME10" },
    guest,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s.shop.read(guest, basket);
}

const signIn = (basketToken: string | undefined, as?: string) =>
  s.t.call(
    "POST",
    "/api/auth/oauthToken",
    {
      grant_type: "password",
      strategy: "member",
      username: "keeper@example.com",
      password: PASSWORD,
      basketToken,
      registeringFromScreen: "checkout",
    },
    { token: as },
  );

function tokensOf(res: { status: number; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.oauthToken.response.parse(res.body);
}

describe("signing in with a guest basket", () => {
  it("keeps its lines, its held slot and its coupon", async () => {
    const guest = await s.t.guestToken();
    const before = await guestBasket(guest);
    expect(before.selectedSlot).not.toBeNull();
    expect(before.coupon?.code).toBe("WELCOME10");

    const member = tokensOf(await signIn(before.basketToken, guest)).access_token;
    const after = await s.shop.read(member, before);
    expect(after.basketToken).toBe(before.basketToken);
    expect(after.items.map((i) => [i.menuItemId, i.quantity])).toEqual(
      before.items.map((i) => [i.menuItemId, i.quantity]),
    );
    expect(after.selectedSlot).toEqual(before.selectedSlot);
    expect(after.coupon).toEqual(before.coupon);
    expect(after.orderTotal).toBe(before.orderTotal);

    // The guest session no longer opens it.
    expectError(
      await s.shop.post(
        "/api/basket/reserveTimeSlot",
        {
          storeId: before.storeId,
          basketToken: before.basketToken,
          timeSlotDate: NOON,
          fulfilmentMethod: "delivery",
          postcode: "SW1A 1AA",
        },
        guest,
      ),
      403,
      {
        message: BASKET_MESSAGES.otherSession,
      },
    );
  });

  it("makes a coupon for registered members count once signed in", async () => {
    const guest = await s.t.guestToken();
    const basket = await guestBasket(guest);
    // As the storefront keeps it through a sign-in: on the basket, flagged for re-application while a guest looks.
    await s.t.db.update(baskets).set({ couponCode: "MEMBER5" }).where(eq(baskets.token, basket.basketToken));
    expect((await s.shop.read(guest, basket)).coupon).toMatchObject({ code: "MEMBER5", needsReAppliedAfterAuth: true });

    const member = tokensOf(await signIn(basket.basketToken, guest)).access_token;
    expect((await s.shop.read(member, basket)).coupon).toMatchObject({
      code: "MEMBER5",
      needsReAppliedAfterAuth: false,
      deductCost: 500,
    });
  });

  it("also happens on registration", async () => {
    const guest = await s.t.guestToken();
    const before = await guestBasket(guest);
    const res = await s.t.call(
      "POST",
      "/api/auth/register",
      newMember({ email: "new.keeper@example.com", basketToken: before.basketToken }),
      { token: guest },
    );
    const after = await s.shop.read(tokensOf(res).access_token, before);
    expect(after.selectedSlot).toEqual(before.selectedSlot);
    expect(after.coupon?.code).toBe("WELCOME10");
    expect(after.items).toHaveLength(before.items.length);
  });

  it("hands over nothing when the caller's session does not own the basket, or no session is given", async () => {
    const owner = await s.t.guestToken();
    const basket = await guestBasket(owner);
    const [row] = await s.t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));

    tokensOf(await signIn(basket.basketToken, await s.t.guestToken()));
    tokensOf(await signIn(basket.basketToken));
    const [after] = await s.t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(after).toMatchObject({ ownerFamily: row!.ownerFamily, memberId: null });
    expect((await s.shop.read(owner, basket)).coupon?.code).toBe("WELCOME10");
  });

  it("never moves another member's basket", async () => {
    const other = tokensOf(
      await s.t.call("POST", "/api/auth/register", newMember({ email: "other.member@example.com" })),
    ).access_token;
    const otherId = api.memberProfileGet.response.parse(
      (await s.t.call("POST", "/api/member/profile/get", {}, { token: other })).body,
    ).id;
    const basket = await s.shop.newBasket(other);
    // Even with the other member's own token: the sign-in is keeper's, and the basket is not a guest's.
    tokensOf(await signIn(basket.basketToken, other));
    const [row] = await s.t.db.select().from(baskets).where(eq(baskets.token, basket.basketToken));
    expect(row!.memberId).toBe(otherId);
    expect((await s.shop.read(other, basket)).basketToken).toBe(basket.basketToken);
  });
});
