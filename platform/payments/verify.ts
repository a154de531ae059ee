import { GATEWAY_NAME, PAYMENT_MESSAGES, type PaymentOutcome } from "../contract";
import { requireAuth } from "../basket/basket";
import { gatewayNotSupported } from "../checkout/process-order";
import { ApiError } from "../errors";
import { placedOrder } from "../orders/place";
import type { RequestContext } from "../context";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "../ports/payment-gateway";
import { paysFor, settlePayment, type Settled } from "./settle";
import { gatewayOf, gatewayUnavailable, ownedOrder, triesOf, type PaymentDeps, type PaymentTry } from "./tries";

function toOutcome(settled: Settled): PaymentOutcome {
  if (settled.status === "placed") return { status: "placed", order: settled.order, responseSummary: null };
  return { status: settled.status, order: null, responseSummary: settled.payment.responseSummary };
}

/**
 * The shopper is back from the gateway: the payment is read from the gateway by id (never taken from the URL) and
 * must be for this order and its amount. Replaying it settles the same way again.
 */
export async function verifyPayment(
  ctx: RequestContext,
  deps: PaymentDeps,
  input: { draftOrderId: string; paymentId: string; paymentGateway?: string | null },
): Promise<PaymentOutcome> {
  const auth = requireAuth(ctx);
  if ((input.paymentGateway ?? GATEWAY_NAME) !== GATEWAY_NAME) throw gatewayNotSupported();
  const gateway = gatewayOf(ctx);
  const order = await ownedOrder(ctx.db, input.draftOrderId, auth);

  const all = await triesOf(ctx.db, order.id);
  const known = all.find((t) => t.gatewayPaymentId === input.paymentId);
  if (order.state === "placed" && known && known.status === "approved")
    return { status: "placed", order: placedOrder(order), responseSummary: null };

  let payment: GatewayPayment;
  try {
    payment = await gateway.getPayment(input.paymentId);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === "not_found") {
      throw new ApiError(409, PAYMENT_MESSAGES.paymentIssue, {
        errorCode: "PAYMENT_MISMATCH",
        errorDisplay: PAYMENT_MESSAGES.paymentIssue,
      });
    }
    if (error instanceof GatewayError) throw gatewayUnavailable(known?.method ?? "card");
    throw error;
  }
  if (!paysFor(payment, order)) {
    ctx.log.warn("payments.verify_mismatch", { orderId: order.id, paymentId: payment.id });
    throw new ApiError(409, PAYMENT_MESSAGES.paymentIssue, {
      errorCode: "PAYMENT_MISMATCH",
      errorDisplay: PAYMENT_MESSAGES.paymentIssue,
    });
  }
  const source = known ?? (await hostedTryOf(gateway, all, payment.id));
  return toOutcome(
    await settlePayment(
      ctx,
      deps,
      { orderId: order.id, tryId: source?.id ?? null, method: source?.method ?? "card" },
      payment,
    ),
  );
}

/**
 * The hosted try a payment was made on, newest first: the gateway knows which page each payment came from. Only
 * for recording the payment against the right try, so a page that cannot be read is passed over.
 */
async function hostedTryOf(
  gateway: PaymentGateway,
  all: PaymentTry[],
  paymentId: string,
): Promise<PaymentTry | undefined> {
  for (const attempt of [...all].reverse()) {
    if (attempt.kind !== "hosted" || !attempt.hostedId || attempt.gatewayPaymentId !== null) continue;
    try {
      if ((await gateway.getHostedPayment(attempt.hostedId)).paymentId === paymentId) return attempt;
    } catch {
      // Attribution only: settlePayment falls back to the latest open hosted try.
    }
  }
  return undefined;
}
