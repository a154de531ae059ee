import { eq } from "drizzle-orm";
import { createSession } from "react-router";
import { baskets } from "../../../platform/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, BASKET_MESSAGES } from "#contract";
import { seededPlatform, type TestPlatform } from "../../../platform/testing";
import type { DeepLink } from "~/models/deep-link";
import type { SessionData } from "~/models/shopper";
import type { Shopper } from "~/services/context";
import { memoryLogger } from "../../../platform/testing/memory-logger";
import { createShopperApi, SharedPlatform } from "~/services/shopper.server";
import {
  AGE_CHECK_REASON,
  fillFromLink,
  filledMessage,
  planLanding,
  UNKNOWN_ITEM_NAME,
  type Landing,
} from "./deep-link-landing.server";

/*
 * Where a deep link lands, and what filling from it does, against the embedded platform on the demo seed (issue 20
 * item 2). The clock stands at TEST_NOW (Monday 2 June 2025, 10:00 BST): Victoria Street (store 1) delivers to
 * SW1A 1AA; Spitalfields (store 2) to E1 6AN; neither serves Manchester.
 */

const VICTORIA = 1;
const SPITALFIELDS = 2;
const milk = { menuItemId: 36, quantity: 2, sizeId: null, options: [] };
const cheddar = { menuItemId: 45, quantity: 1, sizeId: null, options: [] };
const link = (over: Partial<DeepLink> = {}): DeepLink => ({
  storeId: VICTORIA,
  items: [milk, cheddar],
  clear: false,
  coupon: null,
  method: null,
  expiresAt: 2_000_000_000,
  campaign: null,
  ...over,
});

let platform: TestPlatform;
beforeAll(async () => {
  ({ t: platform } = await seededPlatform());
});
afterAll(async () => {
  await platform.close();
});

function shopperAt(postcode: string | null): Shopper {
  const transport = { baseUrl: "http://platform.test", fetch: platform.fetch };
  const session = createSession<SessionData>();
  if (postcode) session.set("location", { postcode, latitude: null, longitude: null, address: null });
  return {
    session,
    takeFlash: () => ({}),
    csrfToken: "",
    shared: new SharedPlatform(transport, platform.clock, 0),
    api: createShopperApi({ transport, session, clock: platform.clock, clientIp: "203.0.113.20" }),
  } as unknown as Shopper;
}

const log = memoryLogger();
let keys = 0;
const fillKey = () => `fill-key-${++keys}-${Date.now()}`;

async function land(shopper: Shopper, l: DeepLink): Promise<Landing> {
  return planLanding(shopper, l);
}

async function fill(shopper: Shopper, l: DeepLink, clear = false) {
  const landing = await land(shopper, l);
  if (!("target" in landing)) throw new Error(`no target in ${landing.state}`);
  return fillFromLink(shopper, log, l, { ...landing.target, clear, fillKey: fillKey() });
}

async function basketOf(shopper: Shopper) {
  const store = shopper.session.get("store")!;
  return shopper.api.call(api.retrieveBasket, {
    storeId: store.id,
    fulfilmentMethod: shopper.session.get("fulfilmentMethod") ?? "delivery",
    basketToken: shopper.session.get("basketToken"),
  });
}

describe("where a deep link lands", () => {
  it("asks for a postcode when no location is known, and changes nothing", async () => {
    const shopper = shopperAt(null);
    expect(await land(shopper, link())).toEqual({ state: "search" });
    expect(shopper.session.get("store")).toBeUndefined();
    expect(shopper.session.get("basketToken")).toBeUndefined();
  });

  it("is ready for a guest with no basket yet at a store that serves them, and reading it changes nothing", async () => {
    const shopper = shopperAt("SW1A 1AA");
    const landing = await land(shopper, link());
    expect(landing).toMatchObject({
      state: "ready",
      storeName: "Larder & Co Victoria Street",
      target: { method: "delivery" },
    });
    expect(shopper.session.get("basketToken")).toBeUndefined();
  });

  it("answers store-gone for a store the platform does not know", async () => {
    expect(await land(shopperAt("SW1A 1AA"), link({ storeId: 999_999 }))).toEqual({
      state: "unrecoverable",
      problem: "store-gone",
    });
  });

  it("is incompatible when the store serves neither delivery nor collection where the shopper is", async () => {
    const landing = await land(shopperAt("M1 1AE"), link());
    expect(landing).toMatchObject({
      state: "incompatible",
      reason: "not-served",
      storeName: "Larder & Co Victoria Street",
      place: "M1 1AE",
    });
  });

  it("takes collection when the link names no method and the store only collects for the shopper's postcode", async () => {
    const landing = await land(shopperAt("E1 6AN"), link());
    expect(landing).toMatchObject({ state: "ready", target: { method: "collection" } });
    // A link that asks for delivery there cannot be served.
    expect(await land(shopperAt("E1 6AN"), link({ method: "delivery" }))).toMatchObject({
      state: "incompatible",
      reason: "not-served",
    });
  });
});

describe("filling the basket from a link", () => {
  it("selects the store, adds every item and applies the coupon", async () => {
    const shopper = shopperAt("SW1A 1AA");
    const filled = await fill(shopper, link({ coupon: "WELCOME10" }));
    expect(filled).toEqual({
      added: 3,
      notAdded: [],
      coupon: { code: "WELCOME10", applied: true, message: expect.any(String) },
    });
    expect(filledMessage(filled)).toEqual({
      kind: "success",
      message: "3 items from your link added to your basket. Coupon WELCOME10 applied.",
    });
    expect(shopper.session.get("store")).toMatchObject({ id: VICTORIA });
    const basket = await basketOf(shopper);
    expect(basket.items.map((l) => [l.menuItemId, l.quantity])).toEqual(
      expect.arrayContaining([
        [36, 2],
        [45, 1],
      ]),
    );
    expect(basket.coupon?.code).toBe("WELCOME10");
  });

  it("keeps the link's campaign and subscriber on the basket, for the order to carry", async () => {
    const shopper = shopperAt("SW1A 1AA");
    await fill(shopper, link({ campaign: "winter", uid: "subscriber-81" }));
    const [row] = await platform.db
      .select()
      .from(baskets)
      .where(eq(baskets.token, shopper.session.get("basketToken")!));
    expect(row).toMatchObject({ campaign: "winter", marketingIdentity: "subscriber-81" });
  });

  it("then asks before changing the basket: confirm to add, overwrite to replace, and Continue replaces it", async () => {
    const shopper = shopperAt("SW1A 1AA");
    await fill(shopper, link());
    expect(await land(shopper, link())).toMatchObject({ state: "confirm", itemCount: 3 });
    expect(await land(shopper, link({ clear: true, items: [cheddar] }))).toMatchObject({
      state: "overwrite",
      itemCount: 3,
    });
    // The shopper's Continue on the overwrite warning: the basket holds the link's items only.
    await fill(shopper, link({ clear: true, items: [cheddar] }), true);
    const basket = await basketOf(shopper);
    expect(basket.items.map((l) => [l.menuItemId, l.quantity])).toEqual([[45, 1]]);
  });

  it("is incompatible over a basket at another store, and Continue empties that basket for one at the link's store", async () => {
    const shopper = shopperAt("E1 6AN");
    await fill(shopper, link({ storeId: SPITALFIELDS, items: [milk] }));
    const previousToken = shopper.session.get("basketToken");
    const landing = await land(shopper, link({ method: "collection" }));
    expect(landing).toMatchObject({
      state: "incompatible",
      reason: "other-store",
      basketStoreName: "Larder & Co Spitalfields",
    });
    await fill(shopper, link({ method: "collection", items: [cheddar] }));
    expect(shopper.session.get("store")).toMatchObject({ id: VICTORIA });
    expect(shopper.session.get("fulfilmentMethod")).toBe("collection");
    expect((await basketOf(shopper)).items.map((l) => l.menuItemId)).toEqual([45]);
    const previous = await shopper.api.call(api.retrieveBasket, {
      storeId: SPITALFIELDS,
      fulfilmentMethod: "delivery",
      basketToken: previousToken,
    });
    expect(previous.items).toEqual([]);
  });

  it("a member's empty basket is not filled by opening the link: it asks first", async () => {
    const shopper = shopperAt("SW1A 1AA");
    await basketOfNewStore(shopper);
    shopper.session.set("auth", { ...shopper.session.get("auth")!, strategy: "member" });
    expect(await land(shopper, link())).toMatchObject({ state: "confirm", itemCount: 0 });
  });

  it("names each item it could not add and adds the rest", async () => {
    const shopper = shopperAt("SW1A 1AA");
    const filled = await fill(
      shopper,
      link({
        items: [{ menuItemId: 999_999, quantity: 1, sizeId: null, options: [] }, { ...cheddar, sizeId: 999_999 }, milk],
      }),
    );
    expect(filled.added).toBe(2);
    expect(filled.notAdded).toEqual([
      { name: UNKNOWN_ITEM_NAME, quantity: 1, reason: BASKET_MESSAGES.itemUnavailable },
      { name: "Larder Extra Mature Cheddar 400g", quantity: 1, reason: expect.any(String) },
    ]);
    expect(filledMessage(filled).kind).toBe("info");
  });

  it("leaves an age-restricted item for the shopper's own answer", async () => {
    const shopper = shopperAt("SW1A 1AA");
    const filled = await fill(shopper, link({ items: [{ menuItemId: 293, quantity: 1, sizeId: null, options: [] }] }));
    expect(filled.notAdded).toEqual([{ name: "Sparkling Energy Drink 250ml", quantity: 1, reason: AGE_CHECK_REASON }]);
  });

  it("shows a coupon's refusal in the platform's words, and still adds the items", async () => {
    const shopper = shopperAt("SW1A 1AA");
    const filled = await fill(shopper, link({ coupon: "SPRING5" }));
    expect(filled.added).toBe(3);
    expect(filled.coupon).toMatchObject({ code: "SPRING5", applied: false });
    expect(filledMessage(filled).message).toContain(`Coupon SPRING5 not applied: ${filled.coupon!.message}`);
  });

  it("says so when nothing could be added", () => {
    expect(filledMessage({ added: 0, notAdded: [{ name: "X", quantity: 1, reason: "gone" }], coupon: null })).toEqual({
      kind: "info",
      message: "Nothing from your link could be added.",
    });
  });
});

/** A guest's new, empty basket at Victoria Street, as choosing the store makes one. */
async function basketOfNewStore(shopper: Shopper) {
  const basket = await shopper.api.call(api.retrieveBasket, { storeId: VICTORIA, fulfilmentMethod: "delivery" });
  shopper.session.set("store", { id: VICTORIA, slug: "victoria-street-1", name: "Larder & Co Victoria Street" });
  shopper.session.set("basketToken", basket.basketToken);
}
