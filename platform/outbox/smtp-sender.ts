import nodemailer from "nodemailer";
import type { EmailSender } from "../ports/messaging";

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (SMTP_URL). */
  url: string;
  /** The From header (SMTP_FROM); default: the company name at no-reply@localhost. */
  from?: string;
  /** Per connection, greeting and socket inactivity; default 10 s. */
  timeoutMs?: number;
}

/** E-mail through an SMTP relay, with nodemailer: a connection per message (a relay may close idle ones). */
export function smtpSender(options: SmtpOptions): EmailSender {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from ?? { name: message.senderName, address: "no-reply@localhost" },
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return { id: String(info.messageId) };
    },
  };
}
