import { eq, sql } from "drizzle-orm";
import type { Clock } from "../contract";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";
import type { Logger } from "../logger";
import type { MessageSenders } from "../ports/messaging";
import type { OutboxRow } from "./outbox";

/*
 * Sends what the outbox holds. Any number of instances may run this at once on one database: a message is claimed
 * for a while (claimed_until, the lease) by one statement that skips rows another instance has locked, and is sent
 * only by the instance whose claim it is. An instance that dies mid-send leaves its claim to run out, and the message
 * is tried again: delivery is at least once, and twice only when a sender dies between sending and recording it.
 */

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  senders: MessageSenders;
  /** The company name, as e-mails are sent from it (unless SMTP_FROM says otherwise). */
  senderName(): Promise<string>;
}

export interface DeliveryOptions {
  /** Messages claimed in one pass; default 20. */
  batch?: number;
  /** Tries before giving up on a message; default 5. */
  maxAttempts?: number;
  /** How long a claim holds: longer than any one send takes; default 2 minutes. */
  leaseMs?: number;
  /** The wait before try number `attempt + 1`, after `attempt` tries failed; default 30 s doubling, at most 1 hour. */
  backoffMs?(attempt: number): number;
}

export interface DeliverySummary {
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for the last allowed time. */
  gaveUp: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
}

/** One pass: claims the due messages of every channel that has a sender, and sends each once. */
export async function deliverOutbox(deps: DeliveryDeps, options: DeliveryOptions = {}): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, retrying: 0, gaveUp: 0 };
  const channels = (["email", "sms"] as const).filter((channel) => deps.senders[channel]);
  if (channels.length === 0) return summary;
  const claimed = await claim(deps, channels, options.batch ?? 20, options.leaseMs ?? 120_000);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  for (const message of claimed) {
    try {
      const { id } = await send(deps, message);
      await deps.db
        .update(outbox)
        .set({ sentAt: deps.clock.now(), claimedUntil: null, nextAttemptAt: null, lastError: null })
        .where(eq(outbox.id, message.id));
      deps.log.info("outbox.sent", {
        messageId: message.id,
        kind: message.kind,
        channel: message.channel,
        attempts: message.attempts,
        providerId: id,
      });
      summary.sent++;
    } catch (error) {
      const reason = redact(error instanceof Error ? error.message : String(error), message.body);
      const now = deps.clock.now();
      const giveUp = message.attempts >= maxAttempts;
      await deps.db
        .update(outbox)
        .set({
          claimedUntil: null,
          lastError: reason,
          failedAt: giveUp ? now : null,
          nextAttemptAt: giveUp ? null : new Date(now.getTime() + backoff(message.attempts)),
        })
        .where(eq(outbox.id, message.id));
      const fields = {
        messageId: message.id,
        kind: message.kind,
        channel: message.channel,
        attempts: message.attempts,
        error: reason,
      };
      if (giveUp) {
        deps.log.error("outbox.gave_up", fields);
        summary.gaveUp++;
      } else {
        deps.log.warn("outbox.send_failed", fields);
        summary.retrying++;
      }
    }
  }
  return summary;
}

/**
 * Claims up to `limit` due messages in one statement and counts the try on each: unsent, not given up, past their
 * backoff, and not claimed by anyone (or their claim ran out). SKIP LOCKED leaves rows another instance is claiming
 * at this moment to it; a row claimed meanwhile fails the conditions when PostgreSQL checks them again on lock.
 */
async function claim(
  deps: DeliveryDeps,
  channels: readonly ("email" | "sms")[],
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + leaseMs);
  const due = sql`
    select ${outbox.id} from ${outbox}
    where ${outbox.sentAt} is null and ${outbox.failedAt} is null
      and ${outbox.channel} in (${sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      )})
      and (${outbox.nextAttemptAt} is null or ${outbox.nextAttemptAt} <= ${now})
      and (${outbox.claimedUntil} is null or ${outbox.claimedUntil} <= ${now})
    order by ${outbox.id}
    limit ${limit}
    for update skip locked`;
  return deps.db
    .update(outbox)
    .set({ claimedUntil: until, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
}

async function send(deps: DeliveryDeps, message: OutboxRow): Promise<{ id: string }> {
  if (message.channel === "sms") {
    if (!deps.senders.sms) throw new Error("No SMS sender");
    return deps.senders.sms.send({ to: message.recipient, body: message.body });
  }
  if (!deps.senders.email) throw new Error("No e-mail sender");
  return deps.senders.email.send({
    to: message.recipient,
    subject: message.subject,
    text: message.body,
    senderName: await deps.senderName(),
  });
}

/**
 * An error as it may be stored and logged: at most 500 characters, and without any word of the body that could be a
 * secret (a code, a link with a token: any word of six or more characters holding a digit), should a relay have
 * echoed the message back.
 */
export function redact(error: string, body: string): string {
  let text = error;
  const secrets = new Set(body.split(/\s+/).filter((word) => word.length >= 6 && /\d/.test(word)));
  for (const word of [...secrets].sort((a, b) => b.length - a.length)) text = text.split(word).join("[redacted]");
  return text.replace(/\b\d{6}\b/g, "[redacted]").slice(0, 500);
}

export interface OutboxDelivery {
  /** Run a pass soon (a message was just queued); passes never overlap. */
  nudge(): void;
  /** Stops the timer and waits for a pass under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs `deliver` every `everyMs` and whenever nudged. A nudge while a pass runs asks for one more pass after it; a
 * pass that filled its batch is followed at once by another. The timer alone does not keep the process alive.
 */
export function startOutboxDelivery(
  deliver: () => Promise<DeliverySummary>,
  everyMs: number,
  log: Logger,
  batch = 20,
): OutboxDelivery {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = deliver()
      .then((summary) => {
        if (summary.sent + summary.retrying + summary.gaveUp >= batch) again = true;
      })
      .catch((error: unknown) => {
        log.error("outbox.delivery_failed", { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        running = null;
        if (again) setImmediate(run);
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    nudge: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
