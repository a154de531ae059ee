/**
 * The card gateway, behind one interface. There is one implementation, the checkout.com adapter
 * (`payments/checkoutcom/adapter.ts`): in production it talks to checkout.com; by default it talks to the embedded
 * test gateway (`payments/test-gateway/`), which answers checkout.com's documented shapes. Amounts are integer minor units
 * (pence), as checkout.com takes them.
 *
 * Every request that could charge carries the caller's idempotency key (sent as Cko-Idempotency-Key), so a
 * retried request never charges twice.
 */

export interface GatewayCustomer {
  email: string;
  name: string;
}

/** checkout.com's billing address shape. */
export interface GatewayAddress {
  address_line1: string;
  address_line2?: string;
  city: string;
  state?: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface HostedPaymentRequest {
  /** Our reference for the order (its draft order id): every payment made from the page carries it. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customer: GatewayCustomer;
  billing: GatewayAddress | null;
  successUrl: string;
  failureUrl: string;
  cancelUrl: string;
}

export interface HostedPayment {
  /** hpp_… */
  id: string;
  /** Where to send the shopper's browser: absolute, or a path on this site for the embedded gateway. */
  redirectUrl: string;
}

export interface HostedPaymentStatus {
  id: string;
  /** checkout.com's: Payment Pending, Payment Received, Expired … (the test gateway also says Cancelled). */
  status: string;
  /** The payment made on the page, once there is one. */
  paymentId: string | null;
}

export interface PaymentRequest {
  /** A card or wallet token (tok_…); unused when paying with a saved card. */
  token?: string;
  /** A saved card: the gateway's instrument (src_…) and the security code the shopper typed for this payment. */
  savedCard?: { sourceId: string; cvv: string };
  reference: string;
  amount: number;
  currency: string;
  customer: GatewayCustomer;
  billing: GatewayAddress | null;
  successUrl: string;
  failureUrl: string;
  /** Ask for 3-D Secure (cards); wallets authenticate on the device. */
  threeDs: boolean;
}

/** A payment as checkout.com describes it. */
export interface GatewayPayment {
  /** pay_… */
  id: string;
  /** Authorized, Captured, Declined, Pending, Canceled, Voided … */
  status: string;
  approved: boolean;
  responseSummary: string | null;
  /** For a Pending payment: where the shopper completes 3-D Secure. */
  redirectUrl: string | null;
  reference: string | null;
  amount: number;
  currency: string;
  /** The card paid with, as the gateway describes it (checkout.com's source), when it says. */
  card?: GatewayCard | null;
}

/**
 * A card the gateway keeps for paying again: checkout.com's instrument or payment source. No card number, no
 * security code: the fingerprint identifies the card number without revealing it.
 */
export interface GatewayCard {
  /** src_… */
  sourceId: string;
  fingerprint: string;
  scheme: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export type WalletType = "applepay" | "googlepay";

export interface PaymentGateway {
  readonly name: "checkoutcom";
  /** sandbox and live are checkout.com's environments; test is the embedded stand-in. */
  readonly environment: "sandbox" | "live" | "test";
  /** The public key (pk_…) that browsers and wallets tokenise with; the business profile publishes it. */
  readonly publicKey?: string;
  createHostedPayment(request: HostedPaymentRequest, idempotencyKey: string): Promise<HostedPayment>;
  getHostedPayment(id: string): Promise<HostedPaymentStatus>;
  requestPayment(request: PaymentRequest, idempotencyKey: string): Promise<GatewayPayment>;
  getPayment(id: string): Promise<GatewayPayment>;
  /**
   * The payments made with a reference (our draft order id), newest first: how a payment whose answer was lost in
   * flight is found, since without its answer there is no payment id to ask about (checkout.com's GET /payments).
   */
  findPayments(reference: string): Promise<GatewayPayment[]>;
  /** Releases an authorisation that must not stand (a second approval for one order). */
  voidPayment(id: string, reference: string, idempotencyKey: string): Promise<void>;
  /** Exchanges an Apple Pay or Google Pay token for a gateway token (checkout.com's POST /tokens). */
  exchangeWalletToken(type: WalletType, tokenData: Record<string, unknown>): Promise<string>;
  /** Keeps the card behind a card token for paying again (checkout.com's POST /instruments); spends the token. */
  createInstrument(token: string): Promise<GatewayCard>;
}

/**
 * A gateway call that failed. `declined`: the gateway refused the card or token (a shopper's problem, shown as
 * 'There was an issue processing your payment'); `invalid`: it refused the request itself (422, our bug or bad
 * input); `unavailable`: it could not be reached or answered 5xx (try again later; nothing is known to be charged).
 */
export class GatewayError extends Error {
  readonly kind: "declined" | "invalid" | "unavailable" | "not_found";
  readonly status: number | null;
  readonly body: unknown;

  constructor(kind: GatewayError["kind"], message: string, status: number | null = null, body: unknown = null) {
    super(message);
    this.name = "GatewayError";
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** Apple Pay merchant validation: the merchant session Apple returns, passed to the browser as it is. */
export interface ApplePayMerchantValidator {
  validate(input: { validationURL: string; domain: string; displayName: string }): Promise<Record<string, unknown>>;
}

/** What the platform's payment code is given. `gateway` null: no card gateway (card and wallets unavailable). */
export interface PaymentServices {
  gateway: PaymentGateway | null;
  /** Null when Apple Pay merchant validation is not set up (validation answers 422). */
  applePay: ApplePayMerchantValidator | null;
  /** The key checkout.com signs its webhooks with; unset: webhooks are refused (the sweep still settles). */
  webhookSignatureKey?: string | null;
}
