// Apple Pay and Google Pay as the browser offers them, stubbed in the page (page.addInitScript) for the wallet
// journeys: Chromium has neither wallet. The payment step's buttons (app/components/checkout/WalletButtons.tsx) use
// Apple's ApplePaySession, and for Google Pay the W3C Payment Request API with the https://google.com/pay method
// (Google's documented way of paying from Chrome without its pay.js), so those two globals are what is replaced.
// Each stub plays the wallet's sheet as the journey asks and records what the page did with it in sessionStorage,
// which outlives the page's navigation to the success page (same origin).
import type { Page } from "@playwright/test";
import { appleValidationUrl } from "./fake-apple-pay";

export type AppleScript =
  /** Merchant validation, then the shopper authorises with Touch ID: the payment with its billing contact. */
  | "authorise"
  /** Merchant validation, then the shopper closes the sheet. */
  | "cancel";

export type GoogleScript =
  /** The shopper picks a card: its token goes to the page. */
  | "pay"
  /** The sheet fails (no card, Google unreachable): show() rejects. */
  | "fail"
  /** The sheet stays open until the journey closes it (closeGoogleSheet): then show() rejects, as for a close. */
  | "held";

export interface AppleContact {
  givenName: string;
  familyName: string;
  addressLines: string[];
  locality: string;
  postalCode: string;
  countryCode: string;
}

export interface WalletStubOptions {
  apple?: { script: AppleScript; paymentData: Record<string, unknown>; billingContact: AppleContact };
  google?: { script: GoogleScript; token: Record<string, unknown> };
}

/** What the page did with the stubbed wallets. */
export interface WalletRecord {
  apple: {
    requests: Record<string, unknown>[];
    merchantSessions: Record<string, unknown>[];
    completedPayments: number[];
    aborted: number;
  };
  google: {
    requests: { methods: { supportedMethods: string; data: Record<string, unknown> }[] }[];
    completed: string[];
  };
  /** When the page's last wallet post was answered (ms since the epoch), for the redirect delay. */
  walletAnsweredAt: number | null;
}

/** A Google Pay token (tokenizationData.token) in Google's ECv2 shape; `message` goes into its encrypted message. */
export function googlePayToken(message: string): Record<string, unknown> {
  return {
    signature: `MEUCIQ-e2e-${message}-signature`,
    intermediateSigningKey: {
      signedKey: '{"keyValue":"e2e","keyExpiration":"1893456000000"}',
      signatures: ["MEYCIQ-e2e"],
    },
    protocolVersion: "ECv2",
    signedMessage: JSON.stringify({ encryptedMessage: message, ephemeralPublicKey: "BE2E-ephemeral", tag: "e2e-tag" }),
  };
}

/** An Apple Pay token's paymentData in Apple's EC_v1 shape; `data` is its encrypted payment data. */
export function applePayPaymentData(data: string): Record<string, unknown> {
  return {
    version: "EC_v1",
    data,
    signature: `MIAGCSqGSIb3DQEHAqCAMIACAQ-e2e-${data}`,
    header: {
      ephemeralPublicKey: "MFkwEwYHKoZIzj0CAQ-e2e",
      publicKeyHash: "e2e-key-hash",
      transactionId: `e2e-${data}`,
    },
  };
}

const STORE_KEY = "__e2eWallet";

/** Installs the stubs before any of the page's scripts run, on every page of the journey. */
export async function stubWallets(page: Page, options: WalletStubOptions): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 4317) + 2;
  await page.addInitScript(
    ({ options, validationURL, key }) => {
      type Record_ = {
        apple: { requests: unknown[]; merchantSessions: unknown[]; completedPayments: number[]; aborted: number };
        google: { requests: unknown[]; completed: string[] };
        walletAnsweredAt: number | null;
      };
      const read = (): Record_ =>
        JSON.parse(sessionStorage.getItem(key) ?? "null") ?? {
          apple: { requests: [], merchantSessions: [], completedPayments: [], aborted: 0 },
          google: { requests: [], completed: [] },
          walletAnsweredAt: null,
        };
      const note = (change: (r: Record_) => void) => {
        const record = read();
        change(record);
        sessionStorage.setItem(key, JSON.stringify(record));
      };
      const w = window as unknown as Record<string, unknown>;

      // When the page's wallet posts are answered: the Google Pay redirect must wait 100 ms after that.
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await realFetch(input, init);
        if (String(input instanceof Request ? input.url : input).includes("/checkout/payment/wallet"))
          note((r) => void (r.walletAnsweredAt = Date.now()));
        return response;
      };

      const apple = options.apple;
      if (apple) {
        class ApplePaySession {
          static STATUS_SUCCESS = 0;
          static STATUS_FAILURE = 1;
          static canMakePayments() {
            return true;
          }
          static supportsVersion(version: number) {
            return version >= 1 && version <= 14;
          }
          onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
          onpaymentauthorized: ((event: unknown) => void) | null = null;
          oncancel: ((event: unknown) => void) | null = null;
          constructor(version: number, request: Record<string, unknown>) {
            note((r) => void r.apple.requests.push({ version, ...request }));
          }
          begin() {
            setTimeout(() => this.onvalidatemerchant?.({ validationURL }), 0);
          }
          completeMerchantValidation(session: unknown) {
            note((r) => void r.apple.merchantSessions.push(session));
            setTimeout(() => {
              if (!apple) return;
              if (apple.script === "cancel") this.oncancel?.({});
              else
                this.onpaymentauthorized?.({
                  payment: {
                    token: {
                      paymentData: apple.paymentData,
                      paymentMethod: { displayName: "Visa 4242", network: "Visa", type: "debit" },
                      transactionIdentifier: "E2E",
                    },
                    billingContact: apple.billingContact,
                  },
                });
            }, 0);
          }
          completePayment(status: number | { status: number }) {
            note((r) => void r.apple.completedPayments.push(typeof status === "number" ? status : status.status));
          }
          abort() {
            note((r) => void (r.apple.aborted += 1));
          }
        }
        w.ApplePaySession = ApplePaySession;
      }

      const google = options.google;
      if (google) {
        class PaymentRequest {
          private methods: { supportedMethods: string; data: unknown }[];
          constructor(methods: { supportedMethods: string; data: unknown }[], details: unknown) {
            this.methods = methods;
            void details;
          }
          canMakePayment() {
            return Promise.resolve(this.methods.some((m) => m.supportedMethods === "https://google.com/pay"));
          }
          show() {
            note((r) => void r.google.requests.push({ methods: this.methods }));
            if (!google || google.script === "fail")
              return Promise.reject(new DOMException("The payment sheet failed", "OperationError"));
            if (google.script === "held") {
              return new Promise((_, reject) => {
                w.__e2eCloseGoogleSheet = () => reject(new DOMException("The shopper closed the sheet", "AbortError"));
              });
            }
            return Promise.resolve({
              methodName: "https://google.com/pay",
              details: {
                apiVersion: 2,
                apiVersionMinor: 0,
                paymentMethodData: {
                  type: "CARD",
                  description: "Mastercard •••• 4444",
                  info: { cardNetwork: "MASTERCARD", cardDetails: "4444" },
                  tokenizationData: { type: "PAYMENT_GATEWAY", token: JSON.stringify(google.token) },
                },
              },
              complete(result: string) {
                note((r) => void r.google.completed.push(result));
                return Promise.resolve();
              },
            });
          }
          abort() {
            return Promise.resolve();
          }
        }
        w.PaymentRequest = PaymentRequest;
      }
    },
    { options, validationURL: appleValidationUrl(port), key: STORE_KEY },
  );
}

/** Closes a Google Pay sheet opened with the "held" script. */
export async function closeGoogleSheet(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __e2eCloseGoogleSheet: () => void }).__e2eCloseGoogleSheet());
}

/** What the page did with the wallets so far (on any page of the shop's origin). */
export async function walletRecord(page: Page): Promise<WalletRecord> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null") as WalletRecord, STORE_KEY);
}
