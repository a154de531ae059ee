import { describe, expect, it } from "vitest";
import type { MenuItem } from "#contract";
import { acceptAgeAndAdd, addFromForm, addToBasket, parseAddForm } from "./add.server";

const readAddForm = (f: FormData) => {
  const { fields } = parseAddForm(f);
  return fields ? addFromForm(fields) : null;
};
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";

const wine: MenuItem = {
  id: 70,
  name: "Red Wine 75cl",
  slug: "red-wine-75cl-70",
  description: null,
  price: 899,
  memberPrice: null,
  image: null,
  isAlcohol: true,
  ageRestriction: 18,
  availableForDelivery: true,
  availableForCollection: true,
  available: true,
  categoryId: 17,
  categorySlug: "wine-17",
  sizes: [],
  optionGroups: [],
};

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) f.append(k, value);
  return f;
}

const addFields = {
  menuItemId: "70",
  quantity: "1",
  basketLineId: "l-seed-70",
  idempotencyKey: "add-seed-70",
  redirectTo: "/stores/x-1/category/wine-17",
};

/** A shopper whose platform answers from the given handler; calls are recorded. */
function fakeShopper(
  handler: (path: string, input: unknown, key?: string) => unknown,
  session: Record<string, unknown> = { store: { id: 1, slug: "x-1", name: "X" }, basketToken: "tok" },
) {
  const calls: { path: string; input: unknown; key?: string }[] = [];
  const values = new Map(Object.entries(session));
  const shopper = {
    session: { get: (k: string) => values.get(k), set: (k: string, v: unknown) => values.set(k, v) },
    shared: {
      cached: async (endpoint: { path: string }) => (endpoint.path === "/api/menu/item" ? { item: wine } : {}),
    },
    api: {
      call: async (endpoint: { path: string }, input: unknown, options?: { idempotencyKey?: string }) => {
        calls.push({ path: endpoint.path, input, key: options?.idempotencyKey });
        return handler(endpoint.path, input, options?.idempotencyKey);
      },
    },
  } as unknown as Shopper;
  return { shopper, calls };
}

const basket = { basketToken: "tok", items: [{ basketLineId: "l-seed-70", menuItemId: 70 }] };

describe("the add form", () => {
  it("reads the add's fields, repeated options included", () => {
    expect(readAddForm(form({ ...addFields, sizeId: "3", option: ["4", "5"], bannerAdvertId: "2" }))).toEqual({
      menuItemId: 70,
      quantity: 1,
      sizeId: 3,
      options: [4, 5],
      basketLineId: "l-seed-70",
      idempotencyKey: "add-seed-70",
      bannerAdvertId: 2,
      redirectTo: "/stores/x-1/category/wine-17",
    });
  });

  it("refuses a form without an item or keys, and keeps redirects on this site", () => {
    expect(readAddForm(form({ ...addFields, menuItemId: "abc" }))).toBeNull();
    expect(readAddForm(form({ ...addFields, basketLineId: "no spaces" }))).toBeNull();
    expect(readAddForm(form({ ...addFields, redirectTo: "https://evil.example/" }))?.redirectTo).toBe("/");
  });

  it("takes an empty quantity as one and a malformed one as out of range, and reads the age check's age", () => {
    expect(readAddForm(form({ ...addFields, quantity: "" }))?.quantity).toBe(1);
    expect(readAddForm(form({ ...addFields, quantity: "lots" }))?.quantity).toBe(0);
    expect(parseAddForm(form({ ...addFields, age: "18" })).fields?.age).toBe(18);
    expect(parseAddForm(form({ ...addFields, age: "0" })).fields).toBeNull();
    expect(parseAddForm(form({ ...addFields, sizeId: "" })).fields?.sizeId).toBeUndefined();
    expect(parseAddForm(form({ ...addFields, menuItemId: "x", _js: "1" }))).toMatchObject({
      fields: null,
      js: true,
      redirectTo: addFields.redirectTo,
    });
  });
});

describe("addToBasket", () => {
  const add = readAddForm(form(addFields))!;

  it("needs a selected store (spec 2 §8)", async () => {
    const { shopper } = fakeShopper(() => basket, {});
    expect(await addToBasket(shopper, add)).toEqual({
      kind: "error",
      message: "Cannot perform basket action - no store selected",
      status: 400,
    });
  });

  it("adds with the form's idempotency key and line id", async () => {
    const { shopper, calls } = fakeShopper(() => basket);
    const outcome = await addToBasket(shopper, add);
    expect(outcome).toMatchObject({ kind: "added", message: "Red Wine 75cl added to your basket" });
    expect(calls).toEqual([
      expect.objectContaining({
        path: "/api/basket/item/add",
        key: "add-seed-70",
        input: expect.objectContaining({
          basketToken: "tok",
          basketLineId: "l-seed-70",
          menuItem: { menuItemId: 70, quantity: 1, sizeId: null, options: [] },
        }),
      }),
    ]);
  });

  it("turns AGE_RESTRICTED into the age question, carrying the add", async () => {
    const { shopper } = fakeShopper(() => {
      throw new PlatformError(403, "You must be 18 or over to buy this item.", "AGE_RESTRICTED", {
        ageRestriction: 18,
      });
    });
    expect(await addToBasket(shopper, add)).toEqual({
      kind: "age",
      record: { menuItemId: 70, age: 18, itemName: "Red Wine 75cl", addToBasketOnAccept: add },
    });
  });

  it("passes the platform's message on for other refusals", async () => {
    const { shopper } = fakeShopper(() => {
      throw new PlatformError(
        409,
        "Your basket is full: this store takes at most 50 items for delivery.",
        "MAX_BASKET_ITEMS",
      );
    });
    expect(await addToBasket(shopper, add)).toEqual({
      kind: "error",
      message: "Your basket is full: this store takes at most 50 items for delivery.",
      status: 409,
    });
  });

  it("after a yes, records the age and adds under a key of its own", async () => {
    const { shopper, calls } = fakeShopper(() => basket);
    expect((await acceptAgeAndAdd(shopper, 18, add)).kind).toBe("added");
    expect(calls.map((c) => [c.path, c.key])).toEqual([
      ["/api/basket/update", undefined],
      ["/api/basket/item/add", "add-seed-70-age"],
    ]);
    expect(calls[0]!.input).toEqual({ basketToken: "tok", updates: { attributes: { acceptedAge: 18 } } });
  });
});
