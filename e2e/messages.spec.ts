// Issue 13, "Messages out": with SMTP_URL set (serve.ts points it at a local SMTP server), what the shop queues in its
// outbox reaches the shopper's inbox — a sign-in code the member can then sign in with, and an order's confirmation
// linking to its status page — and the development outbox shows each as sent.
import { expect, test } from "./fixtures";
import { basketReadyForCheckout, checkoutAsGuest, expectSuccess, fillDetails, GUEST } from "./support/checkout";
import { codeFrom, linkFrom, waitForMail } from "./support/mail";

const SAM = "sam.patel@example.com";

test.describe.configure({ timeout: 120_000 });

test(
  "a one-time code asked for by e-mail arrives by SMTP and signs the member in",
  { tag: "@once" },
  async ({ request }) => {
    const asked = Date.now();
    const sent = await request.post("/api/auth/sendOtpMessage", { data: { email: SAM, type: "email" } });
    expect(sent.status()).toBe(200);

    const mail = await waitForMail(request, SAM, { subject: /sign-in code$/, after: asked });
    expect(mail.subject).toBe("Your Larder & Co sign-in code");
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);

    const tokens = await request.post("/api/auth/oauthToken", {
      data: { grant_type: "custom_request", provider: "otp", username: SAM, password: code },
    });
    expect(tokens.status(), await tokens.text()).toBe(200);

    const outbox = await request.get(`/dev/outbox?to=${encodeURIComponent(SAM)}`, {
      headers: { accept: "application/json" },
    });
    const { messages } = (await outbox.json()) as { messages: { body: string; state: string }[] };
    expect(messages.find((m) => m.body.includes(code))?.state).toBe("sent");
  },
);

test(
  "a cash order's confirmation arrives by SMTP, linking to the order's status page",
  { tag: "@once" },
  async ({ page, request, jsEnabled }) => {
    await basketReadyForCheckout(page, "collection", jsEnabled);
    await checkoutAsGuest(page);
    await fillDetails(page, false);
    const ordered = Date.now();
    await page.getByRole("radio", { name: /^Cash/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    const number = await expectSuccess(page, "Thanks for your order! We'll send you a text when it's on its way.");

    const mail = await waitForMail(request, GUEST.email, { subject: new RegExp(` order ${number}$`), after: ordered });
    expect(mail.to).toBe(GUEST.email);
    expect(mail.text).toContain(`Your order number is ${number}.`);
    await page.goto(linkFrom(mail));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  },
);
