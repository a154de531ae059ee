// The end-to-end server's mail: a real SMTP server the storefront sends to (SMTP_URL), keeping what it receives in
// memory, and a small HTTP mailbox the journeys read it from (e2e/support/mail.ts). Started by serve.ts.
import { createServer, type Server } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { Server as NetServer } from "node:net";
import { listenSharingTls } from "./fake-apple-pay";
import { startSmtpCapture, type SmtpCapture } from "../../platform/outbox/testing/smtp-capture";

/** One received mail as the mailbox answers it. */
export interface MailboxEntry {
  /** The envelope's recipients, comma-separated. */
  to: string;
  subject: string;
  text: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
}

export interface MailServer {
  smtpUrl: string;
  mailboxUrl: string;
  close(): Promise<void>;
}

/**
 * SMTP on smtpPort and the mailbox on mailboxPort, both on the loopback address. `tls`, when given, answers the TLS
 * connections on the mailbox's port (the fake of Apple's merchant validation, fake-apple-pay.ts).
 */
export async function startMailServer(smtpPort: number, mailboxPort: number, tls?: HttpsServer): Promise<MailServer> {
  const smtp = await startSmtpCapture(smtpPort);
  const mailbox = await startMailbox(smtp, mailboxPort, tls);
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${mailboxPort}`,
    async close() {
      await new Promise<void>((resolve) => mailbox.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** GET /messages?to=<address>: the mail to that address (any case), newest last; without `to`, all of it. */
function startMailbox(smtp: SmtpCapture, port: number, tls?: HttpsServer): Promise<Server | NetServer> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mailbox.local");
    if (request.method !== "GET" || url.pathname !== "/messages") {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "GET /messages?to=<address>" }));
      return;
    }
    const to = url.searchParams.get("to")?.trim().toLowerCase();
    const messages: MailboxEntry[] = smtp.mails
      .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
      .map((mail) => ({ to: mail.to.join(", "), subject: mail.subject, text: mail.text, receivedAt: mail.receivedAt }));
    response
      .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
      .end(JSON.stringify({ messages }));
  });
  if (tls) return listenSharingTls(port, server, tls);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
