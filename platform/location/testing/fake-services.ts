import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { distanceKm } from "../../stores/geo";

/**
 * Local stand-ins for postcodes.io and getAddress.io, answering with the shapes those services document, on a
 * random port. Tests of the adapters run against these over real HTTP; `mode` makes them misbehave on purpose.
 */

export type FakeMode = "normal" | "slow" | "error" | "garbage" | "busy";

export interface FakeServer {
  url: string;
  /** Every request's path and query, in order (api keys included, so tests can check they were sent). */
  requests: { path: string; query: URLSearchParams }[];
  mode: FakeMode;
  close(): Promise<void>;
}

type Handle = (path: string, query: URLSearchParams) => { status: number; body: unknown };

async function startFake(handle: Handle): Promise<FakeServer> {
  const state: { mode: FakeMode } = { mode: "normal" };
  const requests: FakeServer["requests"] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ path: decodeURIComponent(url.pathname), query: url.searchParams });
    const send = (status: number, text: string, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(text);
    };
    switch (state.mode) {
      case "slow":
        // Longer than any timeout the tests set; closed when the server stops.
        setTimeout(() => send(200, "{}"), 2000).unref();
        return;
      case "error":
        return send(500, JSON.stringify({ status: 500, error: "Internal Server Error" }));
      case "busy":
        return send(429, JSON.stringify({ Message: "Too Many Requests" }));
      case "garbage":
        return send(200, "<html>Service unavailable</html>", "text/html");
      default: {
        const { status, body } = handle(decodeURIComponent(url.pathname), url.searchParams);
        return send(status, JSON.stringify(body));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeMode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// postcodes.io: GET /postcodes/{postcode}, GET /postcodes?lon=&lat=&radius=&limit=
// ---------------------------------------------------------------------------------------------------------

export const FAKE_POSTCODES = [
  {
    postcode: "SW1A 1AA",
    latitude: 51.501009,
    longitude: -0.141588,
    admin_district: "Westminster",
    eastings: 529090,
    northings: 179645,
  },
  {
    postcode: "SW1A 2AA",
    latitude: 51.50354,
    longitude: -0.127695,
    admin_district: "Westminster",
    eastings: 530047,
    northings: 179951,
  },
  {
    postcode: "SW1A 2AB",
    latitude: 51.503429,
    longitude: -0.128006,
    admin_district: "Westminster",
    eastings: 530026,
    northings: 179938,
  },
  {
    postcode: "M1 1AE",
    latitude: 53.4808,
    longitude: -2.2374,
    admin_district: "Manchester",
    eastings: 384386,
    northings: 398134,
  },
  // A postcode postcodes.io knows without a grid reference.
  { postcode: "GY1 1AA", latitude: null, longitude: null, admin_district: null, eastings: null, northings: null },
];

const compact = (pc: string) => pc.replace(/\s+/g, "").toUpperCase();

export function fakePostcodesIo(): Promise<FakeServer> {
  return startFake((path, query) => {
    const one = /^\/postcodes\/([^/]+)$/.exec(path);
    if (one) {
      const found = FAKE_POSTCODES.find((p) => compact(p.postcode) === compact(one[1]!));
      return found
        ? { status: 200, body: { status: 200, result: { ...found, country: "England", codes: {} } } }
        : { status: 404, body: { status: 404, error: "Postcode not found" } };
    }
    if (path === "/postcodes") {
      const lat = Number(query.get("lat"));
      const lon = Number(query.get("lon"));
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90) {
        return { status: 400, body: { status: 400, error: "Invalid longitude/latitude submitted" } };
      }
      const radius = Math.min(2000, Number(query.get("radius") ?? 100));
      const limit = Math.min(100, Number(query.get("limit") ?? 10));
      const result = FAKE_POSTCODES.flatMap((p) =>
        p.latitude === null || p.longitude === null
          ? []
          : [{ ...p, distance: distanceKm({ lat, lng: lon }, { lat: p.latitude, lng: p.longitude }) * 1000 }],
      )
        .filter((p) => p.distance <= radius)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, limit);
      // postcodes.io answers null, not an empty list, when nothing is near.
      return { status: 200, body: { status: 200, result: result.length ? result : null } };
    }
    return { status: 404, body: { status: 404, error: "Resource not found" } };
  });
}

// ---------------------------------------------------------------------------------------------------------
// getAddress.io: GET /autocomplete/{term}, GET /get/{id}, GET /find/{postcode}?expand=true, all with api-key
// ---------------------------------------------------------------------------------------------------------

export const FAKE_GETADDRESS_KEY = "test-key-123";

const FAKE_ADDRESSES = [
  {
    id: "ZDQ0NjE5Y2Q0MjYzMmYyIDEwMDIzMzM4IDJhOWIxZTY1NjQ5N2E2OA==",
    postcode: "SW1A 2AA",
    latitude: 51.50354,
    longitude: -0.127695,
    formatted_address: ["10 Downing Street", "", "", "London", ""],
    line_1: "10 Downing Street",
    line_2: "",
    line_3: "",
    line_4: "",
    locality: "",
    town_or_city: "London",
    county: "",
    country: "England",
  },
  {
    id: "MTEgRG93bmluZyBTdHJlZXQgU1cxQSAyQUE=",
    postcode: "SW1A 2AA",
    latitude: 51.50354,
    longitude: -0.127695,
    formatted_address: ["11 Downing Street", "", "", "London", ""],
    line_1: "11 Downing Street",
    line_2: "",
    line_3: "",
    line_4: "",
    locality: "",
    town_or_city: "London",
    county: "",
    country: "England",
  },
  {
    id: "RmxhdCAyIDE0IFdoaXRlaGFsbA==",
    postcode: "SW1A 2AB",
    latitude: 51.503429,
    longitude: -0.128006,
    formatted_address: ["Flat 2", "14 Whitehall", "Westminster", "London", "Greater London"],
    line_1: "Flat 2",
    line_2: "14 Whitehall",
    line_3: "Westminster",
    line_4: "",
    locality: "Westminster",
    town_or_city: "London",
    county: "Greater London",
    country: "England",
  },
];

const describe = (a: (typeof FAKE_ADDRESSES)[number]) =>
  [a.line_1, a.line_2, a.line_3, a.line_4, a.town_or_city, a.postcode].filter((p) => p !== "").join(", ");

export function fakeGetAddress(): Promise<FakeServer> {
  return startFake((path, query) => {
    if (query.get("api-key") !== FAKE_GETADDRESS_KEY)
      return { status: 401, body: { Message: "Api key is not valid." } };
    const auto = /^\/autocomplete\/(.+)$/.exec(path);
    if (auto) {
      const term = auto[1]!.toLowerCase();
      const top = Number(query.get("top") ?? 6);
      const suggestions = FAKE_ADDRESSES.filter((a) => describe(a).toLowerCase().includes(term))
        .slice(0, top)
        .map((a) => ({ address: describe(a), url: `/get/${a.id}`, id: a.id }));
      return { status: 200, body: { suggestions } };
    }
    const get = /^\/get\/(.+)$/.exec(path);
    if (get) {
      const found = FAKE_ADDRESSES.find((a) => a.id === get[1]);
      return found
        ? { status: 200, body: { ...found, id: undefined, residential: true } }
        : { status: 404, body: { Message: "Address not found." } };
    }
    const find = /^\/find\/(.+)$/.exec(path);
    if (find) {
      const key = compact(find[1]!);
      if (!/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(key))
        return { status: 400, body: { Message: "Invalid postcode." } };
      const matches = FAKE_ADDRESSES.filter((a) => compact(a.postcode) === key);
      if (matches.length === 0) return { status: 404, body: { Message: "Postcode not found." } };
      const expand = query.get("expand") === "true";
      return {
        status: 200,
        body: {
          postcode: matches[0]!.postcode,
          latitude: matches[0]!.latitude,
          longitude: matches[0]!.longitude,
          addresses: matches.map((a) =>
            expand
              ? {
                  formatted_address: a.formatted_address,
                  line_1: a.line_1,
                  line_2: a.line_2,
                  line_3: a.line_3,
                  line_4: a.line_4,
                  locality: a.locality,
                  town_or_city: a.town_or_city,
                  county: a.county,
                  country: a.country,
                }
              : a.formatted_address.join(", "),
          ),
        },
      };
    }
    return { status: 404, body: { Message: "Not found." } };
  });
}
