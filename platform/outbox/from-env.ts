import type { MessageSenders } from "../ports/messaging";
import { smtpSender } from "./smtp-sender";
import { twilioSender } from "./twilio-sender";

/** The environment variables the senders read (all optional: unset means messages wait in the outbox). */
export interface MessagingEnv {
  SMTP_URL?: string;
  SMTP_FROM?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_URL?: string;
}

/** E-mail by SMTP when SMTP_URL is set, SMS by Twilio when its three variables are; otherwise no sender. */
export function messageSendersFromEnv(env: MessagingEnv): MessageSenders {
  return {
    email: env.SMTP_URL ? smtpSender({ url: env.SMTP_URL, from: env.SMTP_FROM }) : null,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? twilioSender({
            apiUrl: env.TWILIO_API_URL,
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
          })
        : null,
  };
}
