/**
 * Messages out, behind one interface per channel. The outbox (outbox/) keeps every message a shopper is sent; the
 * dispatcher (outbox/deliver.ts) hands each to the sender of its channel. Implementations: SMTP for e-mail
 * (outbox/smtp-sender.ts) and Twilio's REST API for SMS (outbox/twilio-sender.ts). A channel without a sender keeps
 * its messages waiting in the outbox, where the development page shows them.
 *
 * A sender throws on failure; the error's message is stored and logged, so it must never carry the message's text.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
  /** The company name: the sender's display name, unless the sender is configured with a From of its own. */
  senderName: string;
}

export interface EmailSender {
  /** Resolves with the relay's id for the message, once the relay has accepted it. */
  send(message: EmailMessage): Promise<{ id: string }>;
}

export interface SmsMessage {
  /** E.164, e.g. +447700900982. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves with the provider's id for the message, once the provider has accepted it. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

export interface MessageSenders {
  email: EmailSender | null;
  sms: SmsSender | null;
}
