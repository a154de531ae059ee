import { DateTime } from "luxon";
import { ORDER_STATUS_LABELS, type OrderStatus, type PaymentMethodName } from "../contract";
import { formatPounds } from "../basket/pricing";
import type { OrderLineSnapshot, StoredAddress } from "../db/schema";

/** What the confirmation says about an order: the parts of the order row it shows. */
export interface ConfirmationOrder {
  businessOrderId: string;
  firstName: string;
  fulfilmentMethod: "delivery" | "collection";
  timing: "asap" | "future" | "preorder";
  slotStart: Date;
  slotEnd: Date;
  status: OrderStatus;
  paymentMethod: PaymentMethodName;
  deliveryAddress: StoredAddress | null;
  instructions: string | null;
  lines: OrderLineSnapshot[];
  couponCode: string | null;
  subtotalPence: number;
  savingsPence: number;
  couponPence: number;
  feePence: number;
  tipPence: number;
  /** The member's credit the order spent (decision 0039). */
  creditPence: number;
  totalPence: number;
}

export interface ConfirmationInput {
  companyName: string;
  store: { name: string; phone: string | null; timeZone: string };
  order: ConfirmationOrder;
  /** The order's status page, absolute. */
  statusUrl: string;
}

export function confirmationSubject(companyName: string, businessOrderId: string): string {
  return `Your ${companyName} order ${businessOrderId}`;
}

/** "Monday 2 June 2025, 11:00 to 12:00", in the store's time zone (the time the store will keep). */
export function slotText(start: Date, end: Date, timeZone: string, asap: boolean): string {
  const from = DateTime.fromJSDate(start, { zone: timeZone });
  const to = DateTime.fromJSDate(end, { zone: timeZone });
  const day = from.toFormat("cccc d LLLL yyyy");
  if (asap) return `as soon as possible, by about ${to.toFormat("HH:mm")} on ${day}`;
  return `${day}, ${from.toFormat("HH:mm")} to ${to.toFormat("HH:mm")}`;
}

function addressText(address: StoredAddress): string {
  return [address.addressLine1, address.addressLine2, address.town, address.county, address.postcode]
    .filter((part) => part.trim() !== "")
    .join(", ");
}

function paymentText(
  order: Pick<ConfirmationOrder, "paymentMethod" | "fulfilmentMethod" | "creditPence" | "totalPence">,
): string {
  // Credit covered it all: nothing was paid any other way, whichever way was chosen.
  if (order.totalPence === 0 && order.creditPence > 0) return "Paid with credit.";
  const { paymentMethod: method, fulfilmentMethod } = order;
  switch (method) {
    case "cash":
      return fulfilmentMethod === "delivery" ? "You pay cash on delivery." : "You pay cash when you collect.";
    case "card":
      return "Paid by card.";
    case "applepay":
      return "Paid with Apple Pay.";
    case "googlepay":
      return "Paid with Google Pay.";
  }
}

/**
 * The order confirmation as plain text: readable in any mail client and by screen readers, and nothing in it a
 * client could hide. Amounts are the order's snapshot, so the e-mail says what was charged.
 */
export function confirmationBody(input: ConfirmationInput): string {
  const { order, store } = input;
  const kind = order.fulfilmentMethod === "delivery" ? "Delivery" : "Collection";
  const lines: string[] = [
    `Hello ${order.firstName},`,
    "",
    `Thank you for your order with ${input.companyName}. Your order number is ${order.businessOrderId}.`,
    "",
    `Status: ${ORDER_STATUS_LABELS[order.status]}`,
    `Store: ${store.name}${store.phone ? `, ${store.phone}` : ""}`,
    `${kind}: ${slotText(order.slotStart, order.slotEnd, store.timeZone, order.timing === "asap")}`,
  ];
  if (order.fulfilmentMethod === "delivery" && order.deliveryAddress)
    lines.push(`Deliver to: ${addressText(order.deliveryAddress)}`);
  if (order.instructions) lines.push(`Your note: ${order.instructions}`);
  lines.push("", "Your order:");
  for (const line of order.lines) {
    lines.push(
      `  ${line.quantity} x ${line.name}${line.variant ? ` (${line.variant})` : ""}  ${formatPounds(line.price)}`,
    );
  }
  lines.push("", `Subtotal: ${formatPounds(order.subtotalPence)}`);
  if (order.savingsPence > 0) lines.push(`You saved: ${formatPounds(order.savingsPence)}`);
  if (order.couponPence > 0)
    lines.push(`Coupon${order.couponCode ? ` ${order.couponCode}` : ""}: -${formatPounds(order.couponPence)}`);
  lines.push(`${kind}: ${order.feePence === 0 ? "Free" : formatPounds(order.feePence)}`);
  if (order.tipPence > 0) lines.push(`Driver tip: ${formatPounds(order.tipPence)}`);
  if (order.creditPence > 0) lines.push(`Credit: -${formatPounds(order.creditPence)}`);
  lines.push(`Total: ${formatPounds(order.totalPence)}`, "", paymentText(order), "");
  lines.push(`Follow your order: ${input.statusUrl}`, "", input.companyName);
  return lines.join("\n");
}
