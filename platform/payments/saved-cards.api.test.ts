import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, MEMBER_MESSAGES, PAYMENT_MESSAGES, SAVED_CARD_MESSAGES } from "../contract";
import { memberSeries } from "../auth/testing/accounts";
import { memberCards, orderPayments, testGatewayPayments } from "../db/schema";
import {
  expectError,
  orderRow,
  resetClockAndHolds,
  RETURN_URLS,
  seededPlatform,
  type ShopperApi,
  type TestPlatform,
} from "../testing";
import { answerChallenge, payOnCardPage, TEST_CARD } from "./testing/drive";
import { cardToken, redirectOf, returnedPaymentId } from "./testing/gateway";

/*
 * Saved cards (decision 0023) through the API, the checkout.com adapter and the embedded test gateway: cards/list,
 * add, delete and setDefault; makePayment keeping a card (saveCard) and paying with one (cardId and its cvv).
 */

let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  ({ t, shop: c } = await seededPlatform());
});
afterAll(() => t.close());
afterEach(() => resetClockAndHolds(t));

const nextMember = memberSeries("cards", 500);
const newMember = async (): Promise<string> => (await nextMember(t)).token;

const post = (path: string, body: Record<string, unknown>, token: string) => t.call("POST", path, body, { token });
const list = async (token: string) => {
  const res = await post("/api/member/cards/list", {}, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.memberCardsList.response.parse(res.body).cards;
};
async function add(token: string, number: string) {
  const res = await post("/api/member/cards/add", { token: await cardToken(t, number) }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.memberCardsAdd.response.parse(res.body);
}

/** A draft order for the member, to pay by card. */
async function draftOf(token: string) {
  const made = await c.ready(token);
  return c.processOrder(token, { ...made.processBody, paymentGateway: "checkoutcom" });
}

const pay = (token: string, draftOrderId: string, body: Record<string, unknown>) =>
  c.makePayment(token, draftOrderId, { paymentMethod: "card", paymentGateway: "checkoutcom", ...body });

async function paid(token: string, draftOrderId: string, body: Record<string, unknown>) {
  const res = await pay(token, draftOrderId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.makePayment.response.parse(res.body);
}

const gatewayPaymentsFor = async (draftOrderId: string) =>
  (
    await t.db.select({ n: count() }).from(testGatewayPayments).where(eq(testGatewayPayments.reference, draftOrderId))
  )[0]!.n;

describe("cards/list, add, delete, setDefault", () => {
  it("adds a card from a gateway token, keeping only what the gateway says about it; the first is the default", async () => {
    const member = await newMember();
    expect(await list(member)).toEqual([]);
    const added = await add(member, TEST_CARD.approve);
    expect(added.message).toBe("Card added successfully!");
    expect(added.card).toMatchObject({
      scheme: "Visa",
      last4: "4242",
      expiryMonth: 12,
      expiryYear: 2030,
      isDefault: true,
    });
    expect(added.cards).toEqual([added.card]);
    expect(await list(member)).toEqual([added.card]);

    const [row] = await t.db
      .select()
      .from(memberCards)
      .where(eq(memberCards.id, Number(added.card.id)));
    expect(row!.sourceId).toMatch(/^src_/);
    expect(row!.fingerprint).toMatch(/^[0-9A-F]{64}$/);
    // Nothing in the row is the card number or its security code.
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(Object.keys(row!).sort()).toEqual([
      "createdAt",
      "expiryMonth",
      "expiryYear",
      "fingerprint",
      "id",
      "isDefault",
      "last4",
      "memberId",
      "scheme",
      "sourceId",
    ]);
  });

  it("refuses the same card twice with 'Card already exists!'", async () => {
    const member = await newMember();
    await add(member, TEST_CARD.approve);
    expectError(
      await post("/api/member/cards/add", { token: await cardToken(t, "4242 4242 4242 4242") }, member),
      409,
      {
        message: "Card already exists!",
        errorCode: "CARD_EXISTS",
        errorDisplay: SAVED_CARD_MESSAGES.exists,
      },
    );
    expect(await list(member)).toHaveLength(1);
    // Another member may keep the same card.
    expect((await add(await newMember(), TEST_CARD.approve)).card.isDefault).toBe(true);
  });

  it("refuses a token the gateway will not keep with the card details message", async () => {
    const member = await newMember();
    const token = await cardToken(t, TEST_CARD.approve);
    await add(member, "5555 5555 5555 4444");
    expect((await post("/api/member/cards/add", { token }, member)).status).toBe(200);
    // A spent token, and one the gateway never made.
    for (const refused of [token, "tok_nosuchtoken"]) {
      expectError(await post("/api/member/cards/add", { token: refused }, member), 422, {
        errorCode: "CARD_DETAILS",
        errorDisplay: PAYMENT_MESSAGES.cardDetails,
      });
    }
    expect(await list(member)).toHaveLength(2);
  });

  it("lists the default first, then the newest; setDefault moves it; deleting the default passes it to the newest left", async () => {
    const member = await newMember();
    const visa = (await add(member, TEST_CARD.approve)).card;
    t.clock.advance(60_000);
    const mastercard = (await add(member, "5555 5555 5555 4444")).card;
    t.clock.advance(60_000);
    const discover = (await add(member, "6011 1111 1111 1117")).card;
    expect((await list(member)).map((card) => [card.last4, card.isDefault])).toEqual([
      ["4242", true],
      ["1117", false],
      ["4444", false],
    ]);

    const moved = await post("/api/member/cards/setDefault", { cardId: mastercard.id }, member);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const movedBody = api.memberCardsSetDefault.response.parse(moved.body);
    expect(movedBody.message).toBe(SAVED_CARD_MESSAGES.defaultSet);
    expect(movedBody.cards.map((card) => [card.id, card.isDefault])).toEqual([
      [mastercard.id, true],
      [discover.id, false],
      [visa.id, false],
    ]);

    const deleted = await post("/api/member/cards/delete", { cardId: mastercard.id }, member);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const deletedBody = api.memberCardsDelete.response.parse(deleted.body);
    expect(deletedBody.message).toBe("Card deleted successfully");
    expect(deletedBody.cards.map((card) => [card.id, card.isDefault])).toEqual([
      [discover.id, true],
      [visa.id, false],
    ]);

    // Deleting a card that is not the default leaves the default alone.
    await post("/api/member/cards/delete", { cardId: visa.id }, member);
    expect((await list(member)).map((card) => [card.id, card.isDefault])).toEqual([[discover.id, true]]);
    expectError(await post("/api/member/cards/delete", { cardId: visa.id }, member), 404, {
      errorCode: "CARD_NOT_FOUND",
    });
  });

  it("member B can neither see, delete, make default nor pay with A's cards (404), and nothing changes", async () => {
    const a = await newMember();
    const b = await newMember();
    const card = (await add(a, TEST_CARD.approve)).card;
    await add(a, "5555 5555 5555 4444");
    const before = await list(a);
    expect(await list(b)).toEqual([]);
    for (const path of ["/api/member/cards/delete", "/api/member/cards/setDefault"]) {
      expectError(await post(path, { cardId: card.id }, b), 404, {
        message: SAVED_CARD_MESSAGES.notFound,
        errorCode: "CARD_NOT_FOUND",
      });
      expectError(await post(path, { cardId: "not-a-card" }, b), 404, { errorCode: "CARD_NOT_FOUND" });
    }
    const draft = await draftOf(b);
    expectError(await pay(b, draft.draftOrderId, { cardId: card.id, cvv: "123" }), 404, {
      errorCode: "CARD_NOT_FOUND",
    });
    expect(await gatewayPaymentsFor(draft.draftOrderId)).toBe(0);
    expect(await list(a)).toEqual(before);
  });

  it("is for members: a guest is refused every call, and cannot pay with a card id or save a card", async () => {
    const guest = await t.guestToken();
    for (const [path, body] of [
      ["/api/member/cards/list", {}],
      ["/api/member/cards/add", { token: "tok_x" }],
      ["/api/member/cards/delete", { cardId: "1" }],
      ["/api/member/cards/setDefault", { cardId: "1" }],
    ] as const) {
      expectError(await post(path, body, guest), 403, {
        errorCode: "MEMBERS_ONLY",
        errorDisplay: MEMBER_MESSAGES.membersOnly,
      });
    }
    expect((await t.call("POST", "/api/member/cards/list", {})).status).toBe(401);

    const { token, draft } = await c.draftFor({ paymentGateway: "checkoutcom" });
    expectError(await pay(token, draft.draftOrderId, { cardId: "1", cvv: "123" }), 403, {
      errorCode: "SAVED_CARDS_FOR_MEMBERS",
      errorDisplay: PAYMENT_MESSAGES.savedCardsForMembers,
    });
    expectError(
      await pay(token, draft.draftOrderId, { token: await cardToken(t, TEST_CARD.approve), saveCard: true }),
      403,
      { errorCode: "SAVED_CARDS_FOR_MEMBERS" },
    );
    expect(await gatewayPaymentsFor(draft.draftOrderId)).toBe(0);
  });
});

describe("makePayment with saved cards", () => {
  it("saveCard keeps the card once the payment is approved, and never twice", async () => {
    const member = await newMember();
    const first = await draftOf(member);
    const answer = await paid(member, first.draftOrderId, {
      token: await cardToken(t, TEST_CARD.approve),
      saveCard: true,
    });
    expect(answer.gatewayData).toMatchObject({ approved: true, status: "Authorized" });
    expect(answer.order?.businessOrderId).toBe(first.businessOrderId);
    const cards = await list(member);
    expect(cards).toMatchObject([{ scheme: "Visa", last4: "4242", isDefault: true }]);

    const second = await draftOf(member);
    await paid(member, second.draftOrderId, { token: await cardToken(t, TEST_CARD.approve), saveCard: true });
    expect(await list(member)).toEqual(cards);

    // Without saveCard nothing is kept.
    const third = await draftOf(member);
    await paid(member, third.draftOrderId, { token: await cardToken(t, "5555 5555 5555 4444") });
    expect(await list(member)).toEqual(cards);
  });

  it("a declined payment keeps no card", async () => {
    const member = await newMember();
    const draft = await draftOf(member);
    const answer = await paid(member, draft.draftOrderId, {
      token: await cardToken(t, TEST_CARD.decline),
      saveCard: true,
    });
    expect(answer.gatewayData).toMatchObject({ approved: false, status: "Declined" });
    expect(await list(member)).toEqual([]);
  });

  it("saveCard through 3-D Secure keeps the card when the return is verified", async () => {
    const member = await newMember();
    const draft = await draftOf(member);
    const pending = await paid(member, draft.draftOrderId, {
      token: await cardToken(t, TEST_CARD.challenge),
      saveCard: true,
    });
    expect(pending.gatewayData).toMatchObject({ approved: false, status: "Pending" });
    expect(await list(member)).toEqual([]);
    const back = await answerChallenge(t.testGateway.fetch, redirectOf(pending.gatewayData), "authenticate");
    const paymentId = returnedPaymentId(back.location, RETURN_URLS.successUrl);
    const verified = await post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      member,
    );
    expect(api.verifyPayment.response.parse(verified.body).status).toBe("placed");
    expect(await list(member)).toMatchObject([{ last4: "0021", isDefault: true }]);
  });

  it("saveCard on the gateway's hosted card page (no card script) keeps the card paid with there", async () => {
    const member = await newMember();
    const draft = await draftOf(member);
    const hosted = await paid(member, draft.draftOrderId, { saveCard: true });
    expect(hosted.gatewayData!.id).toMatch(/^hpp_/);
    const back = await payOnCardPage(t.testGateway.fetch, redirectOf(hosted.gatewayData), {
      number: "5555 5555 5555 4444",
      expiry: "07/31",
    });
    const paymentId = returnedPaymentId(back.location, RETURN_URLS.successUrl);
    const verified = await post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      member,
    );
    expect(api.verifyPayment.response.parse(verified.body).status).toBe("placed");
    expect(await list(member)).toMatchObject([
      { scheme: "Mastercard", last4: "4444", expiryMonth: 7, expiryYear: 2031, isDefault: true },
    ]);
  });

  it("pays with a saved card and its 3-digit security code, through the card's own source", async () => {
    const member = await newMember();
    const card = (await add(member, TEST_CARD.approve)).card;
    const draft = await draftOf(member);
    const answer = await paid(member, draft.draftOrderId, { cardId: card.id, cvv: "123" });
    expect(answer.gatewayData).toMatchObject({ approved: true, status: "Authorized" });
    expect(answer.order?.businessOrderId).toBe(draft.businessOrderId);
    const [row] = await t.db
      .select()
      .from(memberCards)
      .where(eq(memberCards.id, Number(card.id)));
    const [payment] = await t.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.reference, draft.draftOrderId));
    expect(payment!.source.id).toBe(row!.sourceId);
    expect((await orderRow(t, draft.draftOrderId)).state).toBe("placed");
    expect(await list(member)).toHaveLength(1);
  });

  it("refuses a security code that is not exactly 3 digits, or none, before any gateway call", async () => {
    const member = await newMember();
    const card = (await add(member, TEST_CARD.approve)).card;
    const draft = await draftOf(member);
    for (const cvv of ["12", "1234", "12a"]) {
      expectError(await pay(member, draft.draftOrderId, { cardId: card.id, cvv }), 400, {
        errorCode: "VALIDATION_ERROR",
        errorDisplay: PAYMENT_MESSAGES.validationError,
      });
    }
    expectError(await pay(member, draft.draftOrderId, { cardId: card.id }), 400, { errorCode: "VALIDATION_ERROR" });
    expect(await gatewayPaymentsFor(draft.draftOrderId)).toBe(0);
    const order = await orderRow(t, draft.draftOrderId);
    expect(await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id))).toEqual([]);
    // A saved card pays by card only, and not together with a token.
    expectError(await pay(member, draft.draftOrderId, { cardId: card.id, cvv: "123", token: "tok_x" }), 400, {
      errorCode: "VALIDATION_ERROR",
    });
  });

  it("a saved card that asks for 3-D Secure goes through its challenge; a declining one is declined", async () => {
    const member = await newMember();
    const challenge = (await add(member, TEST_CARD.challenge)).card;
    const decline = (await add(member, TEST_CARD.decline)).card;

    const draft = await draftOf(member);
    const pending = await paid(member, draft.draftOrderId, { cardId: challenge.id, cvv: "123" });
    expect(pending.gatewayData).toMatchObject({ approved: false, status: "Pending" });
    expect(redirectOf(pending.gatewayData)).toMatch(new RegExp(`^${t.testGateway.basePath}/3ds/pay_`));
    const back = await answerChallenge(t.testGateway.fetch, redirectOf(pending.gatewayData), "authenticate");
    const paymentId = returnedPaymentId(back.location, RETURN_URLS.successUrl);
    const verified = await post(
      "/api/payment/verifyPayment",
      { draftOrderId: draft.draftOrderId, paymentId, paymentGateway: "checkoutcom" },
      member,
    );
    expect(api.verifyPayment.response.parse(verified.body).status).toBe("placed");

    const next = await draftOf(member);
    const declined = await paid(member, next.draftOrderId, { cardId: decline.id, cvv: "123" });
    expect(declined.gatewayData).toMatchObject({ approved: false, status: "Declined" });
    expect((await orderRow(t, next.draftOrderId)).state).toBe("draft");
  });

  it("no card token, card number or security code reaches a log line", async () => {
    const member = await newMember();
    const token = await cardToken(t, TEST_CARD.approve);
    const added = await post("/api/member/cards/add", { token }, member);
    const draft = await draftOf(member);
    const saveToken = await cardToken(t, "5555 5555 5555 4444");
    await paid(member, draft.draftOrderId, { token: saveToken, saveCard: true });
    const next = await draftOf(member);
    await pay(member, next.draftOrderId, { cardId: api.memberCardsAdd.response.parse(added.body).card.id, cvv: "12" });
    await paid(member, next.draftOrderId, {
      cardId: api.memberCardsAdd.response.parse(added.body).card.id,
      cvv: "987",
    });
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain("cards.added");
    for (const secret of [token, saveToken, "4242424242424242", "5555555555554444", '"987"'])
      expect(logged).not.toContain(secret);
  });
});
