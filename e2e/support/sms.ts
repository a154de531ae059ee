// Reads the SMS the storefront sent during a journey, from the fake Twilio serve.ts runs on E2E_PORT+4
// (e2e/support/sms-server.ts), through Twilio's own "read messages" call.
import type { APIRequestContext } from "@playwright/test";
import { SMS_ACCOUNT, smsServerUrl } from "./sms-server";

export interface Sms {
  to: string;
  body: string;
  /** Milliseconds since the epoch, to the second (Twilio's date_created). */
  sentAt: number;
}

const messagesUrl = `${smsServerUrl(Number(process.env.E2E_PORT ?? 4317) + 4)}/2010-04-01/Accounts/${SMS_ACCOUNT.sid}/Messages.json`;
const authorization = `Basic ${Buffer.from(`${SMS_ACCOUNT.sid}:${SMS_ACCOUNT.token}`).toString("base64")}`;
const TIMEOUT_MS = 10_000;

/** A UK mobile as Twilio is given it: 07700 900123 → +447700900123. */
export function e164(mobile: string): string {
  const digits = mobile.replace(/[^\d+]/g, "");
  return digits.startsWith("0") ? `+44${digits.slice(1)}` : digits;
}

/**
 * Waits (up to 10 s: the outbox sends every second) for an SMS to the mobile `to` (UK or +44 form) sent at or after
 * `after` (milliseconds since the epoch, e.g. Date.now() before the action that sends it), and answers the newest.
 */
export async function waitForSms(request: APIRequestContext, to: string, opts: { after?: number } = {}): Promise<Sms> {
  const deadline = Date.now() + TIMEOUT_MS;
  // Twilio's dates are to the second.
  const after = opts.after === undefined ? undefined : Math.floor(opts.after / 1000) * 1000;
  let seen: Sms[] = [];
  for (;;) {
    const response = await request.get(messagesUrl, { params: { To: e164(to) }, headers: { authorization } });
    if (!response.ok())
      throw new Error(
        `The fake Twilio answered ${response.status()}: is the e2e server (e2e/support/serve.ts) running?`,
      );
    const { messages } = (await response.json()) as { messages: { to: string; body: string; date_created: string }[] };
    seen = messages.map((m) => ({ to: m.to, body: m.body, sentAt: Date.parse(m.date_created) }));
    // Newest first, as Twilio lists them.
    const match = seen.find((sms) => after === undefined || sms.sentAt >= after);
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(
        `No SMS to ${to} within ${TIMEOUT_MS / 1000} s; its SMS: ${JSON.stringify(seen.map((m) => m.body))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code in an SMS. */
export function smsCode(sms: Sms): string {
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`No 6-digit code in the SMS "${sms.body}"`);
  return code;
}
