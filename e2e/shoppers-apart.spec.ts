import { expect, test } from "./fixtures";

// Two shoppers at the same store at once, each with a basket, a held slot and checkout details of their own: under
// parallel load every page each is sent shows their own basket lines, name and slot and never the other's. The
// storefront caches shared reads and calls the embedded platform in process (decision 0027); nothing of one shopper's
// may reach another through either.

const STORE = "/stores/victoria-street-1";
const PAGES = ["/basket", "/checkout/details", "/checkout/payment", STORE, `${STORE}/category/dairy-and-eggs-2`];

class Shopper {
  readonly jar = new Map<string, string>();
  csrf = "";
  constructor(
    readonly origin: string,
    readonly address: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "), "x-forwarded-for": this.address, ...extra };
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0] ?? "";
      const at = pair.indexOf("=");
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  async get(path: string): Promise<string> {
    const response = await fetch(this.origin + path, { headers: this.headers(), redirect: "manual" });
    this.keep(response);
    const html = await response.text();
    expect(response.status, `GET ${path}`).toBe(200);
    const csrf = /<input\b[^>]*\bname="csrf"[^>]*>/.exec(html)?.[0].match(/\bvalue="([^"]+)"/)?.[1];
    if (csrf) this.csrf = csrf;
    return html;
  }

  async post(path: string, fields: Record<string, string>, expectLocation: string): Promise<void> {
    const response = await fetch(this.origin + path, {
      method: "POST",
      redirect: "manual",
      headers: this.headers({ "content-type": "application/x-www-form-urlencoded", origin: this.origin }),
      body: new URLSearchParams({ csrf: this.csrf, ...fields }),
    });
    await response.arrayBuffer();
    this.keep(response);
    expect(response.status, `POST ${path}`).toBe(303);
    expect(response.headers.get("location") ?? "", `POST ${path} redirects`).toContain(expectLocation);
  }
}

/** The words a page shows and the values of the fields that carry a shopper's own things (line ids, names). */
function marks(html: string): Set<string> {
  const fields = [...html.matchAll(/<input\b[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => /\bname="(basketLineId|firstName|lastName|email)"/.test(input))
    .map((input) => /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "");
  const text = html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return new Set([...fields, ...text.split(/\s+/)].filter((word) => word.length > 0));
}

async function ready(
  origin: string,
  address: string,
  who: { first: string; items: [string, string][]; day: number },
): Promise<Shopper> {
  const shopper = new Shopper(origin, address);
  await shopper.get("/");
  await shopper.post("/location", { intent: "postcode", postcode: "SW1A 1AA", redirectTo: "/" }, "/stores-near-by");
  await shopper.get(STORE);
  await shopper.post(`${STORE}/fulfilment`, { method: "collection", redirectTo: "/basket" }, "/basket");
  for (const [menuItemId, quantity] of who.items) {
    const line = `${who.first.toLowerCase()}-line-${menuItemId}`;
    await shopper.post(
      "/basket/add",
      { intent: "add", menuItemId, quantity, basketLineId: line, idempotencyKey: `${line}-add`, redirectTo: "/basket" },
      "/basket",
    );
  }
  const days = [
    ...new Set(
      [...(await shopper.get(`${STORE}/time-slots`)).matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!),
    ),
  ];
  const day = days[who.day];
  expect(day, "the slot page lists enough days").toBeTruthy();
  // A time still free: the last one of the day, which the journeys running beside this one are least likely to fill.
  const radios = [
    ...(await shopper.get(`${STORE}/time-slots?day=${day}`)).matchAll(/<input\b[^>]*\bname="timeSlotDate"[^>]*>/g),
  ].map(([input]) => input);
  const slot = radios
    .filter((input) => !/\bdisabled\b/.test(input))
    .map((input) => /\bvalue="([^"]+)"/.exec(input)?.[1])
    .at(-1);
  expect(slot, `a time to hold on ${day}`).toBeTruthy();
  await shopper.post(
    `${STORE}/time-slots?day=${day}`,
    { intent: "reserve", timeSlotDate: slot! },
    `${STORE}/time-slots`,
  );
  expect(await shopper.get(`${STORE}/time-slots?day=${day}`), `${who.first}'s time is held`).toContain(
    "Your time is reserved.",
  );
  await shopper.post("/checkout/login", { intent: "guest" }, "/checkout/options");
  await shopper.post("/checkout/options", { instructions: "" }, "/checkout/details");
  await shopper.post(
    "/checkout/details",
    {
      intent: "details",
      firstName: who.first,
      lastName: "Apart",
      email: `${who.first.toLowerCase()}.apart@example.com`,
      phoneNumber: "07700 900 123",
      acceptTerms: "yes",
    },
    "/checkout/payment",
  );
  // Settle the session: the toasts the steps left are shown and cleared once, before the pages are compared.
  for (const path of PAGES) await shopper.get(path);
  return shopper;
}

// A server test, run by one browser project only (js-on-desktop): the tags keep the others from running it at all.
test(
  "two shoppers loading pages in parallel never see each other's basket, name or held slot",
  { tag: ["@js-only", "@desktop-only"] },
  async ({ baseURL }) => {
    test.setTimeout(120_000);
    const origin = baseURL!;
    const [alice, bruno] = await Promise.all([
      ready(origin, "10.250.1.1", {
        first: "Alicia",
        items: [
          ["45", "4"],
          ["36", "2"],
        ],
        day: 1,
      }),
      ready(origin, "10.250.1.2", {
        first: "Bruno",
        items: [
          ["45", "5"],
          ["38", "3"],
        ],
        day: 2,
      }),
    ]);

    // What each page shows one shopper and not the other, read one shopper at a time.
    const own = new Map<string, { alice: Set<string>; bruno: Set<string> }>();
    for (const path of PAGES) {
      const [a1, b1, a2, b2] = [
        marks(await alice.get(path)),
        marks(await bruno.get(path)),
        marks(await alice.get(path)),
        marks(await bruno.get(path)),
      ];
      const mine = (x: Set<string>, y: Set<string>, others: Set<string>[]) =>
        new Set([...x].filter((w) => y.has(w) && others.every((o) => !o.has(w))));
      own.set(path, { alice: mine(a1, a2, [b1, b2]), bruno: mine(b1, b2, [a1, a2]) });
    }
    expect([...own.get("/basket")!.alice]).toEqual(expect.arrayContaining(["alicia-line-36"]));
    expect([...own.get("/basket")!.bruno]).toEqual(expect.arrayContaining(["bruno-line-38"]));
    expect([...own.get("/checkout/details")!.alice]).toEqual(
      expect.arrayContaining(["Alicia", "alicia.apart@example.com"]),
    );
    expect([...own.get("/checkout/details")!.bruno]).toEqual(
      expect.arrayContaining(["Bruno", "bruno.apart@example.com"]),
    );

    // Then both at once, every page many times over.
    const problems: string[] = [];
    await Promise.all(
      [
        { shopper: alice, me: "alice", other: "bruno" },
        { shopper: bruno, me: "bruno", other: "alice" },
      ].flatMap(({ shopper, me, other }) =>
        Array.from({ length: 3 }, async (_, lane) => {
          for (let round = 0; round < 6; round++) {
            const path = PAGES[(lane + round) % PAGES.length]!;
            const seen = marks(await shopper.get(path));
            const expected = own.get(path)!;
            const mine = expected[me as "alice" | "bruno"];
            const theirs = expected[other as "alice" | "bruno"];
            const missing = [...mine].filter((w) => !seen.has(w));
            const leaked = [...theirs].filter((w) => seen.has(w));
            if (leaked.length) problems.push(`${me} was shown ${other}'s ${leaked.join(", ")} on ${path}`);
            if (missing.length) problems.push(`${me} was not shown their own ${missing.join(", ")} on ${path}`);
          }
        }),
      ),
    );
    expect(problems).toEqual([]);
  },
);
