import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, fillPath, type Basket, type Endpoint } from "./contract";
import { memberSeries } from "./auth/testing/accounts";
import { DEFAULT_BUSINESS_PROFILE } from "./business/profile";
import { plainItems } from "./catalogue/testing/items";
import {
  authTokens,
  basketCheckouts,
  basketLines,
  baskets,
  creditLedger,
  driverLocations,
  loyaltyLedger,
  memberAddresses,
  memberCards,
  members,
  orderPayments,
  orderReviews,
  orders,
  outbox,
  slotHolds,
} from "./db/schema";
import { cardToken } from "./payments/testing/gateway";
import { TEST_CARD } from "./payments/testing/drive";
import {
  FAR_HOME,
  NOON,
  RETURN_URLS,
  seededPlatform,
  TEST_NOW,
  VICTORIA,
  type ShopperApi,
  type TestPlatform,
  type TestResponse,
} from "./testing";

/*
 * Issue 22 item 4: authorisation on every endpoint of the /api contract, enumerated from the contract itself (api), so
 * an endpoint added later fails "every endpoint is accounted for" until it is put in one of the tables below.
 *
 * - Every endpoint that needs a token refuses a call without one, with a forged, an expired or a revoked one, and the
 *   order board's calls refuse shoppers' tokens (and shoppers' calls the board's): 401 in the contract's error shape.
 * - Every endpoint that reads or changes a shopper's own things (PROBES) is called by another member (B) and by another
 *   guest (H) with the victims' identifiers: member A's basket, address, card and completed order, guest G's order and
 *   its draft awaiting payment. Each call is refused or answers only the caller's own things; either way its answer
 *   holds nothing of the victims' and every row of theirs is as it was. Then the same call by its owner goes through,
 *   so each probe is a call that reaches the victim's things when made by the right shopper.
 * - The rest (SHARED, NO_TOKEN) name no shopper's thing; a guard keeps anything naming one out of those lists.
 */

let t: TestPlatform;
let c: ShopperApi;
let board: string;
const STAFF = { username: "board", password: "correct horse battery staple" };

/** Request fields that name a shopper's own thing. */
const OWNED_FIELDS = ["basketToken", "draftOrderId", "businessOrderId", "orderId", "statusToken", "id", "cardId"];
/** Paths whose calls are all about a shopper's own things. */
const OWNED_PATHS = new RegExp(
  [
    /^\/api\/(member|basket|checkout|order|guest|iterable)\//.source,
    /^\/api\/stores\/orderStatus$/.source,
    /^\/api\/payment\/(makePayment|verifyPayment|cancelPayment)$/.source,
  ].join("|"),
);

interface Victims {
  a: {
    token: string;
    email: string;
    memberId: number;
    addressId: number;
    cardId: number;
    doneOrder: string;
    basket: Basket;
    lineId: string;
  };
  /** A guest who placed an order (cash). */
  g1: { token: string; order: string; statusToken: string; basketToken: string };
  /** A guest whose order waits for its card payment. */
  g2: { token: string; draftOrderId: string; businessOrderId: string };
  /** Everything of theirs an answer to someone else must never show. */
  marks: string[];
}

interface Caller {
  token: string;
  /** Member B's own mobile, for the profile update a member makes of their own details. */
  mobile?: string;
}

interface Probe {
  /** Whose thing the probe names: its owner's call is the control that must go through. */
  owner: "a" | "g1" | "g2";
  body(
    v: Victims,
    caller: Caller,
    who: "attacker" | "owner",
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * "refused": another shopper gets 403 or 404. "own": the call is about the caller's own things, so another
   * shopper's call answers theirs (or is refused). "ignored": the victim's identifier is not the caller's, so it is
   * left aside and the call answers as if it had not been given (or is refused).
   */
  others: "refused" | "own" | "ignored";
  /** The owner's answer; 200 by default. */
  ownerStatus?: number;
}

let mobiles = 0;
const nextMobile = () => `07700 901${String(++mobiles).padStart(3, "0")}`;
const ADDRESS = {
  firstName: "Aurelia",
  lastName: "Quennell",
  email: "victim.a@example.com",
  telephone: "07700 900717",
  addressLine1: "17 Quennell Mews",
  town: "London",
  postcode: "SW1A 1AA",
};
const otherAddress = (line: string) => ({
  ...ADDRESS,
  firstName: "Mallory",
  lastName: "Attacker",
  email: "mallory@example.com",
  addressLine1: line,
});

/**
 * One probe per endpoint that reads or changes a shopper's own things, in the order their owners' controls run:
 * reads, then changes, then what ends a thing (a removed address, a cleared basket, a signed-out session).
 */
const PROBES: Record<string, Probe> = {
  // A member's own account: no identifier to give, so another member only ever gets their own.
  memberProfileGet: { owner: "a", others: "own", body: () => ({}) },
  memberAddressesList: { owner: "a", others: "own", body: () => ({}) },
  memberCardsList: { owner: "a", others: "own", body: () => ({}) },
  memberCreditGet: { owner: "a", others: "own", body: () => ({}) },
  loyaltySummary: { owner: "a", others: "own", body: () => ({}) },
  loyaltyProgress: { owner: "a", others: "own", body: () => ({ storeId: VICTORIA }) },
  memberMarketingPreferencesGet: { owner: "a", others: "own", body: () => ({}) },
  memberVouchersList: { owner: "a", others: "own", body: () => ({ storeId: VICTORIA }) },
  memberOrdersList: { owner: "a", others: "own", body: () => ({ kind: "past" }) },
  // A's things by their ids.
  memberOrderGet: { owner: "a", others: "refused", body: (v) => ({ businessOrderId: v.a.doneOrder }) },
  getOrderStatus: { owner: "g1", others: "refused", body: (v) => ({ businessOrderId: v.g1.order }) },
  getDriverLocation: { owner: "g1", others: "refused", body: (v) => ({ businessOrderId: v.g1.order }) },
  retrieveBasket: {
    owner: "a",
    others: "ignored",
    body: (v) => ({ storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: v.a.basket.basketToken }),
  },
  retrieveCheckout: { owner: "a", others: "refused", body: (v) => ({ basketToken: v.a.basket.basketToken }) },
  recommendedItems: {
    owner: "a",
    others: "ignored",
    body: (v) => ({ storeId: VICTORIA, fulfilmentMethod: "delivery", basketToken: v.a.basket.basketToken }),
  },
  checkRegistrationStatus: {
    owner: "a",
    others: "refused",
    body: (v) => ({ email: "nobody.here@example.com", basketToken: v.a.basket.basketToken }),
  },
  // Changes to A's account made with the caller's own words.
  memberProfileUpdate: {
    owner: "a",
    others: "own",
    body: (_v, caller, who) =>
      who === "owner"
        ? { firstName: "Aurelia", lastName: "Quennell", mobile: "07700 900717" }
        : { firstName: "Mallory", lastName: "Attacker", mobile: caller.mobile ?? nextMobile() },
  },
  updateMarketingPreferences: {
    owner: "a",
    others: "ignored",
    body: (v) => ({
      marketingOptions: [{ type: "email", opted: "in", text: "By email" }],
      basketToken: v.a.basket.basketToken,
    }),
  },
  memberAddressesAdd: {
    owner: "a",
    others: "own",
    body: () => ({ type: "delivery", address: otherAddress("1 Other Street"), isDefault: true }),
  },
  memberCardsAdd: {
    owner: "a",
    others: "own",
    body: async (_v, _caller, who) => ({
      token: await cardToken(t, who === "owner" ? TEST_CARD.challenge : TEST_CARD.decline),
    }),
  },
  memberVerificationCodeRequest: {
    owner: "a",
    others: "ignored",
    body: (v) => ({ verifytoken: "honeypot:", platform: "web", basketToken: v.a.basket.basketToken }),
  },
  memberAddressesUpdate: {
    owner: "a",
    others: "refused",
    body: (v) => ({ id: v.a.addressId, type: "delivery", address: otherAddress("66 Changed Road"), isDefault: true }),
  },
  memberAddressesSetDefault: { owner: "a", others: "refused", body: (v) => ({ id: v.a.addressId }) },
  memberCardsSetDefault: { owner: "a", others: "refused", body: (v) => ({ cardId: String(v.a.cardId) }) },
  memberReviewCreate: {
    owner: "a",
    others: "refused",
    body: (v) => ({ orderId: v.a.doneOrder, starRating: 1, comment: "Not mine to review" }),
  },
  iterableIdentifier: {
    owner: "a",
    others: "ignored",
    body: (v) => ({ sessionToken: "subscriber-42", basketToken: v.a.basket.basketToken }),
  },
  // A's basket and its checkout.
  addBasketItem: {
    owner: "a",
    others: "refused",
    body: async (v) => ({
      storeId: VICTORIA,
      fulfilmentMethod: "delivery",
      basketToken: v.a.basket.basketToken,
      menuItem: { menuItemId: (await plainItems(t))[1]!.id, quantity: 1 },
    }),
  },
  updateBasketItem: {
    owner: "a",
    others: "refused",
    body: async (v) => ({
      basketToken: v.a.basket.basketToken,
      basketLineId: v.a.lineId,
      menuItem: { menuItemId: v.a.basket.items[0]!.menuItemId, quantity: 25 },
    }),
  },
  updateBasket: {
    owner: "a",
    others: "refused",
    body: (v) => ({
      basketToken: v.a.basket.basketToken,
      updates: { basketLines: [{ basketLineId: v.a.lineId, quantity: 30 }] },
    }),
  },
  applyCoupon: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, verifyToken: "honeypot:", coupon: "WELCOME10" }),
  },
  removeCoupon: { owner: "a", others: "refused", body: (v) => ({ basketToken: v.a.basket.basketToken }) },
  updateTip: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, tip: { type: "driver", amount: 150 } }),
  },
  basketLoyaltySpend: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, points: 0 }),
  },
  reserveTimeSlot: {
    owner: "a",
    others: "refused",
    body: (v) => ({
      storeId: VICTORIA,
      basketToken: v.a.basket.basketToken,
      timeSlotDate: NOON,
      fulfilmentMethod: "delivery",
      postcode: "SW1A 1AA",
    }),
  },
  setContactDetails: {
    owner: "a",
    others: "refused",
    body: (v) => ({
      basketToken: v.a.basket.basketToken,
      firstName: "Aurelia",
      lastName: "Quennell",
      email: "victim.a@example.com",
      phoneNumber: "07700 900717",
    }),
  },
  setInstructions: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, instructions: "Leave it with the neighbour" }),
  },
  setDeliveryAddress: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, address: FAR_HOME }),
  },
  setBillingAddress: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, sameAsDelivery: true }),
  },
  processOrder: { owner: "a", others: "refused", body: (v) => c.processBody(v.a.basket, NOON) },
  memberOrdersReorder: {
    owner: "a",
    others: "refused",
    body: (v) => ({ businessOrderId: v.a.doneOrder, fulfilmentMethod: "delivery" }),
  },
  removeBasketItem: {
    owner: "a",
    others: "refused",
    body: (v) => ({ basketToken: v.a.basket.basketToken, basketLineId: v.a.lineId }),
  },
  iterableDeepLinkAction: {
    owner: "a",
    others: "ignored",
    body: (v) => ({
      storeId: VICTORIA,
      basketToken: v.a.basket.basketToken,
      clearStore: true,
      fulfilmentMethod: "delivery",
      postcode: "SW1A 1AA",
      campaign: "spring",
    }),
  },
  clearBasket: { owner: "a", others: "refused", body: (v) => ({ basketToken: v.a.basket.basketToken }) },
  // G2's order waiting for its card payment.
  makePayment: {
    owner: "g2",
    others: "refused",
    body: (v) => ({
      draftOrderId: v.g2.draftOrderId,
      paymentMethod: "card",
      paymentGateway: "checkoutcom",
      ...RETURN_URLS,
    }),
  },
  verifyPayment: {
    owner: "g2",
    others: "refused",
    body: (v) => ({ draftOrderId: v.g2.draftOrderId, paymentId: "pay_not_a_real_one" }),
    ownerStatus: 409,
  },
  cancelPayment: { owner: "g2", others: "refused", body: (v) => ({ draftOrderId: v.g2.draftOrderId }) },
  // What ends a thing of A's.
  memberVerificationCodeCheck: {
    owner: "a",
    others: "own",
    body: (v) => ({ verificationCode: "000000", basketToken: v.a.basket.basketToken }),
    ownerStatus: 400,
  },
  memberPasswordChange: {
    owner: "a",
    others: "own",
    body: (_v, _caller, who) => ({
      currentPassword: PASSWORD,
      newPassword: who === "owner" ? "a-new-harbour-kettle" : `attacker-${Date.now()}-pw`,
    }),
  },
  memberAddressesRemove: { owner: "a", others: "refused", body: (v) => ({ id: v.a.addressId }) },
  memberCardsDelete: { owner: "a", others: "refused", body: (v) => ({ cardId: String(v.a.cardId) }) },
  logout: { owner: "a", others: "own", body: () => ({}) },
};

/** Token endpoints that name no shopper's thing: the same answer for every shopper. */
const SHARED: Record<string, string> = {
  serverTime: "the platform's clock",
  businessProfile: "the business's settings",
  whiteLabelSettings: "the brand's settings",
  strapiContent: "site content",
  strapiSiteSettings: "site content",
  findNearbyStores: "stores near a place",
  listStores: "the stores",
  searchStores: "stores near a place",
  selectStore: "a store's details",
  futureContactRequest: "stores the caller's own e-mail for the business; reads nothing back",
  geocode: "a postcode's place",
  getAddressesByCoordinates: "addresses at a place",
  getAddressesByPostcode: "addresses in a postcode",
  getAutocompleteAddresses: "address suggestions",
  getPlaceDetails: "an address",
  getPostcodeByCoordinates: "a place's postcode",
  getCategory: "the menu",
  getDeal: "the menu",
  getMenuItem: "the menu",
  listCategories: "the menu",
  listDeals: "the menu",
  listTimeSlots: "a store's slots and how full they are",
  globalSearch: "the menu",
  clickBanner: "counts a banner's click",
  displayBanners: "counts banners' impressions",
  getBanner: "a banner",
  listBanners: "banners",
  validateApplePayMerchant: "Apple Pay's merchant session for the shop",
};

/** Endpoints callable without a token: signing in, accounts by e-mail (each limited), the log and the gateway's webhook. */
const NO_TOKEN: Record<string, string> = {
  oauthToken: "signing in; limited per account and address",
  register: "a new account; a basket handed over only when the caller's session owns it (auth/adopt.api.test.ts)",
  requestResetPassword: "answers the same whether or not the address has an account",
  resetPassword: "needs the e-mailed token",
  validateResetToken: "needs the e-mailed token",
  sendOtpMessage: "sends a code to the address's owner only",
  clientLog: "the browser's error log",
  checkoutComWebhook: "signed by checkout.com (payments/webhook.api.test.ts)",
  staffLogin: "the order board's sign-in; limited per address",
};

const PASSWORD = "plum-kettle-harbour";
const endpoints = Object.entries(api) as [string, Endpoint][];

async function call(endpoint: Endpoint, body: Record<string, unknown>, token: string | null): Promise<TestResponse> {
  const { path, rest } = fillPath(endpoint.path, body);
  return t.call(endpoint.method, path, rest, { token });
}

function expectErrorShape(res: TestResponse, statuses: number[], label: string): void {
  expect(statuses, `${label}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  const body = apiErrorSchema.safeParse(res.body);
  expect(body.success, `${label}: the contract's error shape, not ${JSON.stringify(res.body)}`).toBe(true);
  expect(body.data?.status, label).toBe(res.status);
}

/** Every row of the victims' things: their account, addresses, cards, tokens, baskets, orders, payments and messages. */
async function snapshot(v: Victims): Promise<unknown> {
  const db = t.db;
  const basketTokens = [v.a.basket.basketToken, v.g1.basketToken];
  const victimOrders = await db
    .select()
    .from(orders)
    .where(
      or(
        eq(orders.memberId, v.a.memberId),
        inArray(orders.businessOrderId, [v.g1.order, v.g2.businessOrderId]),
        inArray(orders.basketToken, basketTokens),
      ),
    );
  const orderIds = victimOrders.map((o) => o.id);
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    member: sorted(await db.select().from(members).where(eq(members.id, v.a.memberId))),
    addresses: sorted(await db.select().from(memberAddresses).where(eq(memberAddresses.memberId, v.a.memberId))),
    cards: sorted(await db.select().from(memberCards).where(eq(memberCards.memberId, v.a.memberId))),
    tokens: sorted(await db.select().from(authTokens).where(eq(authTokens.memberId, v.a.memberId))),
    loyalty: sorted(await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, v.a.memberId))),
    credit: sorted(await db.select().from(creditLedger).where(eq(creditLedger.memberId, v.a.memberId))),
    baskets: sorted(
      await db
        .select()
        .from(baskets)
        .where(or(inArray(baskets.token, basketTokens), eq(baskets.memberId, v.a.memberId))),
    ),
    lines: sorted(await db.select().from(basketLines).where(inArray(basketLines.basketToken, basketTokens))),
    checkouts: sorted(
      await db.select().from(basketCheckouts).where(inArray(basketCheckouts.basketToken, basketTokens)),
    ),
    holds: sorted(await db.select().from(slotHolds).where(inArray(slotHolds.basketToken, basketTokens))),
    orders: sorted(victimOrders),
    payments: orderIds.length
      ? sorted(await db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds)))
      : [],
    reviews: orderIds.length
      ? sorted(await db.select().from(orderReviews).where(inArray(orderReviews.orderId, orderIds)))
      : [],
    driver: orderIds.length
      ? sorted(await db.select().from(driverLocations).where(inArray(driverLocations.orderId, orderIds)))
      : [],
    messages: sorted(
      await db
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, [v.a.email, "+447700900717", "victim.g@example.com"])),
    ),
  };
}

const nextMember = memberSeries("authz", 700);
let v: Victims;
let attackers: { b: Caller; h: Caller };

/** An order placed and paid in cash by `token`, from a basket made ready at `slot`. */
async function placeOrder(token: string, contact?: Record<string, unknown>) {
  const made = await c.ready(token, { slot: NOON });
  if (contact) await c.setContact(token, made.basket.basketToken, contact);
  const draft = await c.processOrder(token, {
    ...made.processBody,
    ...(contact ? { firstname: contact.firstName, lastname: contact.lastName, emailAddress: contact.email } : {}),
  });
  const paid = await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { ...draft, basketToken: made.basket.basketToken };
}

beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform({ config: { staff: STAFF } }));
  board = api.staffLogin.response.parse((await t.call("POST", "/api/staff/login", STAFF)).body).access_token;

  // Member A, who joined through member R's referral link: an address, a card, a completed order (so credit for
  // joining, and loyalty points where the store gives them), and a basket ready for checkout.
  const r = await nextMember(t);
  const rCode = api.memberProfileGet.response.parse(
    (await t.call("POST", "/api/member/profile/get", {}, { token: r.token })).body,
  ).referFriendCode;
  const referral = {
    partnerUniqueId: DEFAULT_BUSINESS_PROFILE.referral.partnerUniqueId,
    partnerMemberId: rCode,
    storeId: VICTORIA,
  };
  const a = await nextMember(t, {
    firstName: "Aurelia",
    lastName: "Quennell",
    email: "victim.a@example.com",
    mobile: "07700 900717",
    referral,
  });
  const memberId = (
    await t.db.select({ id: members.id }).from(members).where(eq(members.email, "victim.a@example.com"))
  )[0]!.id;
  const address = await t.call(
    "POST",
    "/api/member/addresses/add",
    { type: "delivery", address: ADDRESS, isDefault: false },
    { token: a.token },
  );
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const addressId = api.memberAddressesAdd.response.parse(address.body).addresses[0]!.id;
  const card = await t.call(
    "POST",
    "/api/member/cards/add",
    { token: await cardToken(t, TEST_CARD.approve) },
    { token: a.token },
  );
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  const cardId = Number(api.memberCardsAdd.response.parse(card.body).card.id);
  const done = await placeOrder(a.token);
  for (const status of ["store_accepted_picking", "picked", "en_route"]) {
    expect(
      (
        await t.call(
          "POST",
          "/api/staff/orders/updateStatus",
          { businessOrderId: done.businessOrderId, status },
          { token: board },
        )
      ).status,
    ).toBe(200);
  }
  expect(
    (await t.call("POST", "/api/staff/orders/complete", { businessOrderId: done.businessOrderId }, { token: board }))
      .status,
  ).toBe(200);
  const ready = await c.ready(a.token, { slot: NOON });
  const basket = ready.basket;
  await c.setContact(a.token, basket.basketToken, {
    firstName: "Aurelia",
    lastName: "Quennell",
    email: "victim.a@example.com",
    phoneNumber: "07700 900717",
    acceptTerms: true,
  });
  expect(basket.basketToken).not.toBe(done.basketToken);

  // Guest G1 placed an order; guest G2's order waits for its card payment.
  const g1Token = await t.guestToken();
  const g1 = await placeOrder(g1Token, {
    firstName: "Gideon",
    lastName: "Guestlove",
    email: "victim.g@example.com",
    phoneNumber: "07700 900718",
    acceptTerms: true,
  });
  const [g1Row] = await t.db.select().from(orders).where(eq(orders.businessOrderId, g1.businessOrderId));
  const g2 = await c.draftFor({ paymentGateway: "checkoutcom", slot: NOON });

  v = {
    a: {
      token: a.token,
      email: "victim.a@example.com",
      memberId,
      addressId,
      cardId,
      doneOrder: done.businessOrderId,
      basket,
      lineId: basket.items[0]!.basketLineId,
    },
    g1: { token: g1Token, order: g1.businessOrderId, statusToken: g1Row!.statusToken, basketToken: g1.basketToken },
    g2: { token: g2.token, draftOrderId: g2.draft.draftOrderId, businessOrderId: g2.draft.businessOrderId },
    marks: [],
  };
  const aCode = api.memberProfileGet.response.parse(
    (await t.call("POST", "/api/member/profile/get", {}, { token: a.token })).body,
  ).referFriendCode;
  v.marks = [
    aCode,
    "Aurelia",
    "Quennell",
    "victim.a@example.com",
    "Gideon",
    "Guestlove",
    "victim.g@example.com",
    "900717",
    "900718",
    v.a.doneOrder,
    v.g1.order,
    v.g1.statusToken,
    v.g2.draftOrderId,
    v.g2.businessOrderId,
    basket.basketToken,
    v.g1.basketToken,
  ];

  const bMobile = "07700 900799";
  const b = await nextMember(t, { firstName: "Mallory", lastName: "Attacker", mobile: bMobile, password: PASSWORD });
  attackers = { b: { token: b.token, mobile: bMobile }, h: { token: await t.guestToken() } };
}, 120_000);
afterAll(() => t?.close());

describe("the contract's endpoints, every one accounted for", () => {
  it("puts each endpoint in exactly one list: shoppers' own things (probed), shared, without a token, or the order board's", () => {
    const lists = { probes: Object.keys(PROBES), shared: Object.keys(SHARED), none: Object.keys(NO_TOKEN) };
    const problems: string[] = [];
    for (const [name, endpoint] of endpoints) {
      const inLists = Object.entries(lists)
        .filter(([, names]) => names.includes(name))
        .map(([list]) => list);
      if (endpoint.auth === "staff") {
        if (inLists.length) problems.push(`${name} is the board's; it needs no list`);
        continue;
      }
      if (inLists.length !== 1)
        problems.push(
          `${name} (${endpoint.method} ${endpoint.path}) is in ${inLists.length ? inLists.join(" and ") : "no list"}`,
        );
      if (endpoint.auth === "none" && inLists[0] !== "none")
        problems.push(`${name} needs no token but is not in NO_TOKEN`);
      if (endpoint.auth === "token" && inLists[0] === "none") problems.push(`${name} needs a token but is in NO_TOKEN`);
      // What names a shopper's thing cannot be called shared.
      const shape = (endpoint.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      const owned = OWNED_FIELDS.filter((field) => field in shape);
      if (inLists[0] === "shared" && (owned.length || OWNED_PATHS.test(endpoint.path)))
        problems.push(`${name} names a shopper's own thing (${owned.join(", ") || endpoint.path}) and must be probed`);
      if (endpoint.auth === "none" && owned.length && name !== "register")
        problems.push(`${name} takes ${owned.join(", ")} without a token`);
    }
    for (const name of [...lists.probes, ...lists.shared, ...lists.none])
      if (!(name in api)) problems.push(`${name} is listed but is not in the contract`);
    expect(problems).toEqual([]);
  });
});

describe("calls without a valid token", () => {
  const needToken = endpoints.filter(([, e]) => e.auth !== "none");

  it("are refused with 401 in the contract's error shape: no token, a forged one, an expired one, a signed-out one", async () => {
    const expired = await t.guestToken();
    const signedOut = await t.guestToken();
    expect((await t.call("POST", "/api/auth/logout", {}, { token: signedOut })).status).toBe(200);
    t.clock.advance(2 * 3600_000);
    try {
      for (const [name, endpoint] of needToken) {
        for (const [label, token] of [
          ["no token", null],
          ["a forged token", "forged-0123456789abcdef"],
          ["an expired token", expired],
          ["a signed-out token", signedOut],
        ] as const) {
          expectErrorShape(await call(endpoint, { contentType: "x" }, token), [401], `${name} with ${label}`);
        }
      }
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it("keep the order board's calls from shoppers, and shoppers' calls from the board", async () => {
    for (const [name, endpoint] of needToken) {
      if (endpoint.auth === "staff") {
        for (const [who, token] of [
          ["member A", v.a.token],
          ["guest G1", v.g1.token],
        ] as const) {
          expectErrorShape(
            await call(
              endpoint,
              { businessOrderId: v.g1.order, storeId: VICTORIA, status: "picked", lat: 1, lng: 1 },
              token,
            ),
            [401],
            `${name} as ${who}`,
          );
        }
      } else {
        expectErrorShape(await call(endpoint, { contentType: "x" }, board), [401], `${name} with the board's token`);
      }
    }
  });
});

describe("one shopper never reads or changes another's things", () => {
  it("a member's balances, code and profile are their own: another member reads only theirs", async () => {
    const read = async (endpoint: Endpoint, token: string) => {
      const res = await call(endpoint, {}, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Record<string, unknown>;
    };
    const [aCredit, bCredit] = [
      await read(api.memberCreditGet, v.a.token),
      await read(api.memberCreditGet, attackers.b.token),
    ];
    expect(aCredit.balance, "A has credit for joining through a link").toBeGreaterThan(0);
    expect(bCredit.balance).toBe(0);
    expect(bCredit.referFriendCode).not.toBe(aCredit.referFriendCode);
    const [aPoints, bPoints] = [
      await read(api.loyaltySummary, v.a.token),
      await read(api.loyaltySummary, attackers.b.token),
    ];
    expect(aPoints.earned, "A earned points on the completed order").toBeGreaterThan(0);
    expect(bPoints).toMatchObject({ balance: 0, earned: 0, history: [] });
    expect(await read(api.memberProfileGet, attackers.b.token)).toMatchObject({
      firstName: "Mallory",
      lastName: "Attacker",
    });
  });

  it("another member and another guest, given the victims' identifiers, are refused or answered only their own", async () => {
    const problems: string[] = [];
    for (const [name, probe] of Object.entries(PROBES)) {
      const endpoint = api[name as keyof typeof api] as Endpoint;
      for (const [who, caller] of [
        ["member B", attackers.b],
        ["guest H", attackers.h],
      ] as const) {
        const before = await snapshot(v);
        const body = await probe.body(v, caller, "attacker");
        const res = await call(endpoint, body, caller.token);
        const label = `${name} by ${who}`;
        // The body is one the contract accepts, so the call reaches the handler's own checks.
        const parsed = endpoint.request.safeParse(body);
        if (!parsed.success)
          problems.push(`${label}: the probe's body is refused by the contract: ${parsed.error.issues[0]?.message}`);
        if (probe.others === "refused") {
          if (![403, 404].includes(res.status))
            problems.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        } else if (res.status >= 500 || (res.status >= 300 && ![400, 403, 404, 409, 422, 429].includes(res.status))) {
          problems.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
        if (res.status >= 400 && !apiErrorSchema.safeParse(res.body).success)
          problems.push(`${label}: not the contract's error shape`);
        const sent = JSON.stringify(body);
        const answer = JSON.stringify(res.body);
        const leaked = v.marks.filter((mark) => !sent.includes(mark) && answer.includes(mark));
        if (leaked.length) problems.push(`${label}: the answer shows the victims' ${leaked.join(", ")}`);
        const after = await snapshot(v);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          const changed = Object.keys(before as object).filter(
            (k) =>
              JSON.stringify((before as Record<string, unknown>)[k]) !==
              JSON.stringify((after as Record<string, unknown>)[k]),
          );
          problems.push(`${label}: changed the victims' ${changed.join(", ")}`);
        }
        // B signing out ends B's own session, and only B's: the last probe.
        if (name === "logout" && who === "member B") {
          expect(
            (await t.call("POST", "/api/member/profile/get", {}, { token: caller.token })).status,
            "B's own session ended",
          ).toBe(401);
        }
      }
    }
    expect(problems).toEqual([]);

    // The controls: each probe, made by the victim it names, goes through.
    const owners = { a: { token: v.a.token }, g1: { token: v.g1.token }, g2: { token: v.g2.token } };
    const controls: string[] = [];
    for (const [name, probe] of Object.entries(PROBES)) {
      const endpoint = api[name as keyof typeof api] as Endpoint;
      const res = await call(endpoint, await probe.body(v, owners[probe.owner], "owner"), owners[probe.owner].token);
      if (res.status !== (probe.ownerStatus ?? 200))
        controls.push(`${name} by its owner: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(controls).toEqual([]);
  }, 120_000);

  it("a guest's order is read with its own status token only, never another's or a guessed one", async () => {
    const other = await t.guestToken();
    const read = (body: Record<string, unknown>, token: string) =>
      t.call("POST", "/api/stores/orderStatus", body, { token });
    expect(
      (await read({ statusToken: v.g1.statusToken }, other)).status,
      "the status link opens the order for whoever holds it",
    ).toBe(200);
    for (const body of [
      { businessOrderId: v.g1.order },
      { businessOrderId: v.g1.order, statusToken: "forged-status-token" },
      { statusToken: `${v.g1.statusToken.slice(0, -2)}xx` },
    ]) {
      const res = await read(body, other);
      expectErrorShape(res, [404], `orderStatus ${JSON.stringify(body)}`);
      expect(JSON.stringify(res.body)).not.toContain("Gideon");
    }
    expectErrorShape(
      await t.call(
        "POST",
        "/api/order/getDriverLocation",
        { businessOrderId: v.g1.order, statusToken: "forged-status-token" },
        { token: other },
      ),
      [404],
      "getDriverLocation with a forged token",
    );
  });
});
