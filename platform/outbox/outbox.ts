import type { Db } from "../db/open";
import { outbox } from "../db/schema";

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutgoingMessage {
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  /** What the message is (order_confirmation …): a sender or a development page can pick by it. */
  kind: string;
  orderId?: number | null;
}

/**
 * Queues a message for a shopper. Written in the caller's transaction, so a message goes out exactly when what it
 * announces happened (an order is confirmed only if it was placed); a sender delivers it later and sets sent_at.
 */
export async function queueMessage(db: Db, message: OutgoingMessage, now: Date): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, orderId: message.orderId ?? null, createdAt: now })
    .returning();
  if (!row) throw new Error("Outbox message inserted but not read back");
  return row;
}
