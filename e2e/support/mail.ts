// Reads the mail the storefront sent during a journey, from the mailbox serve.ts runs on E2E_PORT+2
// (e2e/support/mail-server.ts).
import type { APIRequestContext } from "@playwright/test";
import type { MailboxEntry } from "./mail-server";

export type Mail = MailboxEntry;

const mailboxUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 2}`;
const TIMEOUT_MS = 10_000;

/**
 * Waits (up to 10 s) for a mail to `to` whose subject matches `subject`, received after `after` (milliseconds since
 * the epoch, e.g. Date.now() before the action that sends it), and answers the newest such mail.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  opts: { subject?: RegExp; after?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + TIMEOUT_MS;
  let seen: Mail[] = [];
  for (;;) {
    const response = await request.get(`${mailboxUrl}/messages`, { params: { to } });
    if (!response.ok())
      throw new Error(`The mailbox answered ${response.status()}: is the e2e server (e2e/support/serve.ts) running?`);
    seen = ((await response.json()) as { messages: Mail[] }).messages;
    const match = seen
      .filter(
        (mail) =>
          (!opts.subject || opts.subject.test(mail.subject)) &&
          (opts.after === undefined || mail.receivedAt >= opts.after),
      )
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to}${opts.subject ? ` with a subject matching ${opts.subject}` : ""} within ${TIMEOUT_MS / 1000} s; ` +
          `its mail: ${JSON.stringify(seen.map((m) => m.subject))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit one-time code in a mail. */
export function codeFrom(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}"`);
  return code;
}

/** The first http(s) link in a mail, without the punctuation that may end its sentence. */
export function linkFrom(mail: Mail): string {
  const link = /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0]?.replace(/[.,;:!?)]+$/, "");
  if (!link) throw new Error(`No link in the mail "${mail.subject}"`);
  return link;
}
