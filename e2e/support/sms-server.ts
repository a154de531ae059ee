// The end-to-end server's SMS: the storefront's platform sends through Twilio's API to a local fake of it
// (platform/outbox/testing/fake-twilio.ts), started by serve.ts on E2E_PORT+4. Journeys read the messages from the
// same fake, as Twilio's "read messages" answers them (e2e/support/sms.ts).
import { startFakeTwilio, type FakeTwilio } from "../../platform/outbox/testing/fake-twilio";

/** The fake account's credentials (test values: the fake takes only these). */
export const SMS_ACCOUNT = {
  sid: "AC00000000000000000000000000000e2e",
  token: "e2e-twilio-token",
  from: "+447700900999",
} as const;

export function smsServerUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** The fake Twilio on `port`, and the environment that points the platform's SMS sender at it (platform/outbox/from-env.ts). */
export async function startSmsServer(port: number): Promise<{ fake: FakeTwilio; env: Record<string, string> }> {
  const fake = await startFakeTwilio(SMS_ACCOUNT.sid, SMS_ACCOUNT.token, { port });
  return {
    fake,
    env: {
      TWILIO_ACCOUNT_SID: SMS_ACCOUNT.sid,
      TWILIO_AUTH_TOKEN: SMS_ACCOUNT.token,
      TWILIO_FROM: SMS_ACCOUNT.from,
      TWILIO_API_URL: fake.url,
    },
  };
}
