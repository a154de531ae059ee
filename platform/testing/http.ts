import { and, desc, eq, inArray } from "drizzle-orm";
import { saveWhiteLabelOverrides } from "../business/white-label";
import type { Clock } from "../contract";
import type { Db } from "../db/open";
import { bannerEvents, menuItems, orderPayments, orders, outbox, testGatewayPayments } from "../db/schema";

/*
 * The embedded platform's test and development hooks, as a fetch-style handler like the platform's own fetch: the
 * server mounts each route at its path (decision record 0016), and only as the conditions it is given allow. They
 * read and write the platform's tables, which is why they are the platform's and not the server's.
 *
 * - The test hooks (/__test/…), only with the test clock on: the e2e journeys switch white-label settings and read
 *   what no API shows (banner counts, the charges behind an order).
 * - The outbox page (/dev/outbox), never in production: it shows other shoppers' messages.
 */

export interface TestingRoute {
  method: "GET" | "POST";
  path: string;
}

export interface TestingRouter {
  /** Every route this router answers; anything else is a 404. */
  routes: readonly TestingRoute[];
  fetch(request: Request): Promise<Response>;
}

export interface TestingRouterOptions {
  db: Db;
  clock: Clock;
  /** Shared settings changed (white-label): caches of shared reads must start afresh. */
  onSharedChange(): void;
  /** Serve the /__test/… hooks. */
  testHooks: boolean;
  /** Serve /dev/outbox. */
  outbox: boolean;
}

type Handler = (request: Request, url: URL) => Promise<Response>;

const JSON_TYPE = "application/json; charset=utf-8";

/** A whole body, its length given: the server sends it as it stands rather than in chunks. */
function answer(body: string, status: number, headers: Record<string, string>): Response {
  return new Response(body, { status, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return answer(JSON.stringify(body), status, { "content-type": JSON_TYPE, ...headers });
}

const noStore = { "cache-control": "no-store" };

export function createTestingRouter(options: TestingRouterOptions): TestingRouter {
  const { db, clock } = options;
  const table = new Map<string, Handler>();
  const routes: TestingRoute[] = [];
  const on = (method: TestingRoute["method"], path: string, handler: Handler) => {
    routes.push({ method, path });
    table.set(`${method} ${path.toLowerCase()}`, handler);
  };

  if (options.testHooks) {
    // Tests switch white-label settings (address search, automatic store selection) as the business would.
    on("POST", "/__test/white-label", async (request) => {
      const body = await jsonBody(request);
      try {
        await saveWhiteLabelOverrides(db, clock, (body ?? {}) as Record<string, never>);
        options.onSharedChange();
        return json({ ok: true });
      } catch (error) {
        return json({ status: 400, errorCode: 400, message: String(error) }, 400);
      }
    });

    // Order-again journeys take an item off sale (no screen does): whether a menu item is sold for delivery and for
    // collection, each left as it is when not given.
    on("POST", "/__test/menu-item-availability", async (request) => {
      const body = (await jsonBody(request)) as {
        menuItemId?: unknown;
        delivery?: unknown;
        collection?: unknown;
      } | null;
      const id = body?.menuItemId;
      if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        return json({ status: 400, errorCode: 400, message: "menuItemId must be a positive whole number" }, 400);
      }
      const changes: { availableForDelivery?: boolean; availableForCollection?: boolean } = {};
      if (typeof body?.delivery === "boolean") changes.availableForDelivery = body.delivery;
      if (typeof body?.collection === "boolean") changes.availableForCollection = body.collection;
      if (Object.keys(changes).length === 0)
        return json({ status: 400, errorCode: 400, message: "delivery or collection is required" }, 400);
      const updated = await db
        .update(menuItems)
        .set(changes)
        .where(eq(menuItems.id, id))
        .returning({ id: menuItems.id });
      if (updated.length === 0) return json({ status: 404, errorCode: 404, message: "No such menu item" }, 404);
      options.onSharedChange();
      return json({ ok: true });
    });

    // Banner journeys check what the platform counted: impressions and clicks per banner (no API reads them).
    on("GET", "/__test/banner-events", async () => {
      const rows = await db.select().from(bannerEvents);
      return json(
        { events: rows.map((r) => ({ bannerId: r.bannerId, kind: r.kind, platform: r.platform, count: r.count })) },
        200,
        noStore,
      );
    });

    // What the platform and the test gateway hold for an order, for the journeys that check a payment was taken once:
    // the placed orders made from its basket, its approved payment tries, and the approvals the gateway gave for any
    // of that basket's drafts that still stand (a voided one is no charge).
    on("GET", "/__test/order-payments", async (_request, url) => {
      const businessOrderId = url.searchParams.getAll("businessOrderId").join(",");
      const [order] = await db.select().from(orders).where(eq(orders.businessOrderId, businessOrderId));
      if (!order) return json({ orders: 0, approvedTries: 0, gatewayApproved: 0 }, 200, noStore);
      const siblings = await db
        .select({ id: orders.id, state: orders.state, draftOrderId: orders.draftOrderId })
        .from(orders)
        .where(eq(orders.basketToken, order.basketToken));
      const tries = await db
        .select({ id: orderPayments.id })
        .from(orderPayments)
        .where(
          and(
            inArray(
              orderPayments.orderId,
              siblings.map((s) => s.id),
            ),
            eq(orderPayments.status, "approved"),
          ),
        );
      const approved = await db
        .select({ id: testGatewayPayments.id })
        .from(testGatewayPayments)
        .where(
          and(
            inArray(
              testGatewayPayments.reference,
              siblings.map((s) => s.draftOrderId),
            ),
            eq(testGatewayPayments.status, "Authorized"),
          ),
        );
      return json(
        {
          orders: siblings.filter((s) => s.state === "placed").length,
          approvedTries: tries.length,
          gatewayApproved: approved.length,
        },
        200,
        noStore,
      );
    });

    // The billing name and postcode an order was placed with, for the wallet journeys (the payer's name from Apple Pay
    // or Google Pay, split at its first space): no page shows a placed order's billing address.
    on("GET", "/__test/order-billing", async (_request, url) => {
      const businessOrderId = url.searchParams.get("businessOrderId") ?? "";
      const [order] = await db
        .select({ billing: orders.billingAddress, method: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.businessOrderId, businessOrderId));
      if (!order) return json({ status: 404, errorCode: 404, message: "No such order" }, 404, noStore);
      const billing = order.billing
        ? { firstName: order.billing.firstName, lastName: order.billing.lastName, postcode: order.billing.postcode }
        : null;
      return json({ paymentMethod: order.method, billing }, 200, noStore);
    });
  }

  if (options.outbox) {
    // The outbox, readable in development and test: the embedded default keeps messages instead of sending them.
    on("GET", "/dev/outbox", async (request, url) => {
      const to = url.searchParams.getAll("to");
      const recipient = to.length === 1 && to[0] ? to[0] : null;
      const messages = await recentMessages(db, recipient);
      if (preferredType(request.headers.get("accept"), ["text/html", "application/json"]) === "application/json") {
        return json({ messages }, 200, noStore);
      }
      return answer(outboxPage(messages), 200, { "content-type": "text/html; charset=utf-8", ...noStore });
    });
  }

  return {
    routes,
    async fetch(request) {
      const url = new URL(request.url);
      // As the server's own routes match: any case, a trailing slash allowed, HEAD answered as GET.
      const method = request.method.toUpperCase() === "HEAD" ? "GET" : request.method.toUpperCase();
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname;
      const handler = table.get(`${method} ${path.toLowerCase()}`);
      if (!handler)
        return json({ status: 404, errorCode: 404, message: `No such route: ${request.method} ${url.pathname}` }, 404);
      return handler(request, url);
    },
  };
}

/**
 * A JSON request body as a JSON body parser takes one: read only when the request says it is JSON (undefined
 * otherwise), an empty body is {}, and anything but an object or array is refused. A refused body throws: the
 * server answers it as any failed request.
 */
async function jsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return undefined;
  const text = await request.text();
  if (text.trim() === "") return {};
  if (!/^[\s]*[[{]/.test(text)) throw new Error("The request body is not a JSON object or array");
  return JSON.parse(text) as unknown;
}

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: string;
  /** Delivery: waiting (not sent yet, or no sender for its channel), sent, or failed (given up). */
  state: "waiting" | "sent" | "failed";
  attempts: number;
  sentAt: string | null;
  /** The last failed try's error, while waiting to be tried again or once given up. */
  lastError: string | null;
}

/** The outbox's newest messages first, for one recipient or all. */
async function recentMessages(db: Db, recipient: string | null): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(desc(outbox.id))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
    state: r.sentAt ? "sent" : r.failedAt ? "failed" : "waiting",
    attempts: r.attempts,
    sentAt: r.sentAt?.toISOString() ?? null,
    lastError: r.lastError,
  }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function deliveryLine(m: OutboxMessage): string {
  const tries = m.attempts === 1 ? "1 try" : `${m.attempts} tries`;
  if (m.state === "sent") return `Sent ${escapeHtml(m.sentAt ?? "")} (${tries})`;
  const error = m.lastError ? `; last error: ${escapeHtml(m.lastError)}` : "";
  if (m.state === "failed") return `Failed, given up after ${tries}${error}`;
  return m.attempts === 0 ? "Waiting" : `Waiting to be tried again after ${tries}${error}`;
}

function outboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (m) =>
        `<li><h2>${escapeHtml(m.subject)}</h2>` +
        `<p>To ${escapeHtml(m.recipient)} by ${m.channel}, ${escapeHtml(m.createdAt)}</p>` +
        `<p>${deliveryLine(m)}</p><pre>${escapeHtml(m.body)}</pre></li>`,
    )
    .join("");
  const head =
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>Outbox</title></head>';
  const list = items ? `<ol>${items}</ol>` : "<p>No messages yet.</p>";
  return (
    `<!doctype html><html lang="en-GB">${head}<body><main><h1>Outbox</h1>` +
    `<p>Messages the shop sends, newest first, and how their delivery stands.</p>${list}</main></body></html>`
  );
}

interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
  /** Its place in the Accept header. */
  index: number;
}

/**
 * Which of `offered` (full media types, the preferred first) the Accept header takes, as Express's req.accepts
 * decides: the highest quality, then the most specific range, then the range listed first, then the order offered;
 * no header takes the first offered, and null when none is acceptable.
 */
function preferredType(accept: string | null, offered: readonly string[]): string | null {
  const ranges = parseAccept(accept ?? "*/*");
  const ranked = offered
    .map((type, i) => {
      const [base, sub] = type.toLowerCase().split("/") as [string, string];
      let best = { q: 0, s: 0, o: -1 };
      for (const range of ranges) {
        let s = 0;
        if (range.type.toLowerCase() === base) s |= 4;
        else if (range.type !== "*") continue;
        if (range.subtype.toLowerCase() === sub) s |= 2;
        else if (range.subtype !== "*") continue;
        // The types offered here carry no parameters: a range with any (but a wildcard) does not match them.
        const keys = Object.keys(range.params);
        if (keys.length > 0) {
          if (!keys.every((k) => range.params[k] === "*" || (range.params[k] ?? "").toLowerCase() === "")) continue;
          s |= 1;
        }
        const spec = { q: range.q, s, o: range.index };
        if ((best.s - spec.s || best.q - spec.q || best.o - spec.o) < 0) best = spec;
      }
      return { type, i, ...best };
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q || b.s - a.s || a.o - b.o || a.i - b.i);
  return ranked[0]?.type ?? null;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  splitOutsideQuotes(header, ",").forEach((part, index) => {
    const m = /^\s*([^\s/;]+)\/([^;\s]+)\s*(?:;(.*))?$/.exec(part);
    if (!m) return;
    const params: Record<string, string> = {};
    let q = 1;
    for (const pair of m[3] ? splitOutsideQuotes(m[3], ";") : []) {
      const eq = pair.indexOf("=");
      const key = (eq === -1 ? pair : pair.slice(0, eq)).trim().toLowerCase();
      const raw = eq === -1 ? "" : pair.slice(eq + 1).trim();
      const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
      if (key === "q") {
        q = Number.parseFloat(value);
        break;
      }
      params[key] = value;
    }
    ranges.push({ type: m[1]!, subtype: m[2]!, params, q, index });
  });
  return ranges;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
