import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, MEMBER_MESSAGES, ORDER_MESSAGES, REVIEW_MESSAGES } from "../contract";
import { memberSeries, registerMember } from "../auth/testing/accounts";
import { creditLedger, loyaltyLedger, members, orderReviews, orders } from "../db/schema";
import {
  expectError,
  orderRow,
  resetClockAndHolds,
  seededPlatform,
  TEST_NOW,
  type ShopperApi,
  type TestPlatform,
} from "../testing";

const STAFF = { username: "board", password: "correct horse battery staple" };

let t: TestPlatform;
let c: ShopperApi;
let board: string;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform({ config: { staff: STAFF } }));
  const login = await t.call("POST", "/api/staff/login", STAFF);
  board = api.staffLogin.response.parse(login.body).access_token;
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const nextMember = memberSeries("orders", 300);
const newMember = () => nextMember(t);

/** An order placed (paid in cash) by `token`; answers its number. */
async function placeOrder(token: string, options: { method?: "delivery" | "collection" } = {}): Promise<string> {
  const made = await c.ready(token, { method: options.method });
  const draft = await c.processOrder(token, made.processBody);
  const paid = await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return draft.businessOrderId;
}

const post = (path: string, body: Record<string, unknown>, token: string) => t.call("POST", path, body, { token });
const list = async (token: string, body: Record<string, unknown>) =>
  api.memberOrdersList.response.parse((await post("/api/member/orders/list", body, token)).body);
const staff = (path: string, businessOrderId: string, extra: Record<string, unknown> = {}) =>
  post(path, { businessOrderId, ...extra }, board);

/** Moves an order through every status to its last, then marks it delivered or collected. */
async function complete(businessOrderId: string, method: "delivery" | "collection" = "delivery") {
  const steps =
    method === "delivery" ? ["store_accepted_picking", "picked", "en_route"] : ["store_accepted_picking", "picked"];
  for (const status of steps)
    expect((await staff("/api/staff/orders/updateStatus", businessOrderId, { status })).status).toBe(200);
  const res = await staff("/api/staff/orders/complete", businessOrderId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.staffCompleteOrder.response.parse(res.body);
}

describe("a member's orders", () => {
  it("lists current orders newest first, paged, and past ones once the board completes them", async () => {
    const a = await newMember();
    const first = await placeOrder(a.token);
    t.clock.advance(60_000);
    const second = await placeOrder(a.token, { method: "collection" });
    t.clock.advance(60_000);
    const third = await placeOrder(a.token);

    const page1 = await list(a.token, { kind: "current", limit: 2 });
    expect(page1.orders.map((o) => o.businessOrderId)).toEqual([third, second]);
    expect(page1.nextCursor).not.toBeNull();
    expect(page1.orders[1]).toMatchObject({
      orderType: "collection",
      status: "sent_to_store",
      completedAt: null,
      reviewed: false,
      store: { storeName: "Larder & Co Victoria Street" },
    });
    expect(page1.orders[0]!.itemCount).toBeGreaterThan(0);
    const page2 = await list(a.token, { kind: "current", limit: 2, cursor: page1.nextCursor });
    expect(page2).toMatchObject({ orders: [{ businessOrderId: first }], nextCursor: null });
    expect(await list(a.token, { kind: "past" })).toEqual({ orders: [], nextCursor: null });

    const done = await complete(second, "collection");
    expect(done).toMatchObject({ completedAt: TEST_NOW.replace("09:00:00", "09:02:00"), canComplete: false });
    expect((await list(a.token, { kind: "current" })).orders.map((o) => o.businessOrderId)).toEqual([third, first]);
    expect((await list(a.token, { kind: "past" })).orders.map((o) => o.businessOrderId)).toEqual([second]);

    expectError(await post("/api/member/orders/list", { kind: "current", cursor: "not-a-cursor" }, a.token), 400, {
      errorCode: "VALIDATION_ERROR",
    });
  });

  it("reads one order with its steps; only once completed can it be reviewed, and only once", async () => {
    const a = await newMember();
    const id = await placeOrder(a.token);
    const get = async () =>
      api.memberOrderGet.response.parse((await post("/api/member/orders/get", { businessOrderId: id }, a.token)).body);
    expect(await get()).toMatchObject({
      businessOrderId: id,
      status: "sent_to_store",
      canReview: false,
      trackable: false,
      review: null,
      completedAt: null,
    });

    const review = (body: Record<string, unknown>) =>
      post("/api/member/review/create", { orderId: id, ...body }, a.token);
    expectError(await review({ starRating: 5, comment: "Lovely" }), 409, {
      errorCode: "NOT_COMPLETED",
      message: REVIEW_MESSAGES.notYet,
    });

    for (const status of ["store_accepted_picking", "picked", "en_route"])
      await staff("/api/staff/orders/updateStatus", id, { status });
    expect(await get()).toMatchObject({ status: "en_route", trackable: true, canReview: false });
    // The board cannot complete an order twice or before its last step (a new one here).
    const early = await placeOrder(a.token);
    expectError(await staff("/api/staff/orders/complete", early), 409, { message: ORDER_MESSAGES.statusMoveRefused });
    await staff("/api/staff/orders/complete", id);
    expect((await staff("/api/staff/orders/complete", id)).status).toBe(200);
    expect(await get()).toMatchObject({ trackable: false, canReview: true });

    expectError(await review({ starRating: 0, comment: "" }), 400, {
      errorCode: "VALIDATION_ERROR",
      errorDisplay: REVIEW_MESSAGES.ratingRequired,
    });
    expectError(await review({ starRating: 4.5, comment: "" }), 400, { errorDisplay: REVIEW_MESSAGES.ratingRequired });
    expectError(await review({ starRating: 4, comment: "x".repeat(1001) }), 400, {
      errorDisplay: REVIEW_MESSAGES.commentTooLong,
    });
    const saved = await review({ starRating: 4, comment: "  Fresh bread, friendly driver.  " });
    expect(saved.status).toBe(200);
    expect(api.memberReviewCreate.response.parse(saved.body)).toMatchObject({
      message: REVIEW_MESSAGES.thanks,
      review: { starRating: 4, comment: "Fresh bread, friendly driver." },
    });
    expectError(await review({ starRating: 1, comment: "Changed my mind" }), 409, {
      errorCode: "ALREADY_REVIEWED",
      message: REVIEW_MESSAGES.alreadyReviewed,
    });
    expect(await get()).toMatchObject({
      canReview: false,
      review: { starRating: 4, comment: "Fresh bread, friendly driver." },
    });
    expect((await list(a.token, { kind: "past" })).orders[0]).toMatchObject({ businessOrderId: id, reviewed: true });
  });

  it("keeps each member to their own orders: B gets 404 for A's and changes nothing; guests are refused", async () => {
    const a = await newMember();
    const b = await newMember();
    const id = await placeOrder(a.token);
    await complete(id);
    expect((await list(b.token, { kind: "past" })).orders).toEqual([]);
    expect((await list(b.token, { kind: "current" })).orders).toEqual([]);
    expectError(await post("/api/member/orders/get", { businessOrderId: id }, b.token), 404, {
      message: ORDER_MESSAGES.orderNotFound,
    });
    // Indistinguishable from an order that does not exist.
    expectError(await post("/api/member/orders/get", { businessOrderId: "999999999" }, b.token), 404, {
      message: ORDER_MESSAGES.orderNotFound,
    });
    expectError(
      await post("/api/member/review/create", { orderId: id, starRating: 1, comment: "Not mine" }, b.token),
      404,
      { message: ORDER_MESSAGES.orderNotFound },
    );
    // A's page cursor does not open A's list to B.
    for (let i = 0; i < 2; i++) {
      t.clock.advance(60_000);
      await placeOrder(a.token);
    }
    const aFirstPage = await list(a.token, { kind: "current", limit: 1 });
    expect(aFirstPage.nextCursor).not.toBeNull();
    expect(await list(b.token, { kind: "current", cursor: aFirstPage.nextCursor })).toEqual({
      orders: [],
      nextCursor: null,
    });
    const row = await orderRow(
      t,
      (await t.db.select({ d: orders.draftOrderId }).from(orders).where(eq(orders.businessOrderId, id)))[0]!.d,
    );
    expect(await t.db.select().from(orderReviews).where(eq(orderReviews.orderId, row.id))).toEqual([]);

    const guest = await t.guestToken();
    expectError(await post("/api/member/orders/list", { kind: "current" }, guest), 403, {
      errorCode: "MEMBERS_ONLY",
      message: MEMBER_MESSAGES.membersOnly,
    });
    expectError(await post("/api/member/orders/get", { businessOrderId: id }, guest), 403, {
      errorCode: "MEMBERS_ONLY",
    });
  });

  it("links orders placed as a guest with the member's e-mail once that address is verified", async () => {
    const guest = await t.guestToken();
    const made = await c.ready(guest);
    const email = "later.member@example.com";
    await c.setContact(guest, made.basket.basketToken, {
      firstName: "Lee",
      lastName: "Later",
      email: "Later.Member@example.com",
      phoneNumber: "07700 900555",
      acceptTerms: true,
    });
    const draft = await c.processOrder(guest, { ...made.processBody, emailAddress: "Later.Member@example.com" });
    expect((await c.makePayment(guest, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);

    const tokens = await registerMember(t, { email, mobile: "07700 900556" });
    expect((await list(tokens.access_token, { kind: "current" })).orders).toEqual([]);
    await t.db.update(members).set({ emailVerified: true }).where(eq(members.email, email));
    expect((await list(tokens.access_token, { kind: "current" })).orders.map((o) => o.businessOrderId)).toEqual([
      draft.businessOrderId,
    ]);
  });

  it("links a guest's order to the verified member with its e-mail when it is placed, placed as a guest's", async () => {
    const email = "already.verified@example.com";
    const tokens = await registerMember(t, { email, mobile: "07700 900557" });
    await t.db.update(members).set({ emailVerified: true }).where(eq(members.email, email));
    const [member] = await t.db.select().from(members).where(eq(members.email, email));
    const guest = await t.guestToken();
    const made = await c.ready(guest);
    await c.setContact(guest, made.basket.basketToken, {
      firstName: "Val",
      lastName: "Verified",
      email: "Already.Verified@example.com",
      phoneNumber: "07700 900558",
      acceptTerms: true,
    });
    const draft = await c.processOrder(guest, { ...made.processBody, emailAddress: "Already.Verified@example.com" });
    // A draft is nobody's yet.
    const [drafted] = await t.db.select().from(orders).where(eq(orders.businessOrderId, draft.businessOrderId));
    expect(drafted!.memberId).toBeNull();
    expect((await c.makePayment(guest, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);

    const [placed] = await t.db.select().from(orders).where(eq(orders.businessOrderId, draft.businessOrderId));
    expect(placed!.memberId).toBe(member!.id);
    expect((await list(tokens.access_token, { kind: "current" })).orders.map((o) => o.businessOrderId)).toEqual([
      draft.businessOrderId,
    ]);
    // Placed as the guest's order it was: no points earned or spent, no credit moved for the member.
    expect(await t.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, member!.id))).toEqual([]);
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, member!.id))).toEqual([]);
  });

  it("tracks an order en route: the driver's page sends positions, the order's member reads the last, nobody else", async () => {
    const a = await newMember();
    const b = await newMember();
    const id = await placeOrder(a.token);
    const row = (await t.db.select().from(orders).where(eq(orders.businessOrderId, id)))[0]!;
    const send = (lat: number, lng: number) =>
      staff("/api/staff/orders/driverLocation", id, { lat, lng, accuracy: 12 });
    const read = async (token: string, extra: Record<string, unknown> = {}) =>
      post("/api/order/getDriverLocation", { businessOrderId: id, ...extra }, token);

    expectError(await send(51.5, -0.14), 409, { errorCode: "NOT_EN_ROUTE", message: ORDER_MESSAGES.notEnRoute });
    expect(api.getDriverLocation.response.parse((await read(a.token)).body)).toMatchObject({
      trackable: false,
      location: null,
    });
    for (const status of ["store_accepted_picking", "picked", "en_route"])
      await staff("/api/staff/orders/updateStatus", id, { status });
    expect(api.getDriverLocation.response.parse((await read(a.token)).body)).toMatchObject({
      trackable: true,
      location: null,
    });

    expect((await send(51.497, -0.135)).status).toBe(200);
    t.clock.advance(30_000);
    const last = await send(51.4985, -0.1372);
    expect(api.staffDriverLocation.response.parse(last.body).recordedAt).toBe(
      new Date(new Date(TEST_NOW).getTime() + 30_000).toISOString(),
    );
    const seen = api.getDriverLocation.response.parse((await read(a.token)).body);
    expect(seen.location).toEqual({
      lat: 51.4985,
      lng: -0.1372,
      accuracy: 12,
      recordedAt: new Date(new Date(TEST_NOW).getTime() + 30_000).toISOString(),
    });
    // The status page's token reads it too; another member, a guess, or a shopper's token on the board's call do not.
    const guest = await t.guestToken();
    expect((await read(guest, { statusToken: row.statusToken })).status).toBe(200);
    expectError(await read(b.token), 404, { message: ORDER_MESSAGES.orderNotFound });
    expectError(await read(guest, { statusToken: "not-the-token" }), 404, { message: ORDER_MESSAGES.orderNotFound });
    expect(
      (await post("/api/staff/orders/driverLocation", { businessOrderId: id, lat: 1, lng: 1 }, a.token)).status,
    ).toBe(401);

    await staff("/api/staff/orders/complete", id);
    expect(api.getDriverLocation.response.parse((await read(a.token)).body)).toMatchObject({
      trackable: false,
      location: null,
    });
    expectError(await send(51.5, -0.14), 409, { errorCode: "NOT_EN_ROUTE" });
    t.clock.set(TEST_NOW);
  });

  it("offers members the vouchers on offer, each with its terms", async () => {
    const a = await newMember();
    const res = await post("/api/member/vouchers/list", { storeId: 1 }, a.token);
    expect(res.status).toBe(200);
    const { vouchers } = api.memberVouchersList.response.parse(res.body);
    expect(vouchers.map((v) => v.code)).toEqual(["MEMBER5", "VERIFIED15"]);
    expect(vouchers[0]).toMatchObject({ kind: "fixed", value: 500, requirement: "registered" });
    expect(vouchers[1]!.terms).toContain("verified their mobile number");
    expectError(await post("/api/member/vouchers/list", {}, await t.guestToken()), 403, { errorCode: "MEMBERS_ONLY" });
  });
});
