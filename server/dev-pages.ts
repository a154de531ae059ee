import type express from "express";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../platform/db/open";
import { orderPayments, orders, outbox, testGatewayPayments } from "../platform/db/schema";

/** The outbox's newest messages first: the embedded default keeps them instead of sending them. */
async function recentMessages(db: Db, recipient: string | null) {
  const rows = await db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(desc(outbox.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, kind: r.kind, createdAt: r.createdAt.toISOString() }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The outbox, readable in development and test (DESIGN.md: order e-mails go to an outbox table in the embedded
 * default). Never mounted in production: it shows other shoppers' messages.
 */
export function mountDevOutbox(app: express.Express, db: Db): void {
  app.get("/dev/outbox", async (req, res) => {
    const recipient = typeof req.query.to === "string" && req.query.to ? req.query.to : null;
    const messages = await recentMessages(db, recipient);
    res.setHeader("Cache-Control", "no-store");
    if (req.accepts(["html", "json"]) === "json") {
      res.json({ messages });
      return;
    }
    const items = messages
      .map(
        (m) =>
          `<li><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.recipient)} by ${m.channel}, ${escapeHtml(m.createdAt)}</p><pre>${escapeHtml(m.body)}</pre></li>`,
      )
      .join("");
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Outbox</title></head><body><main><h1>Outbox</h1><p>Messages the shop would have sent, newest first.</p>${items ? `<ol>${items}</ol>` : "<p>No messages yet.</p>"}</main></body></html>`,
      );
  });
}

/**
 * What the platform and the test gateway hold for an order, for the journeys that check a payment was taken once:
 * the placed orders made from its basket, its approved payment tries, and the approvals the gateway gave for any of
 * that basket's drafts that still stand (a voided one is no charge).
 */
export function mountOrderTestRoutes(app: express.Express, db: Db): void {
  app.get("/__test/order-payments", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const businessOrderId = String(req.query.businessOrderId ?? "");
    const [order] = await db.select().from(orders).where(eq(orders.businessOrderId, businessOrderId));
    if (!order) {
      res.json({ orders: 0, approvedTries: 0, gatewayApproved: 0 });
      return;
    }
    const siblings = await db.select({ id: orders.id, state: orders.state, draftOrderId: orders.draftOrderId }).from(orders).where(eq(orders.basketToken, order.basketToken));
    const tries = await db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(inArray(orderPayments.orderId, siblings.map((s) => s.id)), eq(orderPayments.status, "approved")));
    const approved = await db
      .select({ id: testGatewayPayments.id })
      .from(testGatewayPayments)
      .where(and(inArray(testGatewayPayments.reference, siblings.map((s) => s.draftOrderId)), eq(testGatewayPayments.status, "Authorized")));
    res.json({ orders: siblings.filter((s) => s.state === "placed").length, approvedTries: tries.length, gatewayApproved: approved.length });
  });
}
