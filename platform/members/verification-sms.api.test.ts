import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_MESSAGES } from "../contract";
import { registerMember } from "../auth/testing/accounts";
import { expectNoSecretsIn } from "../auth/testing/logs";
import { startFakeTwilio, type FakeTwilio } from "../outbox/testing/fake-twilio";
import { twilioSender } from "../outbox/twilio-sender";
import { seededPlatform, type TestPlatform } from "../testing";

const TWILIO = { sid: "AC00000000000000000000000000000002", token: "twilio-test-token", from: "+447700900111" };

let t: TestPlatform;
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio(TWILIO.sid, TWILIO.token);
  ({ t } = await seededPlatform({
    messaging: {
      email: null,
      sms: twilioSender({ apiUrl: twilio.url, accountSid: TWILIO.sid, authToken: TWILIO.token, from: TWILIO.from }),
    },
  }));
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

describe("member/verificationCode through the SMS provider", () => {
  it("the code reaches the member's mobile by SMS, and that code verifies it; no log line carries it", async () => {
    const { access_token: token } = await registerMember(t, {
      email: "sms.verify@example.com",
      mobile: "07700 900 321",
    });
    const res = await t.call(
      "POST",
      "/api/member/verificationCode/request",
      { verifytoken: "honeypot:", platform: "web" },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: MEMBER_MESSAGES.otpSent });
    expect((await t.deliverMessages()).sent).toBe(1);

    const sms = twilio.requests.at(-1)!;
    expect(sms.form).toMatchObject({ To: "+447700900321", From: TWILIO.from });
    const code = /\b(\d{6})\b/.exec(sms.form.Body ?? "")?.[1];
    expect(sms.form.Body).toBe(
      `${code} is your Larder & Co code to verify your mobile number. It works once, for 10 minutes.`,
    );

    const check = await t.call("POST", "/api/member/verificationCode/check", { verificationCode: code }, { token });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const profile = await t.call("POST", "/api/member/profile/get", {}, { token });
    expect(profile.body).toMatchObject({ mobile: "+447700900321", mobileValidated: true });
    expectNoSecretsIn(t.logs, [code!]);
  });
});
