import { describe, expect, it, vi } from "vitest";
import { api, MEMBER_MESSAGES, type SavedAddress } from "#contract";
import type { Shopper } from "~/services/context";
import type { Logger } from "~/services/logger.server";
import { PlatformError } from "~/services/platform-client.server";
import {
  ADDRESS_NOT_SAVED_MESSAGE,
  CHOOSE_SAVED_ADDRESS,
  keepAddressOnAccount,
  memberSavedAddresses,
  sameAddress,
  saveAddressFromForm,
  savedAddressChoices,
} from "./address.server";

type Handler = (input: unknown) => unknown;

/** A shopper whose platform answers each path with its handler (a missing one is a test's mistake). */
function fakeShopper(handlers: Record<string, Handler>, member = true) {
  const call = vi.fn(async (endpoint: { path: string }, input: unknown) => {
    const handler = handlers[endpoint.path];
    if (!handler) throw new Error(`unexpected call to ${endpoint.path}`);
    return handler(input);
  });
  const session = new Map<string, unknown>(member ? [["auth", { strategy: "member" }]] : []);
  const shopper = {
    session: { get: (key: string) => session.get(key) },
    api: { call },
    shared: { cached: async () => ({ postcodeRules: ["^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$"] }) },
  } as unknown as Shopper;
  return { shopper, call };
}

function fakeLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

function saved(
  id: number,
  addressLine1: string,
  isDefault = false,
  type: "delivery" | "billing" = "delivery",
): SavedAddress {
  return {
    id,
    type,
    isDefault,
    firstName: "Robin",
    lastName: "Ashdown",
    email: "robin@example.com",
    telephone: "+447700900123",
    addressLine1,
    addressLine2: "",
    town: "London",
    county: "",
    postcode: "SW1A 1AA",
    countryCode: "GB",
  };
}

const SET_RESULT = { removedCoupon: null, deliveryCostChange: null };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("savedAddressChoices", () => {
  it("lists each address on one line, the default ticked", () => {
    expect(savedAddressChoices([saved(4, "1 Mall Road"), saved(7, "2 Mall Road", true)])).toEqual([
      { id: 4, line: "1 Mall Road, London, SW1A 1AA", isDefault: false },
      { id: 7, line: "2 Mall Road, London, SW1A 1AA", isDefault: true },
    ]);
  });
  it("ticks the first when none is the default", () => {
    expect(savedAddressChoices([saved(4, "1 Mall Road"), saved(7, "2 Mall Road")]).map((c) => c.isDefault)).toEqual([
      true,
      false,
    ]);
    expect(savedAddressChoices([])).toEqual([]);
  });
});

describe("sameAddress", () => {
  it("compares the lines and postcode without case or spacing", () => {
    const a = { addressLine1: "12 Larder Lane", addressLine2: "", postcode: "SW1A 2AA" };
    expect(sameAddress(a, { addressLine1: "12  larder lane", addressLine2: "", postcode: "sw1a2aa" })).toBe(true);
    expect(sameAddress(a, { addressLine1: "14 Larder Lane", addressLine2: "", postcode: "SW1A 2AA" })).toBe(false);
    expect(sameAddress(a, { addressLine1: "12 Larder Lane", addressLine2: "Flat 2", postcode: "SW1A 2AA" })).toBe(
      false,
    );
  });
});

describe("memberSavedAddresses", () => {
  it("asks nothing for a guest", async () => {
    const { shopper, call } = fakeShopper({}, false);
    expect(await memberSavedAddresses(shopper, "delivery", fakeLog())).toEqual([]);
    expect(call).not.toHaveBeenCalled();
  });
  it("reads the member's addresses of the type", async () => {
    const { shopper, call } = fakeShopper({
      [api.memberAddressesList.path]: () => ({ addresses: [saved(3, "1 Mall Road")] }),
    });
    expect((await memberSavedAddresses(shopper, "delivery", fakeLog())).map((a) => a.id)).toEqual([3]);
    expect(call).toHaveBeenCalledWith(api.memberAddressesList, { type: "delivery" });
  });
  it("offers none, logged, when the list cannot be read", async () => {
    const log = fakeLog();
    const { shopper } = fakeShopper({
      [api.memberAddressesList.path]: () => {
        throw new PlatformError(500, "down");
      },
    });
    expect(await memberSavedAddresses(shopper, "billing", log)).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      "checkout.saved_addresses_failed",
      expect.objectContaining({ kind: "billing", status: 500 }),
    );
  });
});

const typed = {
  addressLine1: "12 Larder Lane",
  addressLine2: "",
  town: "London",
  county: "",
  postcode: "SW1A 2AA",
  countryCode: "GB",
};

describe("keepAddressOnAccount", () => {
  it("adds a new address to the member's addresses of that type", async () => {
    const add = vi.fn(() => ({}));
    const { shopper } = fakeShopper({
      [api.memberAddressesList.path]: () => ({ addresses: [] }),
      [api.memberAddressesAdd.path]: add,
    });
    expect(await keepAddressOnAccount(shopper, "billing", typed, fakeLog())).toEqual({
      kind: "success",
      message: MEMBER_MESSAGES.addressAdded,
    });
    expect(add).toHaveBeenCalledWith({ type: "billing", address: typed });
  });
  it("adds nothing the member already has", async () => {
    const add = vi.fn();
    const { shopper } = fakeShopper({
      [api.memberAddressesList.path]: () => ({
        addresses: [{ ...saved(2, "12 Larder Lane", true, "billing"), postcode: "SW1A 2AA" }],
      }),
      [api.memberAddressesAdd.path]: add,
    });
    expect(await keepAddressOnAccount(shopper, "billing", typed, fakeLog())).toBeNull();
    expect(add).not.toHaveBeenCalled();
  });
  it("tells and logs a refusal, never throws", async () => {
    const log = fakeLog();
    const { shopper } = fakeShopper({
      [api.memberAddressesList.path]: () => ({ addresses: [] }),
      [api.memberAddressesAdd.path]: () => {
        throw new PlatformError(400, "bad address");
      },
    });
    expect(await keepAddressOnAccount(shopper, "delivery", typed, log)).toEqual({
      kind: "info",
      message: ADDRESS_NOT_SAVED_MESSAGE,
    });
    expect(log.warn).toHaveBeenCalledWith(
      "checkout.address_not_saved_to_account",
      expect.objectContaining({ kind: "delivery" }),
    );
  });
});

describe("saveAddressFromForm", () => {
  it("sets one of the member's saved addresses as the order's, read back from their list", async () => {
    const setBilling = vi.fn(() => SET_RESULT);
    const { shopper, call } = fakeShopper({
      [api.memberAddressesList.path]: () => ({ addresses: [saved(5, "1 Mall Road", true, "billing")] }),
      [api.setBillingAddress.path]: setBilling,
    });
    const result = await saveAddressFromForm(
      shopper,
      "billing",
      form({ intent: "use-saved-billing", savedAddress: "5" }),
      "basket-1",
      fakeLog(),
    );
    expect(result).toEqual({ ok: true, toast: null });
    expect(setBilling).toHaveBeenCalledWith({
      basketToken: "basket-1",
      address: {
        addressLine1: "1 Mall Road",
        addressLine2: "",
        town: "London",
        county: "",
        postcode: "SW1A 1AA",
        countryCode: "GB",
      },
      sameAsDelivery: false,
    });
    // A saved address is not saved again.
    expect(call.mock.calls.map(([endpoint]) => endpoint.path)).not.toContain(api.memberAddressesAdd.path);
  });
  it("refuses an id that is not one of the member's", async () => {
    const { shopper } = fakeShopper({
      [api.memberAddressesList.path]: () => ({ addresses: [saved(5, "1 Mall Road")] }),
    });
    const result = await saveAddressFromForm(
      shopper,
      "delivery",
      form({ intent: "use-saved-delivery", savedAddress: "6" }),
      "basket-1",
      fakeLog(),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.answer.part).toBe("saved");
      expect(result.answer.result.error?.[""]).toEqual([CHOOSE_SAVED_ADDRESS]);
    }
  });
  it("keeps a typed address on the account only when the box was ticked, after the checkout took it", async () => {
    const order: string[] = [];
    const handlers = {
      [api.setDeliveryAddress.path]: () => (order.push("set"), SET_RESULT),
      [api.memberAddressesList.path]: () => ({ addresses: [] }),
      [api.memberAddressesAdd.path]: () => (order.push("add"), {}),
    };
    const fields = { intent: "save-delivery", addressLine1: "12 Larder Lane", town: "London", postcode: "SW1A 2AA" };
    const ticked = fakeShopper(handlers);
    expect(
      await saveAddressFromForm(ticked.shopper, "delivery", form({ ...fields, saveToAccount: "yes" }), "b", fakeLog()),
    ).toEqual({
      ok: true,
      toast: { kind: "success", message: MEMBER_MESSAGES.addressAdded },
    });
    expect(order).toEqual(["set", "add"]);

    order.length = 0;
    const unticked = fakeShopper(handlers);
    expect(await saveAddressFromForm(unticked.shopper, "delivery", form(fields), "b", fakeLog())).toEqual({
      ok: true,
      toast: null,
    });
    expect(order).toEqual(["set"]);
  });
  it("saves nothing for a guest, whatever was posted", async () => {
    const { shopper, call } = fakeShopper({ [api.setDeliveryAddress.path]: () => SET_RESULT }, false);
    const fields = {
      intent: "save-delivery",
      addressLine1: "12 Larder Lane",
      town: "London",
      postcode: "SW1A 2AA",
      saveToAccount: "yes",
    };
    expect(await saveAddressFromForm(shopper, "delivery", form(fields), "b", fakeLog())).toEqual({
      ok: true,
      toast: null,
    });
    expect(call).toHaveBeenCalledTimes(1);
  });
  it("never saves an address the checkout refused", async () => {
    const { shopper, call } = fakeShopper({
      [api.setDeliveryAddress.path]: () => {
        throw new PlatformError(400, "Outside the delivery area", "VALIDATION_ERROR", { field: "postcode" });
      },
    });
    const fields = {
      intent: "save-delivery",
      addressLine1: "12 Larder Lane",
      town: "London",
      postcode: "SW1A 2AA",
      saveToAccount: "yes",
    };
    const result = await saveAddressFromForm(shopper, "delivery", form(fields), "b", fakeLog());
    expect(result.ok).toBe(false);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
