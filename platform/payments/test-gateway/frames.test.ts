import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { controllableClock } from "../../contract";
import type { Db } from "../../db/open";
import { checkCardNumber, checkExpiry, checkSecurityCode } from "./card-rules";
import { FIELD_RULES_SOURCE, fieldPage, fieldScript, framesScript } from "./frames";
import { createTestGateway } from "./index";

const NOW = new Date("2025-06-15T12:00:00Z");
const SHOP = "http://shop.example:4437";
const SESSION = "0123456789abcdef01234567";

type Rules = {
  tgValid(element: string, value: string, year: number, month: number): boolean;
  tgExpiry(value: string): { month: number; year: number } | null;
};
const rules = runInNewContext(`${FIELD_RULES_SOURCE}; ({ tgValid, tgExpiry })`) as Rules;
const valid = (element: string, value: string) =>
  rules.tgValid(element, value, NOW.getUTCFullYear(), NOW.getUTCMonth() + 1);

describe("the field frames' rules", () => {
  it("accept a card number exactly when the hosted card page does", () => {
    const numbers = [
      "4242 4242 4242 4242",
      "4242424242424242",
      "4544 2491 6767 3670",
      "4010 0617 0000 0021",
      "5555 5555 5555 4444",
      "2223 0031 2200 3222",
      "6011 1111 1111 1117",
      "3530 1113 3330 0000",
      "3782 822463 10005",
      "4242 4242 4242 4241",
      "4242-4242-4242-4242",
      "",
      "   ",
      "4242",
      "1234 5678 9012 3452",
    ];
    for (const number of numbers) expect(valid("card-number", number), number).toBe(checkCardNumber(number).ok);
  });

  it("accept an expiry date exactly when the hosted card page does", () => {
    const dates = [
      "12/30",
      "06/25",
      "05/25",
      "0629",
      "06 2029",
      "06-29",
      "13/29",
      "00/29",
      "1/29",
      "12/3",
      "",
      "ab/cd",
      "06/2025",
    ];
    for (const date of dates) expect(valid("expiry-date", date), date).toBe(checkExpiry(date, NOW).ok);
    expect(rules.tgExpiry("04/28")).toEqual({ month: 4, year: 2028 });
    expect(rules.tgExpiry("04/2031")).toEqual({ month: 4, year: 2031 });
  });

  it("accept a security code exactly when the hosted card page does", () => {
    for (const code of ["123", " 123 ", "12", "1234", "12a", ""])
      expect(valid("cvv", code), code).toBe(checkSecurityCode(code).ok);
  });
});

describe("a field frame's page", () => {
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ element: "card-number", session: SESSION, origin: SHOP, ...extra });

  it("is one labelled field, framed only by the gateway's origin and the shop's, running only the gateway's script", () => {
    const page = fieldPage(query(), "/test-gateway", NOW)!;
    expect(page.html).toContain('<label for="field">Card number</label>');
    expect(page.html).toContain('autocomplete="cc-number"');
    expect(page.html).toContain('<script src="/test-gateway/frames/field.js"></script>');
    expect(page.html).toContain(`data-origin="${SHOP}"`);
    expect(page.html).toContain('data-year="2025" data-month="6"');
    expect(page.csp).toContain(`frame-ancestors 'self' ${SHOP}`);
    expect(page.csp).toContain("script-src 'self'");
    expect(page.csp).toContain("connect-src 'self'");
    expect(page.csp).toContain("form-action 'none'");
    expect(fieldPage(query({ element: "cvv" }), "/test-gateway", NOW)!.html).toContain(
      '<label for="field">Security code</label>',
    );
  });

  it("is refused for an unknown field, session or shop origin", () => {
    expect(fieldPage(query({ element: "pin" }), "/test-gateway", NOW)).toBeNull();
    expect(fieldPage(query({ session: 'x"><script>' }), "/test-gateway", NOW)).toBeNull();
    expect(fieldPage(query({ origin: "javascript:alert(1)" }), "/test-gateway", NOW)).toBeNull();
    expect(fieldPage(new URLSearchParams({ element: "cvv", session: SESSION }), "/test-gateway", NOW)).toBeNull();
  });

  it("sends the field's value only to the gateway's own frames and its token endpoint", () => {
    const source = fieldScript();
    expect(source).toContain('fetch(base + "/tokens"');
    // The shop's page hears validity, focus and the token answer; values go only to same-origin sibling frames.
    expect(source).toContain(
      'frame.postMessage({ tgSession: session, type: "collect" }, location.origin, [channel.port2])',
    );
    expect(source).not.toMatch(/toShop\(\{[^}]*value/);
  });
});

describe("the gateway serves the card fields", () => {
  const gateway = createTestGateway({
    db: null as unknown as Db,
    clock: controllableClock(NOW),
    log: { info() {}, warn() {}, error() {} } as never,
    publicKey: "pk_test",
    secretKey: "sk_test",
  });
  const get = (path: string) => gateway.fetch(new Request(`http://gateway.internal${path}`));

  it("the Frames script and the field script as JavaScript", async () => {
    const frames = await get("/test-gateway/frames.js");
    expect(frames.status).toBe(200);
    expect(frames.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await frames.text()).toContain('var BASE = "/test-gateway"');
    expect((await get("/test-gateway/frames/field.js")).status).toBe(200);
  });

  it("a field page that the shop's page may frame, and 404 for one it did not ask for", async () => {
    const page = await get(
      `/test-gateway/frames/field?element=expiry-date&session=${SESSION}&origin=${encodeURIComponent(SHOP)}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors 'self' ${SHOP}`);
    expect(
      (await get(`/test-gateway/frames/field?element=pan&session=${SESSION}&origin=${encodeURIComponent(SHOP)}`))
        .status,
    ).toBe(404);
    expect((await get("/test-gateway/frames/other")).status).toBe(404);
    expect(
      (await gateway.fetch(new Request("http://gateway.internal/test-gateway/frames.js", { method: "POST" }))).status,
    ).toBe(405);
  });
});

/** A page just big enough for the Frames script: three containers, the message listener, iframes that record posts. */
function fakePage() {
  type Frame = {
    name: string;
    title: string;
    src: string;
    attrs: Record<string, string>;
    posted: unknown[];
    parentNode: Container | null;
    contentWindow: { postMessage(m: unknown): void };
  };
  type Container = { children: Frame[]; appendChild(f: Frame): void; removeChild(f: Frame): void };
  const container = (): Container => ({
    children: [],
    appendChild(f) {
      this.children.push(f);
      f.parentNode = this;
    },
    removeChild(f) {
      this.children = this.children.filter((c) => c !== f);
    },
  });
  const containers: Record<string, Container> = {
    ".card-number-frame": container(),
    ".expiry-date-frame": container(),
    ".cvv-frame": container(),
  };
  let listener: ((event: { origin: string; data: unknown }) => void) | null = null;
  const window: Record<string, unknown> = {
    addEventListener(_type: string, handler: typeof listener) {
      listener = handler;
    },
  };
  const document = {
    currentScript: { src: `${SHOP}/test-gateway/frames.js` },
    querySelector: (selector: string) => containers[selector] ?? null,
    createElement: (): Frame => {
      const frame: Frame = {
        name: "",
        title: "",
        src: "",
        attrs: {},
        posted: [],
        parentNode: null,
        contentWindow: { postMessage: (m) => frame.posted.push(m) },
      };
      return Object.assign(frame, { setAttribute: (k: string, v: string) => (frame.attrs[k] = v) });
    },
  };
  runInNewContext(framesScript("/test-gateway"), {
    window,
    document,
    location: { origin: SHOP, href: `${SHOP}/checkout/payment/card-form` },
    crypto,
    URL,
    setTimeout,
  });
  const frames = window.Frames as {
    Events: Record<string, string>;
    init(config: unknown): void;
    addEventHandler(name: string, handler: (data: unknown) => void): boolean;
    submitCard(): Promise<unknown>;
    isCardValid(): boolean;
  };
  const frameIn = (selector: string) => containers[selector]!.children[0]!;
  const session = () => new URL(frameIn(".card-number-frame").src, SHOP).searchParams.get("session");
  const send = (data: Record<string, unknown>, origin = SHOP) =>
    listener!({ origin, data: { tgSession: session(), ...data } });
  return { frames, frameIn, send, session };
}

describe("the Frames stand-in on the shop's page", () => {
  it("puts a titled field frame in each container and says when all are ready", () => {
    const { frames, frameIn, send } = fakePage();
    const events: string[] = [];
    frames.init({ publicKey: "pk_test", ready: () => events.push("ready") });
    expect(frameIn(".card-number-frame").title).toBe("Card number");
    expect(frameIn(".cvv-frame").src).toMatch(
      /^\/test-gateway\/frames\/field\?element=cvv&session=[0-9a-f]{24}&origin=http%3A%2F%2Fshop\.example%3A4437$/,
    );
    send({ type: "ready", element: "card-number" });
    send({ type: "ready", element: "expiry-date" });
    expect(events).toEqual([]);
    send({ type: "ready", element: "cvv" });
    expect(events).toEqual(["ready"]);
  });

  it("reports each field's validity, the card's once all three are valid, and tokenises only a valid card", async () => {
    const { frames, frameIn, send } = fakePage();
    frames.init("pk_test");
    const seen: unknown[] = [];
    frames.addEventHandler(frames.Events.FRAME_VALIDATION_CHANGED!, (d) => seen.push(d));
    frames.addEventHandler(frames.Events.CARD_VALIDATION_CHANGED!, (d) => seen.push(d));
    await expect(frames.submitCard()).rejects.toThrow(/not valid/);
    send({ type: "validation", element: "card-number", isValid: true, isEmpty: false });
    send({ type: "validation", element: "expiry-date", isValid: true, isEmpty: false });
    send({ type: "validation", element: "cvv", isValid: false, isEmpty: false }, "http://elsewhere.example");
    expect(frames.isCardValid()).toBe(false);
    send({ type: "validation", element: "cvv", isValid: true, isEmpty: false });
    expect(frames.isCardValid()).toBe(true);
    expect(seen.at(-1)).toEqual({ isValid: true, isElementValid: { cardNumber: true, expiryDate: true, cvv: true } });
    expect(seen[0]).toEqual({ element: "card-number", isValid: true, isEmpty: false });

    const token = frames.submitCard();
    expect(frameIn(".card-number-frame").posted).toEqual([
      expect.objectContaining({ type: "tokenize", publicKey: "pk_test" }),
    ]);
    await expect(frames.submitCard()).rejects.toThrow(/disabled/);
    send({ type: "tokenized", data: { type: "card", token: "tok_abc", last4: "4242" } });
    await expect(token).resolves.toEqual({ type: "card", token: "tok_abc", last4: "4242" });
  });

  it("rejects a tokenisation the gateway refused, and lets the shopper try again", async () => {
    const { frames, send } = fakePage();
    frames.init("pk_test");
    const failures: unknown[] = [];
    frames.addEventHandler(frames.Events.CARD_TOKENIZATION_FAILED!, (e) => failures.push(e));
    for (const element of ["card-number", "expiry-date", "cvv"])
      send({ type: "validation", element, isValid: true, isEmpty: false });
    const first = frames.submitCard();
    send({ type: "failed", error: { error_type: "request_failed", error_codes: [] } });
    await expect(first).rejects.toEqual({ error_type: "request_failed", error_codes: [] });
    expect(failures).toHaveLength(1);
    const second = frames.submitCard();
    send({ type: "tokenized", data: { token: "tok_2" } });
    await expect(second).resolves.toEqual({ token: "tok_2" });
  });
});
