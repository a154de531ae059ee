import type { Clock, Endpoint } from "./contract";
import type { Db } from "./db/open";
import type { Logger } from "./logger";
import { Router, type InProcessAnswer, type InProcessCall } from "./router";
import type { PlatformConfig, PlatformDeps, RequestContext } from "./context";
import { registerSystem } from "./system/handlers";
import { registerContent } from "./content/handlers";
import { registerAuth } from "./auth/handlers";
import { authenticateToken } from "./auth/tokens";
import { registerBusiness } from "./business/handlers";
import { registerLogging } from "./logging/handlers";
import { registerStores } from "./stores/handlers";
import { registerLocation } from "./location/handlers";
import { registerCatalogue } from "./catalogue/handlers";
import { registerBasket } from "./basket/handlers";
import { registerSlots } from "./slots/handlers";
import { registerBanners } from "./banners/handlers";
import { registerSearch } from "./search/handlers";
import { registerCheckout } from "./checkout/handlers";
import { registerMembers } from "./members/handlers";
import { registerPayments } from "./payments/handlers";
import { registerOrders } from "./orders/handlers";
import { registerLoyalty } from "./loyalty/handlers";
import { registerReferrals } from "./referrals/handlers";
import { embeddedLocationService } from "./location/service";
import type { LocationService } from "./ports/location-service";
import type { PaymentServices } from "./ports/payment-gateway";
import { companyNameFrom } from "./content/company-name";
import { deliverOutbox, type DeliveryOptions, type DeliverySummary } from "./outbox/deliver";
import type { MessageSenders } from "./ports/messaging";
import type { RealtimePublisher } from "./ports/realtime";
import { reconcileOpenPayments, type ReconcileOptions, type ReconcileSummary } from "./payments/reconcile";
import { runHousekeeping, type HousekeepingRun } from "./housekeeping";

export type { PlatformConfig } from "./context";
export type { InProcessAnswer, InProcessCall } from "./router";

export interface Platform {
  /** Answers one /api request: the same function serves HTTP callers and the in-process storefront. */
  fetch(request: Request): Promise<Response>;
  /**
   * Answers one call from this process (the embedded storefront) without HTTP: the handler's answer as it is, not
   * encoded to JSON, or the error body HTTP would carry (see Router.invoke).
   */
  invoke(endpoint: Endpoint, input: Record<string, unknown>, call: InProcessCall): Promise<InProcessAnswer>;
  /**
   * Settles card payments left open by shoppers who never came back from the gateway (see payments/reconcile.ts).
   * The host runs it on a timer; it is safe to run from any number of instances at once.
   */
  reconcilePayments(options?: ReconcileOptions): Promise<ReconcileSummary>;
  /**
   * Sends the outbox's due messages through the senders it was given (see outbox/deliver.ts). The host runs it on a
   * timer; it is safe to run from any number of instances at once.
   */
  deliverMessages(options?: DeliveryOptions): Promise<DeliverySummary>;
  /**
   * One housekeeping run at the platform's clock (see housekeeping.ts): expired tokens, codes, reset links, idempotency
   * keys, rate-limit counters and slot holds deleted. The host runs it on a timer; with several instances one runs at
   * a time and the others skip.
   */
  housekeep(options?: { batch?: number }): Promise<HousekeepingRun>;
}

export function createPlatform(options: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: PlatformConfig;
  /** Defaults to the embedded postcode and address tables. */
  location?: LocationService;
  /** Defaults to none: card and wallet payments are then unavailable ('Payment gateway is not supported'). */
  payments?: PaymentServices;
  /** Defaults to none: messages then wait in the outbox. */
  messaging?: MessageSenders;
  /** Defaults to none: order status changes are then not published (the storefront's pages follow them anyway). */
  realtime?: RealtimePublisher | null;
}): Platform {
  const router = new Router();
  registerSystem(router);
  const content = registerContent(router, options);
  registerAuth(router, { content });
  registerBusiness(router);
  registerLogging(router);
  registerStores(router);
  registerLocation(router);
  registerCatalogue(router);
  registerBasket(router);
  registerSlots(router);
  registerBanners(router);
  registerSearch(router);
  registerCheckout(router);
  registerMembers(router, { content });
  const paymentDeps = registerPayments(router, { content });
  registerOrders(router);
  registerLoyalty(router);
  registerReferrals(router);

  const messaging = options.messaging ?? { email: null, sms: null };
  const companyName = companyNameFrom(content);
  const deps: PlatformDeps = {
    ...options,
    location: options.location ?? embeddedLocationService(options.db),
    payments: options.payments ?? { gateway: null, applePay: null },
    realtime: options.realtime ?? null,
    authenticate: (token) => authenticateToken(options.db, options.clock, token),
  };
  return {
    fetch: (request) => router.handle(request, deps),
    invoke: (endpoint, input, call) => router.invoke(endpoint, input, call, deps),
    reconcilePayments: (reconcile) => reconcileOpenPayments(sweepContext(deps), paymentDeps, reconcile),
    deliverMessages: (delivery) => deliverOutbox({ ...deps, senders: messaging, senderName: companyName }, delivery),
    housekeep: (housekeeping) => runHousekeeping(options.db, options.clock.now(), housekeeping),
  };
}

/**
 * The context for work the platform does for itself, on no one's behalf: no shopper is signed in and nothing is
 * read from a request, which is there only because the services' context type carries one.
 */
function sweepContext(deps: PlatformDeps): RequestContext {
  return {
    ...deps,
    request: new Request("http://platform.internal/payments/reconcile"),
    auth: null,
    idempotencyKey: null,
    clientIp: "platform",
  };
}
