import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, CHECKOUT_MESSAGES, MEMBER_MESSAGES, type SavedAddress } from "../contract";
import { registerMember } from "../auth/testing/accounts";
import { memberAddresses, rateLimits } from "../db/schema";
import { expectError, seededPlatform, type SeededPlatform } from "../testing";

let s: SeededPlatform;
let alex: string;
let bea: string;

const call = (path: string, body: Record<string, unknown>, token: string | null) =>
  s.t.call("POST", `/api/member/addresses/${path}`, body, { token });
const HOME = { addressLine1: "Flat 3, 12 Example Mews", town: "London", postcode: "sw1a 1aa" };
const WORK = { addressline1: "4 Portland Place", line2: "Third floor", town: "London", postcode: "W1A1AA" };

async function added(
  token: string,
  type: "delivery" | "billing",
  address: Record<string, unknown>,
  isDefault?: boolean,
): Promise<SavedAddress> {
  const res = await call("add", { type, address, ...(isDefault === undefined ? {} : { isDefault }) }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = api.memberAddressesAdd.response.parse(res.body);
  expect(body.message).toBe(MEMBER_MESSAGES.addressAdded);
  return body.address;
}

async function list(token: string): Promise<SavedAddress[]> {
  const res = await call("list", {}, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return api.memberAddressesList.response.parse(res.body).addresses;
}

beforeAll(async () => {
  s = await seededPlatform();
  alex = (await registerMember(s.t, { email: "alex.addresses@example.com" })).access_token;
  bea = (await registerMember(s.t, { email: "bea.addresses@example.com", firstName: "Bea" })).access_token;
});
afterAll(() => s.t.close());
beforeEach(async () => {
  await s.t.db.delete(memberAddresses);
  await s.t.db.delete(rateLimits);
});

describe("member saved addresses", () => {
  it("adds an address checked like the checkout's: postcode tidied, names from the profile, first of a type the default", async () => {
    const home = await added(alex, "delivery", HOME);
    expect(home).toMatchObject({
      type: "delivery",
      isDefault: true,
      firstName: "Alex",
      lastName: "Member",
      email: "alex.addresses@example.com",
      telephone: "+447700900456",
      addressLine1: "Flat 3, 12 Example Mews",
      postcode: "SW1A 1AA",
      countryCode: "GB",
    });
    const work = await added(alex, "delivery", WORK);
    expect(work).toMatchObject({
      isDefault: false,
      addressLine1: "4 Portland Place",
      addressLine2: "Third floor",
      postcode: "W1A 1AA",
    });
    const billing = await added(alex, "billing", WORK);
    expect(billing.isDefault).toBe(true);
    expect((await list(alex)).map((a) => [a.type, a.id, a.isDefault])).toEqual([
      ["billing", billing.id, true],
      ["delivery", home.id, true],
      ["delivery", work.id, false],
    ]);
  });

  it("refuses a bad postcode, a missing first line or town, and anything but an object, saving nothing", async () => {
    for (const [address, field, display] of [
      [{ ...HOME, postcode: "NOT A CODE" }, "postcode", CHECKOUT_MESSAGES.postcodeInvalid],
      [{ ...HOME, addressLine1: "" }, "addressLine1", CHECKOUT_MESSAGES.addressLine1Required],
      [{ ...HOME, town: " " }, "town", CHECKOUT_MESSAGES.townRequired],
    ] as const) {
      const body = expectError(await call("add", { type: "delivery", address }, alex), 400, {
        errorCode: "VALIDATION_ERROR",
        errorDisplay: display,
      });
      expect(body.field).toBe(field);
      expect(body.errorText).toBe(MEMBER_MESSAGES.addressUpdateError);
    }
    expectError(await call("add", { type: "delivery", address: "12 Example Mews" }, alex), 400, {
      message: CHECKOUT_MESSAGES.invalidAddressObject,
    });
    expect(await list(alex)).toEqual([]);
  });

  it("updates, sets the default (one per type) and removes, each with its message", async () => {
    const home = await added(alex, "delivery", HOME);
    const work = await added(alex, "delivery", WORK);

    const updated = await call(
      "update",
      { id: work.id, type: "delivery", address: { ...WORK, town: "Westminster" } },
      alex,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const u = api.memberAddressesUpdate.response.parse(updated.body);
    expect(u).toMatchObject({
      message: MEMBER_MESSAGES.addressUpdated,
      address: { id: work.id, town: "Westminster", isDefault: false },
    });

    const def = api.memberAddressesSetDefault.response.parse((await call("setDefault", { id: work.id }, alex)).body);
    expect(def.message).toBe(MEMBER_MESSAGES.addressSetDefault);
    expect(def.addresses.map((a) => [a.id, a.isDefault])).toEqual([
      [work.id, true],
      [home.id, false],
    ]);

    const removed = api.memberAddressesRemove.response.parse((await call("remove", { id: work.id }, alex)).body);
    expect(removed.message).toBe(MEMBER_MESSAGES.addressRemoved);
    // The default went: the one left becomes the default.
    expect(removed.addresses.map((a) => [a.id, a.isDefault])).toEqual([[home.id, true]]);
  });

  it("a default made into the other type hands its old type's default to the oldest left", async () => {
    const home = await added(alex, "delivery", HOME);
    const work = await added(alex, "delivery", WORK);
    await call("update", { id: home.id, type: "billing", address: HOME }, alex);
    const all = await list(alex);
    expect(all.map((a) => [a.type, a.id, a.isDefault])).toEqual([
      ["billing", home.id, true],
      ["delivery", work.id, true],
    ]);
  });

  it("another member's address is 404 on every call and stays as it was; each lists only their own", async () => {
    const home = await added(alex, "delivery", HOME);
    const second = await added(alex, "delivery", WORK);
    const notFound = {
      errorCode: "ADDRESS_NOT_FOUND",
      message: MEMBER_MESSAGES.addressNotFound,
      errorDisplay: MEMBER_MESSAGES.addressUpdateError,
    };
    expectError(
      await call("update", { id: home.id, type: "delivery", address: { ...HOME, town: "Elsewhere" } }, bea),
      404,
      notFound,
    );
    expectError(await call("setDefault", { id: second.id }, bea), 404, notFound);
    expectError(await call("remove", { id: home.id }, bea), 404, notFound);
    expectError(await call("remove", { id: 2_000_000 }, alex), 404, notFound);
    expect(await list(bea)).toEqual([]);
    expect(await list(alex)).toEqual([home, second]);
    const [row] = await s.t.db.select().from(memberAddresses).where(eq(memberAddresses.id, home.id));
    expect(row).toMatchObject({ town: "London", isDefault: true });
  });

  it("is for members only: a guest gets 403 on every call", async () => {
    const membersOnly = { errorCode: "MEMBERS_ONLY", message: MEMBER_MESSAGES.membersOnly };
    const home = await added(alex, "delivery", HOME);
    for (const [path, body] of [
      ["list", {}],
      ["add", { type: "delivery", address: HOME }],
      ["update", { id: home.id, type: "delivery", address: HOME }],
      ["remove", { id: home.id }],
      ["setDefault", { id: home.id }],
    ] as const) {
      expectError(await call(path, body, s.token), 403, membersOnly);
    }
    expect(await list(alex)).toEqual([home]);
  });
});
