import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema, controllableClock } from "../contract";
import type { Database } from "../db/open";
import { createPlatform } from "../http";
import { memoryLogger, openTestDatabase, TEST_NOW } from "../testing";
import { fakeGetAddress, fakePostcodesIo, FAKE_GETADDRESS_KEY, type FakeServer } from "./testing/fake-services";
import { locationServiceFromEnv } from "./from-env";
import { getAddressLookup } from "./get-address";
import { postcodesIoLookup } from "./postcodes-io";
import { composeLocationService, embeddedLocationService } from "./service";
import { LocationServiceError } from "../ports/location-service";
import { seedLocationTables } from "./testing/tables";

let postcodesIo: FakeServer;
let getAddress: FakeServer;
let database: Database;

beforeAll(async () => {
  [postcodesIo, getAddress, database] = await Promise.all([fakePostcodesIo(), fakeGetAddress(), openTestDatabase()]);
  await seedLocationTables(database.db);
});
afterAll(async () => {
  await Promise.all([postcodesIo?.close(), getAddress?.close(), database?.close()]);
});
afterEach(() => {
  postcodesIo.mode = "normal";
  getAddress.mode = "normal";
});

/** The error a call fails with, for assertions on its status and detail. */
async function failure(promise: Promise<unknown>): Promise<LocationServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LocationServiceError);
  return error as LocationServiceError;
}

describe("postcodes.io adapter", () => {
  const lookup = () => postcodesIoLookup({ baseUrl: postcodesIo.url, timeoutMs: 1000 });

  it("geocodes a postcode, asking for it without spaces", async () => {
    expect(await lookup().geocode("sw1a 1aa")).toEqual({
      postcode: "SW1A 1AA",
      latitude: 51.501009,
      longitude: -0.141588,
    });
    expect(postcodesIo.requests.at(-1)?.path).toBe("/postcodes/SW1A1AA");
  });

  it("answers null for a postcode the service does not know or cannot place", async () => {
    expect(await lookup().geocode("ZZ1 1ZZ")).toBeNull();
    expect(await lookup().geocode("GY1 1AA")).toBeNull();
  });

  it("finds the postcodes near a point, nearest first, with the radius and limit in the query", async () => {
    const near = await lookup().postcodesNear(
      { latitude: 51.50354, longitude: -0.127695 },
      { limit: 5, radiusMetres: 2000 },
    );
    expect(near.map((p) => p.postcode)).toEqual(["SW1A 2AA", "SW1A 2AB", "SW1A 1AA"]);
    expect(near[0]!.distanceMetres).toBe(0);
    expect(near[1]!.distanceMetres).toBeGreaterThan(0);
    const { query } = postcodesIo.requests.at(-1)!;
    expect(Object.fromEntries(query)).toEqual({ lon: "-0.127695", lat: "51.50354", radius: "2000", limit: "5" });
  });

  it("reads postcodes.io's null result as no postcodes", async () => {
    expect(
      await lookup().postcodesNear({ latitude: 58.023, longitude: -4.4 }, { limit: 5, radiusMetres: 2000 }),
    ).toEqual([]);
  });

  it("turns a timeout into a 503 and a server error or a nonsense answer into a 502", async () => {
    postcodesIo.mode = "slow";
    const slow = await failure(lookup().geocode("SW1A 1AA"));
    expect(slow.status).toBe(503);
    expect(slow.detail).toMatch(/timed out after 1000 ms/);

    postcodesIo.mode = "error";
    const broken = await failure(
      lookup().postcodesNear({ latitude: 51.5, longitude: -0.12 }, { limit: 5, radiusMetres: 2000 }),
    );
    expect(broken.status).toBe(502);
    expect(broken.detail).toMatch(/answered 500/);

    postcodesIo.mode = "garbage";
    expect((await failure(lookup().geocode("SW1A 1AA"))).status).toBe(502);
  });

  it("turns a refused connection into a 503", async () => {
    const closed = postcodesIoLookup({ baseUrl: "http://127.0.0.1:1", timeoutMs: 1000 });
    const error = await failure(closed.geocode("SW1A 1AA"));
    expect(error.status).toBe(503);
    expect(error.service).toBe("postcodes.io");
  });
});

describe("getAddress.io adapter", () => {
  const lookup = (apiKey = FAKE_GETADDRESS_KEY) =>
    getAddressLookup({ apiKey, baseUrl: getAddress.url, timeoutMs: 1000 });

  it("autocompletes, sending the key and the limit, with suggestions that need place details", async () => {
    const found = await lookup().autocomplete("Downing", { limit: 10 });
    expect(found).toEqual([
      {
        description: "10 Downing Street, London, SW1A 2AA",
        placeId: "ZDQ0NjE5Y2Q0MjYzMmYyIDEwMDIzMzM4IDJhOWIxZTY1NjQ5N2E2OA==",
        latitude: null,
        longitude: null,
        address: null,
      },
      {
        description: "11 Downing Street, London, SW1A 2AA",
        placeId: "MTEgRG93bmluZyBTdHJlZXQgU1cxQSAyQUE=",
        latitude: null,
        longitude: null,
        address: null,
      },
    ]);
    const { path, query } = getAddress.requests.at(-1)!;
    expect(path).toBe("/autocomplete/Downing");
    expect(query.get("api-key")).toBe(FAKE_GETADDRESS_KEY);
    expect(query.get("top")).toBe("10");
  });

  it("asks nothing for a term under 2 characters", async () => {
    const before = getAddress.requests.length;
    expect(await lookup().autocomplete(" D ", { limit: 10 })).toEqual([]);
    expect(getAddress.requests.length).toBe(before);
  });

  it("gets the address behind an id, folding lines 2 to 4 into line 2", async () => {
    expect(await lookup().placeDetails("RmxhdCAyIDE0IFdoaXRlaGFsbA==")).toEqual({
      latitude: 51.503429,
      longitude: -0.128006,
      address: {
        addressLine1: "Flat 2",
        addressLine2: "14 Whitehall, Westminster",
        town: "London",
        county: "Greater London",
        postcode: "SW1A 2AB",
        countryCode: "GB",
        latitude: 51.503429,
        longitude: -0.128006,
      },
    });
    expect(await lookup().placeDetails("bm8gc3VjaCBpZA==")).toBeNull();
  });

  it("finds a postcode's addresses with expand=true, placed at the postcode's centre", async () => {
    const found = await lookup().addressesByPostcode("sw1a2aa");
    expect(found?.map((a) => a.addressLine1)).toEqual(["10 Downing Street", "11 Downing Street"]);
    expect(found?.[0]).toMatchObject({
      town: "London",
      postcode: "SW1A 2AA",
      countryCode: "GB",
      latitude: 51.50354,
      longitude: -0.127695,
    });
    const { path, query } = getAddress.requests.at(-1)!;
    expect(path).toBe("/find/SW1A2AA");
    expect(query.get("expand")).toBe("true");
    expect(await lookup().addressesByPostcode("ZZ1 1ZZ")).toBeNull();
  });

  it("reports a refused key as a 502 without the key in the detail, and a spent quota as a 503", async () => {
    const refused = await failure(lookup("wrong-key").autocomplete("Downing", { limit: 10 }));
    expect(refused.status).toBe(502);
    expect(refused.detail).toMatch(/401 \(API key refused\)/);
    expect(refused.detail).not.toContain("wrong-key");

    getAddress.mode = "busy";
    expect((await failure(lookup().addressesByPostcode("SW1A 2AA"))).status).toBe(503);
  });

  it("turns a timeout into a 503", async () => {
    getAddress.mode = "slow";
    expect((await failure(lookup().placeDetails("RmxhdCAyIDE0IFdoaXRlaGFsbA=="))).status).toBe(503);
  });
});

describe("composeLocationService", () => {
  const compose = (parts: { postcodes?: boolean; addresses?: boolean }) =>
    composeLocationService({
      embedded: embeddedLocationService(database.db),
      postcodesIo: parts.postcodes ? postcodesIoLookup({ baseUrl: postcodesIo.url, timeoutMs: 1000 }) : undefined,
      addressLookup: parts.addresses
        ? getAddressLookup({ apiKey: FAKE_GETADDRESS_KEY, baseUrl: getAddress.url, timeoutMs: 1000 })
        : undefined,
    });

  it("uses the embedded tables for whatever is not configured", async () => {
    const service = compose({ postcodes: true });
    const requestsBefore = getAddress.requests.length;
    const addresses = await service.addressesByPostcode("SW1A 2AA");
    expect(addresses?.map((a) => a.addressLine1)).toContain("10 Downing Street");
    expect(getAddress.requests.length).toBe(requestsBefore);
    // IV27 4AA is in the demo table but not in the fake postcodes.io: the configured service decides.
    expect(await service.geocode("IV27 4AA")).toBeNull();
    expect(await compose({}).geocode("IV27 4AA")).toMatchObject({ postcode: "IV27 4AA" });
  });

  it("finds addresses near a point through the nearest postcode, with place ids it can resolve again", async () => {
    const service = compose({ postcodes: true, addresses: true });
    const near = await service.addressesNear(
      { latitude: 51.50354, longitude: -0.127695 },
      { limit: 10, radiusMetres: 1000 },
    );
    expect(near.map((s) => s.description)).toEqual([
      "10 Downing Street, London, SW1A 2AA",
      "11 Downing Street, London, SW1A 2AA",
    ]);
    expect(near.map((s) => s.placeId)).toEqual(["find:SW1A2AA:0", "find:SW1A2AA:1"]);
    expect(await service.placeDetails("find:SW1A2AA:1")).toMatchObject({
      address: { addressLine1: "11 Downing Street" },
    });
    expect(await service.placeDetails("find:SW1A2AA:7")).toBeNull();
  });

  it("resolves embedded place ids from the tables even with an address service configured", async () => {
    const embedded = embeddedLocationService(database.db);
    const [first] = await embedded.autocomplete("10 Downing", { limit: 1 });
    const service = compose({ postcodes: true, addresses: true });
    expect(await service.placeDetails(first!.placeId)).toMatchObject({
      address: { addressLine1: "10 Downing Street" },
    });
  });
});

describe("locationServiceFromEnv", () => {
  it("runs on the embedded tables when nothing is configured", async () => {
    const service = locationServiceFromEnv(database.db, { POSTCODES_IO_URL: "", GETADDRESS_API_KEY: " " });
    expect(await service.geocode("SW1A 1AA")).toEqual({
      postcode: "SW1A 1AA",
      latitude: 51.50101,
      longitude: -0.14159,
    });
  });

  it("calls the configured services", async () => {
    const service = locationServiceFromEnv(database.db, {
      POSTCODES_IO_URL: `${postcodesIo.url}/`,
      GETADDRESS_API_KEY: FAKE_GETADDRESS_KEY,
      GETADDRESS_URL: getAddress.url,
    });
    expect(await service.geocode("SW1A 1AA")).toEqual({
      postcode: "SW1A 1AA",
      latitude: 51.501009,
      longitude: -0.141588,
    });
    expect((await service.autocomplete("Whitehall", { limit: 10 })).map((s) => s.description)).toEqual([
      "Flat 2, 14 Whitehall, Westminster, London, SW1A 2AB",
    ]);
  });

  it("refuses a timeout that is not a positive number", () => {
    expect(() => locationServiceFromEnv(database.db, { LOCATION_TIMEOUT_MS: "soon" })).toThrow(/LOCATION_TIMEOUT_MS/);
  });
});

describe("the location endpoints over failing services", () => {
  it("answer 503 or 502 in the error shape, logged without the API key, never a 500", async () => {
    const log = memoryLogger();
    const platform = createPlatform({
      db: database.db,
      clock: controllableClock(TEST_NOW),
      log,
      config: { contentDir: "content", accessTokenSeconds: 3600, refreshTokenSeconds: 86400 },
      location: locationServiceFromEnv(database.db, {
        POSTCODES_IO_URL: postcodesIo.url,
        GETADDRESS_API_KEY: FAKE_GETADDRESS_KEY,
        GETADDRESS_URL: getAddress.url,
        LOCATION_TIMEOUT_MS: 300,
      }),
    });
    const call = async (path: string, body: Record<string, unknown>, token?: string) => {
      const response = await platform.fetch(
        new Request(`http://platform.test${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const { access_token: token } = api.oauthToken.response.parse(
      (await call("/api/auth/oauthToken", { grant_type: "client_credentials" })).body,
    );

    postcodesIo.mode = "slow";
    const slow = await call("/api/location/geocode", { postcode: "SW1A 1AA", country: "Uk" }, token);
    expect(slow.status).toBe(503);
    expect(apiErrorSchema.parse(slow.body).message).toBe(
      "The address lookup service is not responding. Please try again in a moment.",
    );

    getAddress.mode = "error";
    const broken = await call("/api/location/getAutocompleteAddresses?term=Downing", {}, token);
    expect(broken.status).toBe(502);
    expect(apiErrorSchema.parse(broken.body).message).toBe(
      "The address lookup service could not answer. Please try again in a moment.",
    );

    const failures = log.entries.filter((e) => e.event === "location.service_failed");
    expect(failures.map((e) => e.fields)).toEqual([
      expect.objectContaining({ call: "geocode", service: "postcodes.io", status: 503 }),
      expect.objectContaining({ call: "getAutocompleteAddresses", service: "getAddress.io", status: 502 }),
    ]);
    expect(JSON.stringify(log.entries)).not.toContain(FAKE_GETADDRESS_KEY);
    expect(log.entries.some((e) => e.event === "platform.unhandled")).toBe(false);
  });
});
