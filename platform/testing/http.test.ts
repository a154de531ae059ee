import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWhiteLabelSettings } from "../business/white-label";
import { menuItems, outbox } from "../db/schema";
import { queueMessage } from "../outbox/outbox";
import { createTestingRouter, type TestingRouterOptions } from "./http";
import { seededPlatform, type SeededPlatform } from "./seeded";

/*
 * The testing router on its own. The e2e journeys use it through the server (e2e/support); here each route's answer,
 * and which routes there are under which conditions.
 */

let seeded: SeededPlatform;
let changes = 0;
beforeAll(async () => {
  seeded = await seededPlatform();
});
afterAll(() => seeded.t.close());

function router(options: Partial<TestingRouterOptions> = {}) {
  return createTestingRouter({
    db: seeded.t.db,
    clock: seeded.t.clock,
    onSharedChange: () => changes++,
    testHooks: true,
    outbox: true,
    ...options,
  });
}

const request = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  new Request(`http://storefront.test${path}`, { method, ...init });

describe("createTestingRouter", () => {
  it("lists only the routes its conditions allow", () => {
    const all = [
      "POST /__test/white-label",
      "POST /__test/menu-item-availability",
      "GET /__test/banner-events",
      "GET /__test/order-payments",
      "GET /__test/order-billing",
      "GET /dev/outbox",
    ];
    const list = (options: Partial<TestingRouterOptions>) => router(options).routes.map((r) => `${r.method} ${r.path}`);
    expect(list({})).toEqual(all);
    expect(list({ testHooks: false })).toEqual(["GET /dev/outbox"]);
    expect(list({ outbox: false })).toEqual(all.slice(0, -1));
  });

  it("answers 404 to anything else, and to a route its conditions leave out", async () => {
    expect((await router().fetch(request("GET", "/__test/white-label"))).status).toBe(404);
    expect((await router().fetch(request("GET", "/__test/boom"))).status).toBe(404);
    expect((await router({ outbox: false }).fetch(request("GET", "/dev/outbox"))).status).toBe(404);
  });

  it("saves white-label settings and says shared reads changed; a bad setting is a 400", async () => {
    const before = changes;
    const json = { "content-type": "application/json" };
    const res = await router().fetch(
      request("POST", "/__test/white-label", { body: JSON.stringify({ autoSelectClosestStore: true }), headers: json }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({ ok: true });
    expect(changes).toBe(before + 1);
    expect((await getWhiteLabelSettings(seeded.t.db)).autoSelectClosestStore).toBe(true);

    const bad = await router().fetch(
      request("POST", "/__test/white-label", {
        body: JSON.stringify({ autoSelectClosestStore: "often" }),
        headers: json,
      }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, errorCode: 400 });
    expect(changes).toBe(before + 1);

    // Without a JSON body the settings go back to the defaults, as an empty object would.
    expect((await router().fetch(request("POST", "/__test/white-label"))).status).toBe(200);
    expect((await getWhiteLabelSettings(seeded.t.db)).autoSelectClosestStore).toBe(false);
  });

  it("takes a menu item off sale for a method and back; a bad or unknown item is refused", async () => {
    const before = changes;
    const json = { "content-type": "application/json" };
    const post = (body: unknown) =>
      router().fetch(request("POST", "/__test/menu-item-availability", { body: JSON.stringify(body), headers: json }));
    const [item] = await seeded.t.db.select().from(menuItems).limit(1);
    const off = await post({ menuItemId: item!.id, collection: false });
    expect(off.status).toBe(200);
    expect(changes).toBe(before + 1);
    const [changed] = await seeded.t.db.select().from(menuItems).where(eq(menuItems.id, item!.id));
    expect({ delivery: changed!.availableForDelivery, collection: changed!.availableForCollection }).toEqual({
      delivery: item!.availableForDelivery,
      collection: false,
    });
    expect((await post({ menuItemId: item!.id, collection: item!.availableForCollection })).status).toBe(200);
    const [back] = await seeded.t.db.select().from(menuItems).where(eq(menuItems.id, item!.id));
    expect(back!.availableForCollection).toBe(item!.availableForCollection);

    expect((await post({ menuItemId: "45", delivery: false })).status).toBe(400);
    expect((await post({ menuItemId: item!.id })).status).toBe(400);
    expect((await post({ menuItemId: 2_000_000_000, delivery: false })).status).toBe(404);
  });

  it("reads banner counts and an order's charges, never cached", async () => {
    const events = await router().fetch(request("GET", "/__test/banner-events"));
    expect(events.headers.get("cache-control")).toBe("no-store");
    expect(await events.json()).toEqual({ events: [] });

    const { shop } = seeded;
    const { token, draft } = await shop.draftFor();
    const before = await router().fetch(
      request("GET", `/__test/order-payments?businessOrderId=${draft.businessOrderId}`),
    );
    expect(before.headers.get("cache-control")).toBe("no-store");
    expect(await before.json()).toEqual({ orders: 0, approvedTries: 0, gatewayApproved: 0 });
    expect((await shop.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" })).status).toBe(200);
    const after = await router().fetch(
      request("GET", `/__test/order-payments?businessOrderId=${draft.businessOrderId}`),
    );
    expect(await after.json()).toEqual({ orders: 1, approvedTries: 1, gatewayApproved: 0 });
    expect(await (await router().fetch(request("GET", "/__test/order-payments?businessOrderId=nope"))).json()).toEqual({
      orders: 0,
      approvedTries: 0,
      gatewayApproved: 0,
    });
  });

  it("shows the outbox as HTML, or as JSON to a caller that prefers it, for one recipient or all", async () => {
    const now = seeded.t.clock.now();
    await queueMessage(
      seeded.t.db,
      {
        channel: "email",
        recipient: "sam@example.com",
        subject: "Code <1>",
        body: "Your code is 1",
        kind: "otp",
        orderId: null,
      },
      now,
    );
    await queueMessage(
      seeded.t.db,
      {
        channel: "email",
        recipient: "kim@example.com",
        subject: "Code 2",
        body: "Your code is 2",
        kind: "otp",
        orderId: null,
      },
      now,
    );

    const page = await router().fetch(request("GET", "/dev/outbox?to=sam%40example.com"));
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("<h2>Code &#60;1&#62;</h2>");
    expect(html).not.toContain("kim@example.com");

    const asJson = async (accept: string | null, query = "") => {
      const res = await router().fetch(
        request("GET", `/dev/outbox${query}`, { headers: accept === null ? {} : { accept } }),
      );
      return res.headers.get("content-type")!.startsWith("application/json");
    };
    expect(await asJson("application/json")).toBe(true);
    expect(await asJson("text/html, application/json;q=0.9")).toBe(false);
    expect(await asJson("application/json, text/html")).toBe(true);
    expect(await asJson("text/html;q=0.5, application/*")).toBe(true);
    expect(await asJson("*/*")).toBe(false);
    expect(await asJson("")).toBe(false);
    expect(await asJson(null)).toBe(false);

    const res = await router().fetch(
      request("GET", "/dev/outbox?to=kim%40example.com", { headers: { accept: "application/json" } }),
    );
    const { messages } = (await res.json()) as { messages: { recipient: string; subject: string }[] };
    expect(messages.map((m) => [m.recipient, m.subject])).toEqual([["kim@example.com", "Code 2"]]);
    // Newest first, everyone's when no single recipient is asked for.
    const everyone = await router().fetch(
      request("GET", "/dev/outbox?to=a&to=b", { headers: { accept: "application/json" } }),
    );
    const all = (await everyone.json()) as { messages: { subject: string }[] };
    expect(all.messages.map((m) => m.subject).slice(0, 2)).toEqual(["Code 2", "Code <1>"]);
  });

  it("shows each message's delivery: waiting, sent, or failed with its last error", async () => {
    const now = seeded.t.clock.now();
    const queue = (subject: string) =>
      queueMessage(
        seeded.t.db,
        { channel: "email", recipient: "lee@example.com", subject, body: "Body", kind: "otp", orderId: null },
        now,
      );
    await queue("Waiting one");
    const sent = await queue("Sent one");
    const failed = await queue("Failed one");
    await seeded.t.db.update(outbox).set({ sentAt: now, attempts: 2 }).where(eq(outbox.id, sent.id));
    await seeded.t.db
      .update(outbox)
      .set({ failedAt: now, attempts: 5, lastError: "451 Relay <busy>" })
      .where(eq(outbox.id, failed.id));

    const res = await router().fetch(
      request("GET", "/dev/outbox?to=lee%40example.com", { headers: { accept: "application/json" } }),
    );
    const { messages } = (await res.json()) as {
      messages: { subject: string; state: string; attempts: number; sentAt: string | null; lastError: string | null }[];
    };
    expect(messages.map((m) => [m.subject, m.state, m.attempts, m.sentAt, m.lastError])).toEqual([
      ["Failed one", "failed", 5, null, "451 Relay <busy>"],
      ["Sent one", "sent", 2, now.toISOString(), null],
      ["Waiting one", "waiting", 0, null, null],
    ]);
    const html = await (await router().fetch(request("GET", "/dev/outbox?to=lee%40example.com"))).text();
    expect(html).toContain("<p>Failed, given up after 5 tries; last error: 451 Relay &#60;busy&#62;</p>");
    expect(html).toContain(`<p>Sent ${now.toISOString()} (2 tries)</p>`);
    expect(html).toContain("<p>Waiting</p>");
  });

  it("matches paths as the server's routes do: any case, a trailing slash, HEAD as GET", async () => {
    expect((await router().fetch(request("GET", "/__TEST/Banner-Events/"))).status).toBe(200);
    expect((await router().fetch(request("HEAD", "/__test/banner-events"))).status).toBe(200);
  });
});
