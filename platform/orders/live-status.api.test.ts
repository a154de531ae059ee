import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "../contract";
import { saveBusinessProfileOverrides } from "../business/profile";
import { pusherPublisher } from "../pusher/pusher";
import { startFakePusher, type FakePusher } from "../pusher/testing/fake-pusher";
import { orderRow, resetClockAndHolds, seededPlatform, TEST_NOW, type ShopperApi, type TestPlatform } from "../testing";
import { ORDER_STATUS_EVENT, orderStatusChannel } from "./live-status";

const STAFF = { username: "board", password: "correct horse battery staple" };
const PUSHER = { appId: "1700001", key: "storefront-key", secret: "storefront-secret" };

let fake: FakePusher;
let t: TestPlatform;
let c: ShopperApi;
beforeAll(async () => {
  fake = await startFakePusher(PUSHER);
  ({ t, shop: c } = await seededPlatform({
    config: { staff: STAFF },
    realtime: pusherPublisher({ appId: PUSHER.appId, secret: PUSHER.secret, host: fake.url }),
  }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(async () => {
  fake.events.length = 0;
  await saveBusinessProfileOverrides(t.db, t.clock, {});
  await resetClockAndHolds(t);
});

async function staffToken(): Promise<string> {
  const res = await t.call("POST", "/api/staff/login", STAFF, { headers: { "x-client-ip": "198.51.100.7" } });
  return api.staffLogin.response.parse(res.body).access_token;
}

/** A cash collection order, placed: its number and status token. */
async function placedCollection(): Promise<{ businessOrderId: string; statusToken: string }> {
  const { token, draft } = await c.draftFor({ method: "collection" });
  const res = await c.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { businessOrderId: draft.businessOrderId, statusToken: (await orderRow(t, draft.draftOrderId)).statusToken };
}

const pusherOn = () =>
  saveBusinessProfileOverrides(t.db, t.clock, { pusherSettings: { enabled: true, key: PUSHER.key, cluster: "eu" } });

describe("order status changes published to Pusher", () => {
  it("sends each move and the completion on the order's channel, named by a hash of its status token", async () => {
    await pusherOn();
    const board = await staffToken();
    const order = await placedCollection();
    const move = (status: string) =>
      t.call(
        "POST",
        "/api/staff/orders/updateStatus",
        { businessOrderId: order.businessOrderId, status },
        { token: board },
      );
    expect((await move("store_accepted_picking")).status).toBe(200);
    // A repeat changes nothing, so nothing more is sent.
    expect((await move("store_accepted_picking")).status).toBe(200);
    t.clock.advance(60_000);
    expect((await move("picked")).status).toBe(200);
    t.clock.advance(60_000);
    expect(
      (await t.call("POST", "/api/staff/orders/complete", { businessOrderId: order.businessOrderId }, { token: board }))
        .status,
    ).toBe(200);

    const channel = orderStatusChannel(order.statusToken);
    expect(channel).toMatch(/^order-[0-9a-f]{64}$/);
    expect(channel).not.toContain(order.statusToken);
    expect(channel).not.toContain(order.businessOrderId);
    expect(
      fake.events.map((e) => ({
        appId: e.appId,
        name: e.name,
        channels: e.channels,
        data: JSON.parse(e.data) as unknown,
      })),
    ).toEqual([
      {
        appId: PUSHER.appId,
        name: ORDER_STATUS_EVENT,
        channels: [channel],
        data: { status: "store_accepted_picking", completed: false, at: TEST_NOW },
      },
      {
        appId: PUSHER.appId,
        name: ORDER_STATUS_EVENT,
        channels: [channel],
        data: { status: "picked", completed: false, at: "2025-06-02T09:01:00.000Z" },
      },
      {
        appId: PUSHER.appId,
        name: ORDER_STATUS_EVENT,
        channels: [channel],
        data: { status: "picked", completed: true, at: "2025-06-02T09:02:00.000Z" },
      },
    ]);
    // The order's own page is still what shoppers see.
    const shown = api.getOrderStatus.response.parse(
      (
        await t.call(
          "POST",
          "/api/stores/orderStatus",
          { statusToken: order.statusToken },
          { token: await t.guestToken() },
        )
      ).body,
    );
    expect(shown).toMatchObject({ status: "picked", completedAt: "2025-06-02T09:02:00.000Z" });
  });

  it("sends nothing while pusherSettings are off (the default) or lack a key or cluster", async () => {
    const board = await staffToken();
    const order = await placedCollection();
    const move = (status: string) =>
      t.call(
        "POST",
        "/api/staff/orders/updateStatus",
        { businessOrderId: order.businessOrderId, status },
        { token: board },
      );
    expect((await move("store_accepted_picking")).status).toBe(200);
    await saveBusinessProfileOverrides(t.db, t.clock, { pusherSettings: { enabled: true, cluster: "eu" } });
    expect((await move("picked")).status).toBe(200);
    expect(fake.events).toEqual([]);
  });

  it("still moves the order when Pusher refuses the event, and logs why", async () => {
    await saveBusinessProfileOverrides(t.db, t.clock, {
      pusherSettings: { enabled: true, key: "a-key-pusher-does-not-know", cluster: "eu" },
    });
    const board = await staffToken();
    const order = await placedCollection();
    const res = await t.call(
      "POST",
      "/api/staff/orders/updateStatus",
      { businessOrderId: order.businessOrderId, status: "store_accepted_picking" },
      { token: board },
    );
    expect(res.status).toBe(200);
    expect(api.staffUpdateOrderStatus.response.parse(res.body).status).toBe("store_accepted_picking");
    expect(fake.events).toEqual([]);
    const warning = t.logs.find((entry) => entry.event === "orders.status_publish_failed");
    expect(warning?.fields).toMatchObject({
      businessOrderId: order.businessOrderId,
      error: "Pusher answered 401: Unknown auth_key",
    });
  });
});
