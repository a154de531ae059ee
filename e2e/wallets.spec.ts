// Issue 16 item 4: Apple Pay and Google Pay on the payment step, with the browser's wallets stubbed in the page
// (support/wallets.ts) and everything behind the buttons real: the storefront's wallet route, the platform, the test
// gateway, and for Apple Pay merchant validation a local fake of Apple over mutual TLS (support/fake-apple-pay.ts).
// Spec 2 §4 (Google Pay and Apple Pay flows), §8, §9. Wallets need script: every journey here is @js-only.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  basketReadyForCheckout,
  CARDS,
  checkoutAsGuest,
  chooseDeliveryAddress,
  expectSuccess,
  fillDetails,
  goToGatewayCardPage,
  PAYMENT_ISSUE,
  payOnGateway,
  VICTORIA_THANKS,
} from "./support/checkout";
import { readServerLog } from "./support/server-log";
import { isPath } from "./support/stores";
import {
  applePayPaymentData,
  closeGoogleSheet,
  googlePayToken,
  stubWallets,
  walletRecord,
  type AppleContact,
  type WalletStubOptions,
} from "./support/wallets";

// Each journey shops from scratch on a shared, busy machine: more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const GOOGLE_PAY_SHEET_ERROR = "There was an error processing with Google Pay";
const PAYMENT_CANCELLED = "Your payment was cancelled. Nothing was charged.";
/** The embedded test gateway's public key: Google Pay tokenises for it (gatewayMerchantId). */
const GATEWAY_PUBLIC_KEY = "pk_sbox_embedded_test_gateway";

/** Apple Pay's billing contact: the payer's given name and a family name of two words. */
const GRACE: AppleContact = {
  givenName: "Grace",
  familyName: "Brewster Hopper",
  addressLines: ["1 Poultry"],
  locality: "London",
  postalCode: "EC2R 8AH",
  countryCode: "GB",
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A guest's order at Victoria Street (collection unless asked), on the payment step with the wallets stubbed as asked. */
async function atPaymentStep(
  page: Page,
  wallets: WalletStubOptions,
  method: "collection" | "delivery" = "collection",
): Promise<void> {
  await stubWallets(page, wallets);
  await basketReadyForCheckout(page, method, true);
  await checkoutAsGuest(page);
  if (method === "delivery") await chooseDeliveryAddress(page);
  await fillDetails(page, false);
}

async function orderBilling(request: APIRequestContext, businessOrderId: string) {
  const response = await request.get(`/__test/order-billing?businessOrderId=${encodeURIComponent(businessOrderId)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    paymentMethod: string | null;
    billing: { firstName: string; lastName: string; postcode: string } | null;
  };
}

test.describe("Apple Pay", { tag: ["@js-only", "@desktop-only"] }, () => {
  test("Apple validates the merchant, the approved payment places the order, and the payer's name is split at its first space", async ({
    page,
    request,
  }) => {
    await atPaymentStep(page, {
      apple: { script: "authorise", paymentData: applePayPaymentData(`approve-${unique()}`), billingContact: GRACE },
    });
    const button = page.getByRole("button", { name: "Pay with Apple Pay" });
    await expect(button).toBeEnabled();
    await expectNoAxeViolations(page);
    await button.click();
    const number = await expectSuccess(page, VICTORIA_THANKS);

    const record = await walletRecord(page);
    expect(record.apple.requests).toEqual([
      expect.objectContaining({
        version: 3,
        countryCode: "GB",
        currencyCode: "GBP",
        requiredBillingContactFields: ["postalAddress", "name"],
      }),
    ]);
    // The session is Apple's (the fake's), for this site, handed to the sheet unchanged.
    expect(record.apple.merchantSessions).toEqual([
      expect.objectContaining({
        domainName: "127.0.0.1",
        merchantSessionIdentifier: expect.stringMatching(/^SSH/),
        signature: "e2e-apple-signature",
      }),
    ]);
    expect(record.apple.completedPayments).toEqual([0]);
    expect(await orderBilling(request, number)).toEqual({
      paymentMethod: "applepay",
      billing: { firstName: "Grace", lastName: "Brewster Hopper", postcode: "EC2R 8AH" },
    });
  });

  test("a payment the gateway does not approve fails on the sheet and the page, and nothing is ordered", async ({
    page,
  }) => {
    await atPaymentStep(page, {
      apple: { script: "authorise", paymentData: applePayPaymentData(`decline-${unique()}`), billingContact: GRACE },
    });
    await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: PAYMENT_ISSUE })).toBeVisible();
    await expect(page).toHaveURL(isPath("/checkout/payment"));
    expect((await walletRecord(page)).apple.completedPayments).toEqual([1]);
    await expect(page.getByRole("button", { name: "Pay with Apple Pay" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("closing the sheet is an error", async ({ page }) => {
    await atPaymentStep(page, {
      apple: { script: "cancel", paymentData: applePayPaymentData(`approve-${unique()}`), billingContact: GRACE },
    });
    await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: PAYMENT_CANCELLED })).toBeVisible();
    const record = await walletRecord(page);
    expect(record.apple.merchantSessions).toHaveLength(1);
    expect(record.apple.completedPayments).toEqual([]);
    await expect(page.getByRole("button", { name: "Pay with Apple Pay" })).toBeEnabled();
  });

  test.describe("on a domain Apple has not registered for the merchant", () => {
    // The same server reached as localhost: Apple refuses the merchant for that domain, the platform answers 422.
    test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4317}` });

    test("merchant validation fails with 422 and the shopper is sent to the page that says so", async ({ page }) => {
      await atPaymentStep(page, {
        apple: { script: "authorise", paymentData: applePayPaymentData(`approve-${unique()}`), billingContact: GRACE },
      });
      await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
      await expect(page).toHaveURL(isPath("/checkout/payment/apple-pay-unavailable"));
      await expect(page.getByRole("heading", { level: 1, name: "Apple Pay is not available" })).toBeVisible();
      const record = await walletRecord(page);
      expect(record.apple.merchantSessions).toEqual([]);
      expect(record.apple.aborted).toBe(1);
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Choose another way to pay" }).click();
      await expect(page).toHaveURL(isPath("/checkout/payment"));
    });
  });
});

test.describe("Google Pay", { tag: ["@js-only", "@desktop-only"] }, () => {
  test("the token from Google's sheet pays, tokenised for the gateway, and the order is placed", async ({
    page,
    request,
  }) => {
    await atPaymentStep(page, { google: { script: "pay", token: googlePayToken(`approve-${unique()}`) } });
    const total = (await page.getByText(/^Total to pay:/).textContent())?.replace(/^Total to pay:\s*£/, "");
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    const number = await expectSuccess(page, VICTORIA_THANKS);
    const record = await walletRecord(page);
    const [asked] = record.google.requests;
    expect(asked!.methods[0]).toMatchObject({
      supportedMethods: "https://google.com/pay",
      data: {
        apiVersion: 2,
        allowedPaymentMethods: [
          {
            type: "CARD",
            tokenizationSpecification: {
              type: "PAYMENT_GATEWAY",
              parameters: { gateway: "checkoutltd", gatewayMerchantId: GATEWAY_PUBLIC_KEY },
            },
          },
        ],
        transactionInfo: { totalPriceStatus: "FINAL", totalPrice: total, currencyCode: "GBP" },
      },
    });
    expect(record.google.completed).toEqual(["success"]);
    expect((await orderBilling(request, number)).paymentMethod).toBe("googlepay");
  });

  test("Pending with a redirect link: the browser goes to 3-D Secure 100 ms after the answer, and the order follows", async ({
    page,
  }) => {
    await atPaymentStep(page, { google: { script: "pay", token: googlePayToken(`challenge-${unique()}`) } });
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/test-gateway/3ds/"));
    const { walletAnsweredAt } = await walletRecord(page);
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    expect(walletAnsweredAt).not.toBeNull();
    expect(navigationStart - walletAnsweredAt!).toBeGreaterThanOrEqual(100);
    expect(navigationStart - walletAnsweredAt!).toBeLessThan(3000);
    await page.getByRole("button", { name: "Authenticate" }).click();
    await expectSuccess(page, VICTORIA_THANKS);
  });

  test("an id without a business order id: the payment is verified with the gateway, then the order is placed", async ({
    page,
    request,
  }) => {
    await atPaymentStep(page, { google: { script: "pay", token: googlePayToken(`processing-${unique()}`) } });
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    const number = await expectSuccess(page, VICTORIA_THANKS);
    expect((await walletRecord(page)).google.completed).toEqual(["success"]);
    expect((await orderBilling(request, number)).paymentMethod).toBe("googlepay");
    // The gateway answered Pending with no link; the payment settled only when the verification read it again.
    expect(await readServerLog()).toMatch(/"test_gateway\.processing_settled"/);
  });

  test("while the sheet is open no other payment can start; closing it is Google Pay's error and frees the buttons", async ({
    page,
  }) => {
    await atPaymentStep(page, { google: { script: "held", token: googlePayToken(`approve-${unique()}`) } });
    const google = page.getByRole("button", { name: "Pay with Google Pay" });
    const proceed = page.getByRole("button", { name: "Continue" });
    await google.click();
    await expect(google).toBeDisabled();
    await expect(proceed).toBeDisabled();
    await closeGoogleSheet(page);
    await expect(page.getByRole("alert").filter({ hasText: GOOGLE_PAY_SHEET_ERROR })).toBeVisible();
    await expect(google).toBeEnabled();
    await expect(proceed).toBeEnabled();
  });

  test("a sheet that fails shows Google Pay's error", async ({ page }) => {
    await atPaymentStep(page, { google: { script: "fail", token: googlePayToken(`approve-${unique()}`) } });
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: GOOGLE_PAY_SHEET_ERROR })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with Google Pay" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("a declined token fails on the sheet and shows the payment issue", async ({ page }) => {
    await atPaymentStep(page, { google: { script: "pay", token: googlePayToken(`decline-${unique()}`) } });
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: PAYMENT_ISSUE })).toBeVisible();
    expect((await walletRecord(page)).google.completed).toEqual(["fail"]);
    await expect(page).toHaveURL(isPath("/checkout/payment"));
  });
});

test(
  "no card number, security code or wallet token reaches the server's log",
  { tag: ["@js-only", "@desktop-only"] },
  async ({ page }) => {
    const marker = unique();
    const googleToken = googlePayToken(`decline-google-${marker}`);
    const appleData = applePayPaymentData(`approve-apple-${marker}`);
    await atPaymentStep(
      page,
      {
        google: { script: "pay", token: googleToken },
        apple: { script: "authorise", paymentData: appleData, billingContact: GRACE },
      },
      "delivery",
    );

    // A card declined on the gateway's page, a Google Pay token declined, then Apple Pay approved: one order.
    await goToGatewayCardPage(page);
    await payOnGateway(page, CARDS.declined);
    await expect(page).toHaveURL(isPath("/checkout/payment"));
    await page.getByRole("button", { name: "Pay with Google Pay" }).click();
    await expect(page.getByRole("alert").filter({ hasText: PAYMENT_ISSUE })).toBeVisible();
    await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
    await expectSuccess(page, VICTORIA_THANKS);

    const log = await readServerLog();
    // The log is the server's, and it saw these payments.
    expect(log).toContain('"/checkout/payment/wallet"');
    const cardDigits = CARDS.declined.replace(/\s/g, "");
    for (const secret of [
      CARDS.declined,
      cardDigits,
      cardDigits.slice(0, 12),
      marker,
      String(googleToken.signature),
      String(appleData.signature),
      String(appleData.data),
    ]) {
      expect(log, `the server's log holds ${secret}`).not.toContain(secret);
    }
    // payOnGateway's security code, under any of its names.
    expect(log).not.toMatch(/(cvv|cvc|security.?code)\W{0,6}123\b/i);
    // The gateway's one-time card and wallet tokens.
    expect(log).not.toMatch(/tok_[a-z0-9]{6,}/i);
  },
);
