import { and, eq, inArray } from "drizzle-orm";
import { PAYMENT_MESSAGES, type PaymentMethodName } from "../contract";
import { CARD_SECURITY_CODE_LENGTH, paymentOptionAvailable } from "../contract/payment-rules";
import { getBusinessProfile } from "../business/profile";
import type { Db } from "../db/open";
import { menuItems, stores } from "../db/schema";
import { ApiError } from "../errors";
import type { OrderRow } from "../orders/place";
import type { AuthInfo, RequestContext } from "../context";
import { deniedPaymentsAt, storeIso } from "../slots/engine";
import { slotPaymentRulesOf } from "../slots/holds-store";
import { paymentMethodsOf } from "../stores/service";
import { cardNotFound, memberCard, type CardRow } from "./cards";
import { validationError } from "./tries";

/* What makePayment checks before it records a try or calls the gateway (make.ts). */

/** Spec 2 §5: a way of paying the order may use — the store's setting, the slot, alcohol and cash, a gateway. */
export async function checkMethodAvailable(db: Db, order: OrderRow, method: PaymentMethodName): Promise<void> {
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, order.storeId));
  const itemIds = [...new Set(order.lines.map((l) => l.menuItemId))];
  const alcohol =
    itemIds.length === 0
      ? []
      : await db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(inArray(menuItems.id, itemIds), eq(menuItems.isAlcohol, true)));
  const profile = await getBusinessProfile(db);
  const timeZone = store?.timeZone ?? "Europe/London";
  const available = paymentOptionAvailable(method, {
    paymentMethods: await paymentMethodsOf(db, order.storeId),
    fulfilmentMethod: order.fulfilmentMethod,
    slot: {
      date: order.slotDate,
      end: storeIso(order.slotEnd.getTime(), timeZone),
      // The slot's refusals by the store's settings, as the listing and the basket showed them (spec 1 §3).
      denyPayments: deniedPaymentsAt(order.slotStart.getTime(), timeZone, await slotPaymentRulesOf(db, order.storeId)),
    },
    basketHasAlcohol: alcohol.length > 0,
    gateways: profile.paymentGateways.map((g) => g.name),
  });
  if (!available) {
    throw new ApiError(400, PAYMENT_MESSAGES.methodNotAvailable, {
      errorCode: "PAYMENT_METHOD_NOT_AVAILABLE",
      errorDisplay: PAYMENT_MESSAGES.methodNotAvailable,
    });
  }
}

/** What of makePayment's input names a saved card, or asks to save one. */
interface SavedCardRequest {
  paymentMethod: PaymentMethodName;
  saveCard?: boolean;
  cvv?: string | null;
  cardId?: string | null;
  token?: string | null;
}

const SECURITY_CODE = new RegExp(`^\\d{${CARD_SECURITY_CODE_LENGTH}}$`);

const savedCardsForMembers = () =>
  new ApiError(403, PAYMENT_MESSAGES.savedCardsForMembers, {
    errorCode: "SAVED_CARDS_FOR_MEMBERS",
    errorDisplay: PAYMENT_MESSAGES.savedCardsForMembers,
  });

/**
 * Spec 2 §5 and §7: a saved card pays with its security code, exactly 3 digits, checked before anything else (no
 * gateway call for a code that cannot be right); only a member's own saved card, and only by card. Saving a card
 * is for members.
 */
export async function savedCardFor(
  ctx: RequestContext,
  auth: AuthInfo,
  input: SavedCardRequest,
): Promise<CardRow | null> {
  if (input.cvv != null && !SECURITY_CODE.test(input.cvv)) {
    throw validationError("cvv", `cvv must be exactly ${CARD_SECURITY_CODE_LENGTH} digits`);
  }
  const isMember = auth.strategy === "member" && auth.memberId !== null;
  if (input.saveCard && !isMember) throw savedCardsForMembers();
  if (!input.cardId) return null;
  if (!isMember) throw savedCardsForMembers();
  if (input.paymentMethod !== "card") throw validationError("cardId", "a saved card pays by card only");
  if (input.token) throw validationError("cardId", "give cardId or token, not both");
  if (input.cvv == null) throw validationError("cvv", `a saved card needs its ${CARD_SECURITY_CODE_LENGTH}-digit cvv`);
  const card = await memberCard(ctx.db, auth.memberId!, input.cardId);
  if (!card) throw cardNotFound();
  return card;
}
