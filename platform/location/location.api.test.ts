import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiErrorSchema } from "../contract";
import { addresses, futureContactRequests, postcodes } from "../db/schema";
import { distanceKm } from "../stores/geo";
import { createTestPlatform, type TestPlatform } from "../testing";
import { FUTURE_CONTACT_LIMIT } from "./handlers";
import { seedLocationTables } from "./testing/tables";

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await createTestPlatform();
  await seedLocationTables(t.db);
  // A postcode as an ONS import leaves it: known, placed, with no street addresses on file.
  await t.db.insert(postcodes).values({
    postcode: "AB101XG",
    display: "AB10 1XG",
    lat: 57.144165,
    lng: -2.114848,
    town: null,
    district: "S12000033",
    country: "Scotland",
  });
  // Addresses off the Cornish coast, far from any demo postcode, to see which the coordinate search keeps.
  await t.db.insert(addresses).values([
    { postcode: "TR197AA", addressLine1: "", addressLine2: "", town: "Sennen", lat: 50.0001, lng: -5.7001 },
    { postcode: "TR197AA", addressLine1: "1 Cove Road", addressLine2: "", town: "", lat: 50.0002, lng: -5.7002 },
    { postcode: "TR197AA", addressLine1: "", addressLine2: "Flat 1", town: "Sennen", lat: 50.0003, lng: -5.7003 },
    {
      postcode: "TR197AA",
      addressLine1: "2 Cove Road",
      addressLine2: null,
      town: "Sennen",
      lat: 50.0004,
      lng: -5.7004,
    },
  ]);
  token = await t.guestToken();
});
afterAll(() => t.close());

const post = (path: string, body: Record<string, unknown> = {}, options: { token?: string | null; ip?: string } = {}) =>
  t.call("POST", path, body, {
    token: options.token === undefined ? token : options.token,
    headers: options.ip ? { "x-client-ip": options.ip } : {},
  });

/** Asserts an error answer: its status, the error shape, and the message word for word. */
function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(res.body);
  expect(body.status).toBe(status);
  if (message !== undefined) expect(body.message).toBe(message);
}

describe("every location endpoint", () => {
  it("needs a guest or member token", async () => {
    const paths = [
      "/api/location/geocode",
      "/api/location/getPostcodeByCoordinates?lat=51.5&lng=-0.1",
      "/api/location/getAddressesByCoordinates",
      "/api/location/getAddressesByPostcode",
      "/api/location/getAutocompleteAddresses?term=Down",
      "/api/location/getPlaceDetails?placeId=addr:1",
      "/api/location/futureContactRequest",
    ];
    for (const path of paths) expectError(await post(path, {}, { token: null }), 401);
  });
});

describe("POST /api/location/geocode", () => {
  it("answers a postcode's display form and centre", async () => {
    const res = await post("/api/location/geocode", { postcode: "SW1A 1AA", country: "Uk" });
    expect(res.status).toBe(200);
    expect(api.geocode.response.parse(res.body)).toEqual({
      postcode: "SW1A 1AA",
      latitude: 51.50101,
      longitude: -0.14159,
    });
  });

  it("accepts the postcode in any case and spacing", async () => {
    const res = await post("/api/location/geocode", { postcode: " e16an " });
    expect(api.geocode.response.parse(res.body)).toEqual({ postcode: "E1 6AN", latitude: 51.5179, longitude: -0.0732 });
  });

  it("answers 404 'Unable to find location' for a well-formed postcode it does not know", async () => {
    expectError(await post("/api/location/geocode", { postcode: "CR2 6XH" }), 404, "Unable to find location");
  });

  it("answers 400 '{POSTCODE} is not a valid postcode' for a malformed one, and asks for one when blank", async () => {
    expectError(
      await post("/api/location/geocode", { postcode: "sw1a 1aaa" }),
      400,
      "SW1A 1AAA is not a valid postcode",
    );
    expectError(await post("/api/location/geocode", { postcode: "90210" }), 400, "90210 is not a valid postcode");
    expectError(await post("/api/location/geocode", { postcode: "   " }), 400, "Please enter a valid postcode");
  });

  it("refuses a missing or mistyped postcode with a 400 in the error shape", async () => {
    expectError(await post("/api/location/geocode", {}), 400);
    expectError(await post("/api/location/geocode", { postcode: 12345 }), 400);
    expectError(await post("/api/location/geocode", { postcode: "x".repeat(41) }), 400);
  });
});

describe("POST /api/location/getPostcodeByCoordinates", () => {
  it("lists the nearest postcodes first, at most 5, all within 2 km, with their distance", async () => {
    const res = await post("/api/location/getPostcodeByCoordinates?lat=51.50354&lng=-0.12768");
    expect(res.status).toBe(200);
    const { result } = api.getPostcodeByCoordinates.response.parse(res.body);
    expect(result.map((r) => r.postcode)).toEqual(["SW1A 2AA", "SW1A 0AA", "WC2N 5DU", "SE1 7PB", "WC2E 9ED"]);
    expect(result[0]).toEqual({ postcode: "SW1A 2AA", latitude: 51.50354, longitude: -0.12768, distanceMetres: 0 });
    for (const [i, r] of result.entries()) {
      const metres = distanceKm({ lat: 51.50354, lng: -0.12768 }, { lat: r.latitude, lng: r.longitude }) * 1000;
      expect(Math.abs(r.distanceMetres - metres)).toBeLessThanOrEqual(1);
      expect(r.distanceMetres).toBeLessThanOrEqual(2000);
      if (i > 0) expect(r.distanceMetres).toBeGreaterThanOrEqual(result[i - 1]!.distanceMetres);
    }
  });

  it("takes the coordinates from the body too", async () => {
    const res = await post("/api/location/getPostcodeByCoordinates", { lat: 58.023, lng: -4.4 });
    expect(api.getPostcodeByCoordinates.response.parse(res.body).result.map((r) => r.postcode)).toEqual(["IV27 4AA"]);
  });

  it("answers an empty list where no postcode lies within 2 km", async () => {
    const res = await post("/api/location/getPostcodeByCoordinates?lat=58.5&lng=-3.0");
    expect(res.status).toBe(200);
    expect(api.getPostcodeByCoordinates.response.parse(res.body)).toEqual({ result: [] });
  });

  it("refuses missing, blank, non-numeric and out-of-range coordinates with a 400", async () => {
    for (const query of ["lat=51.5", "lat=&lng=-0.1", "lat=north&lng=-0.1", "lat=91&lng=0", "lat=0&lng=181"]) {
      expectError(await post(`/api/location/getPostcodeByCoordinates?${query}`), 400);
    }
  });
});

describe("POST /api/location/getAddressesByCoordinates", () => {
  it("suggests the nearest addresses first, at most 10, each with its coordinates and address", async () => {
    const res = await post("/api/location/getAddressesByCoordinates", { latitude: 51.50354, longitude: -0.12768 });
    expect(res.status).toBe(200);
    const { suggestions } = api.getAddressesByCoordinates.response.parse(res.body);
    expect(suggestions).toHaveLength(10);
    expect(suggestions[0]).toMatchObject({
      description: "10 Downing Street, London, SW1A 2AA",
      address: {
        addressLine1: "10 Downing Street",
        town: "London",
        county: "Greater London",
        postcode: "SW1A 2AA",
        countryCode: "GB",
      },
    });
    const metres = suggestions.map(
      (s) => distanceKm({ lat: 51.50354, lng: -0.12768 }, { lat: s.latitude!, lng: s.longitude! }) * 1000,
    );
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    expect(Math.max(...metres)).toBeLessThanOrEqual(1000);
    for (const s of suggestions) expect(s.placeId).toMatch(/^addr:\d+$/);
  });

  it("keeps only suggestions with line 1 or line 2 and a town (spec 1 §5)", async () => {
    const res = await post("/api/location/getAddressesByCoordinates", { latitude: 50.0, longitude: -5.7 });
    const { suggestions } = api.getAddressesByCoordinates.response.parse(res.body);
    expect(suggestions.map((s) => s.description)).toEqual([
      "Flat 1, Sennen, TR19 7AA",
      "2 Cove Road, Sennen, TR19 7AA",
    ]);
  });

  it("answers an empty list far from any address", async () => {
    const res = await post("/api/location/getAddressesByCoordinates", { latitude: 58.5, longitude: -3.0 });
    expect(api.getAddressesByCoordinates.response.parse(res.body)).toEqual({ suggestions: [] });
  });

  it("refuses bad coordinates with a 400", async () => {
    expectError(await post("/api/location/getAddressesByCoordinates", { latitude: 51.5 }), 400);
    expectError(await post("/api/location/getAddressesByCoordinates", { latitude: "x", longitude: 0 }), 400);
  });
});

describe("POST /api/location/getAddressesByPostcode", () => {
  it("lists every address of the postcode", async () => {
    const res = await post("/api/location/getAddressesByPostcode", { postcode: "sw1a2aa", country: "Uk" });
    expect(res.status).toBe(200);
    const { addresses: found } = api.getAddressesByPostcode.response.parse(res.body);
    const stored = await t.db.select().from(addresses).where(eq(addresses.postcode, "SW1A2AA"));
    expect(found).toHaveLength(stored.length);
    expect(found[0]).toEqual({
      addressLine1: "10 Downing Street",
      addressLine2: "",
      town: "London",
      county: "Greater London",
      postcode: "SW1A 2AA",
      countryCode: "GB",
      latitude: stored[0]!.lat,
      longitude: stored[0]!.lng,
    });
    for (const a of found) expect(a).toMatchObject({ postcode: "SW1A 2AA", countryCode: "GB", town: "London" });
  });

  it("answers an empty list for a known postcode with no street addresses on file", async () => {
    const res = await post("/api/location/getAddressesByPostcode", { postcode: "AB10 1XG" });
    expect(api.getAddressesByPostcode.response.parse(res.body)).toEqual({ addresses: [] });
  });

  it("answers 404 'Unable to find location' for an unknown postcode and 400 for a malformed one", async () => {
    expectError(
      await post("/api/location/getAddressesByPostcode", { postcode: "CR2 6XH" }),
      404,
      "Unable to find location",
    );
    expectError(
      await post("/api/location/getAddressesByPostcode", { postcode: "SW1A" }),
      400,
      "SW1A is not a valid postcode",
    );
    expectError(await post("/api/location/getAddressesByPostcode", {}), 400);
  });
});

describe("POST /api/location/getAutocompleteAddresses", () => {
  const autocomplete = async (term: string) => {
    const res = await post(`/api/location/getAutocompleteAddresses?${new URLSearchParams({ term })}`);
    expect(res.status).toBe(200);
    return api.getAutocompleteAddresses.response.parse(res.body).suggestions;
  };

  it("matches the start of a street address, case-insensitively", async () => {
    const found = await autocomplete("10 downing");
    expect(found[0]).toMatchObject({
      description: "10 Downing Street, London, SW1A 2AA",
      address: { addressLine1: "10 Downing Street" },
    });
    expect(found.every((s) => s.description.toLowerCase().includes("10 downing"))).toBe(true);
  });

  it("matches part of a postcode, with or without its space", async () => {
    const partial = await autocomplete("SW1A");
    expect(partial).toHaveLength(10);
    expect(partial.every((s) => s.address?.postcode.startsWith("SW1A "))).toBe(true);
    const whole = await autocomplete("sw1a2aa");
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.every((s) => s.address?.postcode === "SW1A 2AA")).toBe(true);
    // A postcode whose streets are on file is offered through its addresses, not again as a bare postcode.
    expect(whole.every((s) => s.placeId.startsWith("addr:"))).toBe(true);
  });

  it("matches the town and second lines, at most 10", async () => {
    expect(await autocomplete("Edinburgh")).toHaveLength(10);
    const flats = await autocomplete("flat");
    expect(flats.length).toBeGreaterThan(0);
    expect(flats.every((s) => s.address?.addressLine1.startsWith("Flat "))).toBe(true);
  });

  it("offers a postcode with no street addresses on file as a place of its own", async () => {
    expect(await autocomplete("AB10 1")).toEqual([
      {
        description: "AB10 1XG",
        placeId: "postcode:AB101XG",
        latitude: 57.144165,
        longitude: -2.114848,
        address: {
          addressLine1: "",
          addressLine2: "",
          town: "",
          county: "",
          postcode: "AB10 1XG",
          countryCode: "GB",
          latitude: 57.144165,
          longitude: -2.114848,
        },
      },
    ]);
  });

  it("answers nothing for under 2 characters, and treats LIKE wildcards as plain text", async () => {
    expect(await autocomplete("d")).toEqual([]);
    expect(await autocomplete("  s  ")).toEqual([]);
    expect(await autocomplete("%%")).toEqual([]);
    expect(await autocomplete("_o")).toEqual([]);
  });

  it("refuses a missing term with a 400", async () => {
    expectError(await post("/api/location/getAutocompleteAddresses"), 400);
  });
});

describe("POST /api/location/getPlaceDetails", () => {
  it("answers a suggestion's coordinates and full address", async () => {
    const [first] = (
      await post("/api/location/getAutocompleteAddresses?term=Buckingham%20Palace").then((r) =>
        api.getAutocompleteAddresses.response.parse(r.body),
      )
    ).suggestions;
    const res = await post(`/api/location/getPlaceDetails?placeId=${encodeURIComponent(first!.placeId)}`);
    expect(res.status).toBe(200);
    const place = api.getPlaceDetails.response.parse(res.body);
    expect(place).toEqual({ latitude: first!.latitude, longitude: first!.longitude, address: first!.address });
    expect(place.address).toMatchObject({ addressLine1: "Buckingham Palace", town: "London", postcode: "SW1A 1AA" });
  });

  it("answers a postcode place's centre", async () => {
    const res = await post("/api/location/getPlaceDetails?placeId=postcode:AB101XG");
    expect(api.getPlaceDetails.response.parse(res.body)).toMatchObject({
      latitude: 57.144165,
      longitude: -2.114848,
      address: { postcode: "AB10 1XG" },
    });
  });

  it("answers 404 'Unable to get address info, try another address.' for an unknown place", async () => {
    for (const placeId of [
      "addr:99999999",
      "postcode:ZZ11ZZ",
      "ChIJdd4hrwug2EcRmSrV3Vo6llI",
      "addr:1; drop table addresses",
    ]) {
      expectError(
        await post(`/api/location/getPlaceDetails?${new URLSearchParams({ placeId })}`),
        404,
        "Unable to get address info, try another address.",
      );
    }
  });

  it("refuses a missing place id with a 400", async () => {
    expectError(await post("/api/location/getPlaceDetails"), 400);
    expectError(await post("/api/location/getPlaceDetails?placeId="), 400);
  });
});

describe("POST /api/location/futureContactRequest", () => {
  const stored = (email: string) =>
    t.db.select().from(futureContactRequests).where(eq(futureContactRequests.email, email));

  it("stores the e-mail and postcode at the clock's time", async () => {
    const res = await post(
      "/api/location/futureContactRequest",
      { email: " Shopper@Example.com ", postcode: "iv27 4aa" },
      { ip: "198.51.100.1" },
    );
    expect(res.status).toBe(200);
    expect(api.futureContactRequest.response.parse(res.body)).toEqual({ ok: true });
    const rows = await stored("shopper@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "shopper@example.com", postcode: "IV27 4AA" });
    expect(rows[0]!.createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("stores the same e-mail and postcode once, however often and however written", async () => {
    const ip = "198.51.100.2";
    const body = { email: "twice@example.com", postcode: "IV27 4AA" };
    await Promise.all([
      post("/api/location/futureContactRequest", body, { ip }),
      post("/api/location/futureContactRequest", body, { ip }),
    ]);
    const again = await post(
      "/api/location/futureContactRequest",
      { email: "TWICE@example.com", postcode: "iv274aa" },
      { ip },
    );
    expect(again.status).toBe(200);
    expect(await stored("twice@example.com")).toHaveLength(1);
    // Another postcode is another request.
    await post("/api/location/futureContactRequest", { email: "twice@example.com", postcode: "IV1 1LG" }, { ip });
    const rows = await t.db
      .select()
      .from(futureContactRequests)
      .where(and(eq(futureContactRequests.email, "twice@example.com"), eq(futureContactRequests.postcode, "IV1 1LG")));
    expect(rows).toHaveLength(1);
  });

  it("answers 400 'Please enter a valid email address' for a bad e-mail, storing nothing", async () => {
    for (const email of ["", "not-an-email", "a@b", "two@@example.com", "spaces in@example.com"]) {
      expectError(
        await post("/api/location/futureContactRequest", { email, postcode: "IV27 4AA" }, { ip: "198.51.100.3" }),
        400,
        "Please enter a valid email address",
      );
    }
    expect(await stored("not-an-email")).toHaveLength(0);
  });

  it("answers 400 for a postcode that fails the UK format", async () => {
    expectError(
      await post(
        "/api/location/futureContactRequest",
        { email: "a@example.com", postcode: "12345" },
        { ip: "198.51.100.4" },
      ),
      400,
      "12345 is not a valid postcode",
    );
    expectError(
      await post(
        "/api/location/futureContactRequest",
        { email: "a@example.com", postcode: "" },
        { ip: "198.51.100.4" },
      ),
      400,
      "Please enter a valid postcode",
    );
    expectError(
      await post("/api/location/futureContactRequest", { email: "a@example.com" }, { ip: "198.51.100.4" }),
      400,
    );
    expect(await stored("a@example.com")).toHaveLength(0);
  });

  it(`allows ${FUTURE_CONTACT_LIMIT.hits} requests an hour from one address, then answers 429 until the hour is over`, async () => {
    const ip = "198.51.100.5";
    const send = (n: number) =>
      post("/api/location/futureContactRequest", { email: `limit${n}@example.com`, postcode: "IV27 4AA" }, { ip });
    for (let n = 0; n < FUTURE_CONTACT_LIMIT.hits; n++) expect((await send(n)).status).toBe(200);
    const refused = await send(99);
    expectError(refused, 429, "Too many requests. Please try again later.");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await stored("limit99@example.com")).toHaveLength(0);
    // Another address is not held back.
    expect(
      (
        await post(
          "/api/location/futureContactRequest",
          { email: "other@example.com", postcode: "IV27 4AA" },
          { ip: "198.51.100.6" },
        )
      ).status,
    ).toBe(200);
    t.clock.advance(2 * FUTURE_CONTACT_LIMIT.windowSeconds * 1000);
    // The hour outlives the access token too.
    token = await t.guestToken();
    expect((await send(99)).status).toBe(200);
  });
});
