import { href } from "react-router";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useEffect, useState } from "react";
import type { PaymentMethodName } from "#contract/payment-rules";
import {
  applePayOutcome,
  beginPayment,
  GOOGLE_PAY_REDIRECT_DELAY_MS,
  PAYMENT_TEXT,
  settlePayment,
  walletButtons,
  type PaymentProgress,
} from "~/models/payment-options";
import * as forms from "~/styles/forms.css";
import * as styles from "./Checkout.css";

/* The browser's wallet APIs, as far as this file uses them. */
interface ApplePayPaymentEvent {
  payment: { token: { paymentData: unknown }; billingContact?: ApplePayContact };
}
interface ApplePayContact {
  givenName?: string;
  familyName?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  countryCode?: string;
}
interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: ApplePayPaymentEvent) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}
interface ApplePaySessionClass {
  new (version: number, request: Record<string, unknown>): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

type WalletAnswer = {
  ok: boolean;
  message?: string;
  redirect?: string;
  merchantSession?: unknown;
  next?: "success" | "redirect";
  href?: string;
};

const GOOGLE_PAY_METHOD = "https://google.com/pay";
const APPLE_PAY_ERROR = PAYMENT_TEXT.applePayError;
/** Spec 2 §8: Google's sheet failing (the payment itself failing has the platform's message). */
const GOOGLE_PAY_ERROR = PAYMENT_TEXT.googlePayProcessing;

function googlePayData(merchantName: string, totalPence: number, publicKey: string) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantName },
    allowedPaymentMethods: [
      {
        type: "CARD",
        parameters: {
          allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
          allowedCardNetworks: ["VISA", "MASTERCARD", "DISCOVER", "JCB"],
        },
        tokenizationSpecification: {
          type: "PAYMENT_GATEWAY",
          parameters: { gateway: "checkoutltd", gatewayMerchantId: publicKey },
        },
      },
    ],
    transactionInfo: {
      totalPriceStatus: "FINAL",
      totalPrice: (totalPence / 100).toFixed(2),
      currencyCode: "GBP",
      countryCode: "GB",
    },
  };
}

/**
 * Apple Pay and Google Pay buttons (spec 2 §4, §5): shown only with script, where the browser supports the wallet,
 * the business enables it and the order may be paid that way. Nothing is shown until support is known, so no
 * button ever appears that cannot work.
 */
export function WalletButtons(props: {
  options: PaymentMethodName[];
  flags: { enableApplePayment: boolean; enableGooglePayment: boolean };
  disabled: boolean;
  storeId: number;
  storeName: string;
  totalPence: number;
  gatewayPublicKey?: string;
  /** The payment step's payment in progress (spec 2 §4): one method at a time; the buttons are off while one is. */
  progress: PaymentProgress;
  onProgress: (progress: PaymentProgress) => void;
}) {
  const csrf = useAuthenticityToken();
  // Apple Pay answers at once, once the page runs in the browser; Google Pay's probe answers later.
  const applePay = useHydrated() && canApplePay();
  const [googlePay, setGooglePay] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Off while a payment is under way, and after one succeeded while the browser leaves for its next page.
  const busy = props.progress.inProgress !== null || props.progress.status === "success";
  const fail = (message: string) => {
    props.onProgress(settlePayment("error"));
    setError(message);
  };
  const succeed = (to: string, delayMs = 0) => {
    props.onProgress(settlePayment("success"));
    if (delayMs > 0) window.setTimeout(() => window.location.assign(to), delayMs);
    else window.location.assign(to);
  };

  useEffect(() => {
    if (typeof window.PaymentRequest !== "function" || !props.flags.enableGooglePayment) return;
    try {
      const probe = new PaymentRequest(
        [
          {
            supportedMethods: GOOGLE_PAY_METHOD,
            data: googlePayData(props.storeName, props.totalPence, props.gatewayPublicKey ?? ""),
          },
        ],
        {
          total: { label: props.storeName, amount: { currency: "GBP", value: (props.totalPence / 100).toFixed(2) } },
        },
      );
      probe
        .canMakePayment()
        .then(setGooglePay)
        .catch(() => undefined);
    } catch {
      // Not supported: no button.
    }
  }, [props.flags.enableGooglePayment, props.storeName, props.totalPence, props.gatewayPublicKey]);

  const shown = walletButtons(props.flags, { applePay, googlePay }, props.options);
  if (!shown.applePay && !shown.googlePay) return null;

  async function post(fields: Record<string, string>): Promise<{ status: number; body: WalletAnswer }> {
    const body = new URLSearchParams({ csrf, idempotencyKey: crypto.randomUUID(), ...fields });
    const response = await fetch(href("/checkout/payment/wallet"), {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    return { status: response.status, body: await readAnswer(response) };
  }

  function payWithApple() {
    const Session = (window as unknown as { ApplePaySession: ApplePaySessionClass }).ApplePaySession;
    const started = beginPayment(props.progress, "applepay");
    if (!started) return;
    props.onProgress(started);
    setError(null);
    const session = new Session(3, {
      countryCode: "GB",
      currencyCode: "GBP",
      supportedNetworks: ["visa", "masterCard", "discover", "jcb"],
      merchantCapabilities: ["supports3DS"],
      requiredBillingContactFields: ["postalAddress", "name"],
      total: { label: props.storeName, amount: (props.totalPence / 100).toFixed(2) },
    });
    session.onvalidatemerchant = (event) => {
      void post({ intent: "apple-validate", validationURL: event.validationURL }).then(({ status, body }) => {
        if (status === 422 && body.redirect) {
          session.abort();
          props.onProgress(settlePayment("error"));
          window.location.assign(body.redirect);
          return;
        }
        if (!body.ok) {
          session.abort();
          fail(body.message ?? APPLE_PAY_ERROR);
          return;
        }
        session.completeMerchantValidation(body.merchantSession);
      });
    };
    session.onpaymentauthorized = (event) => {
      const contact = event.payment.billingContact;
      const billingContact = contact
        ? {
            name: [contact.givenName, contact.familyName].filter(Boolean).join(" "),
            addressLine1: contact.addressLines?.[0] ?? "",
            addressLine2: contact.addressLines?.[1] ?? "",
            town: contact.locality ?? "",
            county: contact.administrativeArea ?? "",
            postcode: contact.postalCode ?? "",
            countryCode: contact.countryCode ?? "GB",
          }
        : null;
      void post({
        intent: "apple-pay",
        token: JSON.stringify(event.payment.token.paymentData),
        ...(billingContact ? { billingContact: JSON.stringify(billingContact) } : {}),
      }).then(({ body }) => {
        // Spec 2 §4: only an approved payment succeeds.
        if (body.ok && body.next === "success") {
          session.completePayment(Session.STATUS_SUCCESS);
          succeed("/checkout/success");
          return;
        }
        session.completePayment(Session.STATUS_FAILURE);
        fail(body.message ?? APPLE_PAY_ERROR);
      });
    };
    // Spec 2 §4: a cancel is an error (the model's rule: nothing was charged).
    session.oncancel = () => {
      const outcome = applePayOutcome(null, true);
      fail(outcome.kind === "error" ? outcome.message : APPLE_PAY_ERROR);
    };
    session.begin();
  }

  async function payWithGoogle() {
    const started = beginPayment(props.progress, "googlepay");
    if (!started) return;
    props.onProgress(started);
    setError(null);
    try {
      const request = new PaymentRequest(
        [
          {
            supportedMethods: GOOGLE_PAY_METHOD,
            data: googlePayData(props.storeName, props.totalPence, props.gatewayPublicKey ?? ""),
          },
        ],
        {
          total: { label: props.storeName, amount: { currency: "GBP", value: (props.totalPence / 100).toFixed(2) } },
        },
      );
      const response = await request.show();
      const details = response.details as { paymentMethodData?: { tokenizationData?: { token?: string } } };
      const { body } = await post({
        intent: "google-pay",
        token: details.paymentMethodData?.tokenizationData?.token ?? "",
      });
      await response.complete(body.ok ? "success" : "fail");
      if (body.ok && body.next === "success") {
        succeed("/checkout/success");
        return;
      }
      if (body.ok && body.next === "redirect" && body.href) {
        // Spec 2 §4: a Pending payment with a redirect link goes there after 100 ms.
        succeed(body.href, GOOGLE_PAY_REDIRECT_DELAY_MS);
        return;
      }
      fail(body.message ?? GOOGLE_PAY_ERROR);
    } catch {
      fail(GOOGLE_PAY_ERROR);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="wallets-title">
      <h2 className={styles.panelTitle} id="wallets-title">
        Pay with your phone or browser
      </h2>
      {error ? (
        <p className={forms.errorMessage} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {shown.applePay ? (
          <button
            type="button"
            className={forms.button.secondary}
            onClick={payWithApple}
            disabled={props.disabled || busy}
          >
            Pay with Apple Pay
          </button>
        ) : null}
        {shown.googlePay ? (
          <button
            type="button"
            className={forms.button.secondary}
            onClick={() => void payWithGoogle()}
            disabled={props.disabled || busy}
          >
            Pay with Google Pay
          </button>
        ) : null}
      </div>
    </section>
  );
}

async function readAnswer(response: Response): Promise<WalletAnswer> {
  try {
    return (await response.json()) as WalletAnswer;
  } catch {
    return { ok: false };
  }
}

/** Whether this browser can pay with Apple Pay now (Safari with a card in the wallet). */
function canApplePay(): boolean {
  const apple = (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  try {
    return typeof apple === "function" && apple.canMakePayments();
  } catch {
    return false;
  }
}
