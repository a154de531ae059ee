import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { resetClockAndHolds, seededPlatform, type ShopperApi, type TestPlatform } from "../testing";
import { deliverOutbox, redact, startOutboxDelivery, type DeliveryDeps } from "./deliver";
import { queueMessage } from "./outbox";
import { smtpSender } from "./smtp-sender";
import { startFakeTwilio, type FakeTwilio } from "./testing/fake-twilio";
import { startSmtpCapture, type SmtpCapture } from "./testing/smtp-capture";
import { twilioSender } from "./twilio-sender";

const SAM = { email: "sam.patel@example.com", mobile: "+447700900982" };
const TWILIO = { sid: "AC00000000000000000000000000000001", token: "twilio-test-token", from: "+447700900111" };

let t: TestPlatform;
let shop: ShopperApi;
let smtp: SmtpCapture;
let twilio: FakeTwilio;
/** Every code the tests saw go out, to check no log line and no stored error holds one. */
const codes: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  twilio = await startFakeTwilio(TWILIO.sid, TWILIO.token);
  ({ t, shop } = await seededPlatform({
    messaging: {
      email: smtpSender({ url: smtp.url }),
      sms: twilioSender({ apiUrl: twilio.url, accountSid: TWILIO.sid, authToken: TWILIO.token, from: TWILIO.from }),
    },
  }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});
afterEach(async () => {
  smtp.refuse = null;
  twilio.failWith = null;
  // Leave nothing due for the next test: what a test left unsent is given up.
  await t.db
    .update(outbox)
    .set({ failedAt: t.clock.now() })
    .where(sql`${outbox.sentAt} is null`);
  await resetClockAndHolds(t);
});

const sendCode = async (type: "email" | "sms") => {
  const res = await t.call("POST", "/api/auth/sendOtpMessage", { email: SAM.email, type });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await t.db
    .select()
    .from(outbox)
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row!.body)![1]!;
  codes.push(code);
  return { row: row!, code };
};

const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe("deliverOutbox", () => {
  it("sends a one-time code by e-mail through SMTP, from the company, and marks it sent", async () => {
    const { row, code } = await sendCode("email");
    expect(await t.deliverMessages()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([SAM.email]);
    expect(mail.subject).toBe("Your Larder & Co sign-in code");
    expect(mail.from).toBe('"Larder & Co" <no-reply@localhost>');
    expect(mail.text).toContain(`Your Larder & Co sign-in code is ${code}`);
    expect(await rowOf(row.id)).toMatchObject({
      sentAt: t.clock.now(),
      attempts: 1,
      lastError: null,
      failedAt: null,
      claimedUntil: null,
    });
    // Sent once: the next pass finds nothing.
    expect(await t.deliverMessages()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(smtp.mails.filter((m) => m.text.includes(code))).toHaveLength(1);
  });

  it("sends an order confirmation by e-mail", async () => {
    const { token, draft } = await shop.draftFor();
    const paid = await shop.makePayment(token, draft.draftOrderId, { paymentMethod: "cash" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const before = smtp.mails.length;
    expect((await t.deliverMessages()).sent).toBe(1);
    const [mail] = smtp.mails.slice(before);
    expect(mail!.to).toEqual(["robin.shopper@example.com"]);
    expect(mail!.subject).toBe(`Your Larder & Co order ${draft.businessOrderId}`);
    expect(mail!.text).toContain(`Total: £${(draft.total / 100).toFixed(2)}`);
  });

  it("sends a password reset link by e-mail", async () => {
    const res = await t.call("POST", "/api/auth/requestResetPassword", {
      email: SAM.email,
      resetUrl: "https://shop.example/reset-password",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const before = smtp.mails.length;
    expect((await t.deliverMessages()).sent).toBe(1);
    const [mail] = smtp.mails.slice(before);
    expect(mail!.to).toEqual([SAM.email]);
    const link = /https:\/\/shop\.example\/reset-password\/\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    codes.push(link!.split("/").at(-1)!);
  });

  it("tries again when the relay cannot be reached at all", async () => {
    const row = await queueMessage(
      t.db,
      { channel: "email", recipient: "down@example.com", subject: "S", body: "B", kind: "test" },
      t.clock.now(),
    );
    const closed = await startSmtpCapture();
    await closed.close();
    const deps: DeliveryDeps = {
      db: t.db,
      clock: t.clock,
      log: { info() {}, warn() {}, error() {} },
      senders: { email: smtpSender({ url: closed.url, timeoutMs: 2_000 }), sms: null },
      senderName: async () => "Shop",
    };
    expect(await deliverOutbox(deps)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    expect((await rowOf(row.id)).lastError).toMatch(/ECONNREFUSED/);
  });

  it("sends a one-time code by SMS through Twilio's Messages resource to the member's mobile", async () => {
    const { row, code } = await sendCode("sms");
    expect(await t.deliverMessages()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    const request = twilio.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString("base64")}`,
      contentType: "application/x-www-form-urlencoded",
      form: {
        To: SAM.mobile,
        From: TWILIO.from,
        Body: `${code} is your Larder & Co sign-in code. It works once, for 10 minutes.`,
      },
    });
    expect((await rowOf(row.id)).sentAt).toEqual(t.clock.now());
    const sent = t.logs.find((l) => l.event === "outbox.sent" && l.fields.messageId === row.id);
    expect(sent?.fields.providerId).toMatch(/^SM\d{32}$/);
  });

  it("tries a refused e-mail again after a backoff, and sends it once the relay takes it", async () => {
    const { row, code } = await sendCode("email");
    smtp.refuse = "Mailbox busy, try later";
    const options = { maxAttempts: 3, backoffMs: (attempt: number) => attempt * 60_000 };
    expect(await t.deliverMessages(options)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, claimedUntil: null });
    expect(failed.lastError).toMatch(/Mailbox busy, try later/);
    expect(failed.nextAttemptAt).toEqual(new Date(t.clock.now().getTime() + 60_000));
    // Not before its backoff is over.
    smtp.refuse = null;
    expect(await t.deliverMessages(options)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    t.clock.advance(60_000);
    expect(await t.deliverMessages(options)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(await rowOf(row.id)).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: null });
    expect(smtp.mails.filter((m) => m.text.includes(code))).toHaveLength(1);
  });

  it("gives up after the last allowed attempt, and sends it no more", async () => {
    const { row } = await sendCode("email");
    smtp.refuse = "Relay unavailable";
    const options = { maxAttempts: 3, backoffMs: () => 1_000 };
    const passes = [];
    for (let i = 0; i < 3; i++) {
      passes.push(await t.deliverMessages(options));
      t.clock.advance(1_000);
    }
    expect(passes).toEqual([
      { sent: 0, retrying: 1, gaveUp: 0 },
      { sent: 0, retrying: 1, gaveUp: 0 },
      { sent: 0, retrying: 0, gaveUp: 1 },
    ]);
    const given = await rowOf(row.id);
    expect(given).toMatchObject({ attempts: 3, sentAt: null, nextAttemptAt: null });
    expect(given.failedAt).not.toBeNull();
    expect(t.logs.filter((l) => l.event === "outbox.gave_up" && l.fields.messageId === row.id)).toHaveLength(1);
    smtp.refuse = null;
    t.clock.advance(3_600_000);
    expect(await t.deliverMessages(options)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
  });

  it("stores and logs a provider's error without the code, even when the provider echoes the message", async () => {
    const { row, code } = await sendCode("sms");
    twilio.failWith = `Cannot deliver '${code} is your sign-in code' to this number`;
    expect((await t.deliverMessages()).retrying).toBe(1);
    const failed = await rowOf(row.id);
    expect(failed.lastError).toContain("Twilio answered 400: 21211 Cannot deliver");
    expect(failed.lastError).not.toContain(code);
  });

  it("leaves a message another instance has claimed alone until its claim runs out", async () => {
    const row = await queueMessage(
      t.db,
      { channel: "email", recipient: "claimed@example.com", subject: "Claimed", body: "B", kind: "test" },
      t.clock.now(),
    );
    // As an instance that claimed it and died before sending would leave it.
    await t.db
      .update(outbox)
      .set({ claimedUntil: new Date(t.clock.now().getTime() + 120_000), attempts: 1 })
      .where(eq(outbox.id, row.id));
    expect((await t.deliverMessages()).sent).toBe(0);
    t.clock.advance(120_000);
    expect((await t.deliverMessages()).sent).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ attempts: 2, claimedUntil: null });
    expect(smtp.mails.at(-1)!.to).toEqual(["claimed@example.com"]);
  });

  it("leaves messages of a channel without a sender waiting in the outbox", async () => {
    const deps: DeliveryDeps = {
      db: t.db,
      clock: t.clock,
      log: { info() {}, warn() {}, error() {} },
      senders: { email: null, sms: null },
      senderName: async () => "Shop",
    };
    const row = await queueMessage(
      t.db,
      { channel: "email", recipient: "x@example.com", subject: "S", body: "B", kind: "test" },
      t.clock.now(),
    );
    expect(await deliverOutbox(deps)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(await rowOf(row.id)).toMatchObject({ attempts: 0, sentAt: null, claimedUntil: null });
  });

  const neverTwice =
    "never sends a message twice from two dispatchers on one database " +
    `(${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`;
  it(neverTwice, async () => {
    const sends = new Map<string, number>();
    const slowSender = (who: string) => ({
      async send(message: { to: string }) {
        sends.set(message.to, (sends.get(message.to) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return { id: `${who}-${message.to}` };
      },
    });
    const dispatcher = (who: string): DeliveryDeps => ({
      db: t.db,
      clock: t.clock,
      log: { info() {}, warn() {}, error() {} },
      senders: { email: slowSender(who), sms: slowSender(who) },
      senderName: async () => "Shop",
    });
    const count = 40;
    for (let i = 0; i < count; i++) {
      await queueMessage(
        t.db,
        {
          channel: i % 4 === 0 ? "sms" : "email",
          recipient: `race-${i}@example.com`,
          subject: "Race",
          body: "Body",
          kind: "test",
        },
        t.clock.now(),
      );
    }
    const a = dispatcher("a");
    const b = dispatcher("b");
    const totals = { sent: 0, retrying: 0, gaveUp: 0 };
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all([
        deliverOutbox(a, { batch: 7 }),
        deliverOutbox(b, { batch: 7 }),
        deliverOutbox(a, { batch: 7 }),
      ]);
      for (const r of results) totals.sent += r.sent;
    }
    expect(totals.sent).toBe(count);
    expect(sends.size).toBe(count);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.recipient} like 'race-%' and ${outbox.sentAt} is null`);
    expect(left[0]!.n).toBe(0);
  });

  it("wrote no code into any log line or stored error", async () => {
    expect(codes.length).toBeGreaterThanOrEqual(5);
    const lines = t.logs.map((l) => JSON.stringify(l));
    const errors = (await t.db.select({ e: outbox.lastError }).from(outbox)).map((r) => r.e ?? "");
    for (const code of codes) {
      expect(lines.filter((l) => l.includes(code))).toEqual([]);
      expect(errors.filter((e) => e.includes(code))).toEqual([]);
    }
  });
});

describe("redact", () => {
  it("removes the body's codes and tokens from an error, and keeps it short", () => {
    expect(
      redact(
        "550 rejected: 123456 is your code, see https://x.test/reset/abc123def",
        "123456 is your code\nhttps://x.test/reset/abc123def",
      ),
    ).toBe("550 rejected: [redacted] is your code, see [redacted]");
    expect(redact("x".repeat(900), "")).toHaveLength(500);
  });
});

describe("startOutboxDelivery", () => {
  it("runs on its interval and when nudged, never two passes at once, and stops cleanly", async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    const deliver = async () => {
      active++;
      most = Math.max(most, active);
      passes++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      active--;
      return { sent: 0, retrying: 0, gaveUp: 0 };
    };
    const delivery = startOutboxDelivery(deliver, 60_000, { info() {}, warn() {}, error() {} });
    delivery.nudge();
    delivery.nudge();
    delivery.nudge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The first nudge ran a pass; those during it asked for one more.
    expect(passes).toBe(2);
    expect(most).toBe(1);
    delivery.nudge();
    await delivery.stop();
    expect(active).toBe(0);
    delivery.nudge();
    expect(passes).toBe(3);
  });
});
