import type { SmsSender } from "../ports/messaging";

export const TWILIO_DEFAULT_URL = "https://api.twilio.com";

export interface TwilioOptions {
  /** TWILIO_API_URL; default https://api.twilio.com. */
  apiUrl?: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service's sender (TWILIO_FROM). */
  from: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * SMS through Twilio's Messages resource: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From and
 * Body, HTTP basic auth with the account sid and auth token; Twilio answers 201 with the message's sid.
 */
export function twilioSender(options: TwilioOptions): SmsSender {
  const base = (options.apiUrl ?? TWILIO_DEFAULT_URL).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async send(message) {
      const response = await fetcher(url, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => null)) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (response.status !== 201 || typeof answer?.sid !== "string") {
        // Twilio's error answer: { code, message, more_info, status }. Its message names the problem, not our text.
        const detail = answer && typeof answer.message === "string" ? `: ${answer.code ?? ""} ${answer.message}` : "";
        throw new Error(`Twilio answered ${response.status}${detail}`);
      }
      return { id: answer.sid };
    },
  };
}
