import { describe, expect, it } from "vitest";
import { confirmationBody, confirmationSubject, slotText, type ConfirmationOrder } from "./confirmation";

const order: ConfirmationOrder = {
  businessOrderId: "100001",
  firstName: "Sam",
  fulfilmentMethod: "delivery",
  timing: "future",
  slotStart: new Date("2025-06-02T10:00:00.000Z"),
  slotEnd: new Date("2025-06-02T11:00:00.000Z"),
  status: "sent_to_store",
  paymentMethod: "card",
  deliveryAddress: {
    type: "delivery",
    firstName: "Sam",
    lastName: "Patel",
    email: "sam@example.com",
    telephone: "07700900982",
    addressLine1: "1 Parliament Street",
    addressLine2: "",
    town: "London",
    county: "",
    postcode: "SW1A 2AA",
    countryCode: "GB",
  },
  instructions: "Ring twice",
  lines: [
    { basketLineId: "a", menuItemId: 1, name: "Sourdough", variant: "Large", quantity: 2, price: 700 },
    { basketLineId: "b", menuItemId: 2, name: "Milk", variant: null, quantity: 1, price: 1150 },
  ],
  couponCode: "WELCOME10",
  subtotalPence: 1850,
  savingsPence: 0,
  couponPence: 185,
  feePence: 199,
  tipPence: 100,
  creditPence: 0,
  totalPence: 1964,
};

describe("order confirmation", () => {
  it("has the company and order number in the subject", () => {
    expect(confirmationSubject("Larder & Co", "100001")).toBe("Your Larder & Co order 100001");
  });

  it("words the slot in the store's time zone", () => {
    expect(slotText(order.slotStart, order.slotEnd, "Europe/London", false)).toBe("Monday 2 June 2025, 11:00 to 12:00");
    expect(slotText(order.slotStart, order.slotEnd, "Europe/London", true)).toBe(
      "as soon as possible, by about 12:00 on Monday 2 June 2025",
    );
  });

  it("lists the store, the time, the address, the lines, the total and the status link", () => {
    const body = confirmationBody({
      companyName: "Larder & Co",
      store: { name: "Larder & Co Victoria Street", phone: "020 7946 0101", timeZone: "Europe/London" },
      order,
      statusUrl: "https://shop.example/orders/tok",
    });
    expect(body).toContain("Your order number is 100001.");
    expect(body).toContain("Status: Sent to Store");
    expect(body).toContain("Store: Larder & Co Victoria Street, 020 7946 0101");
    expect(body).toContain("Delivery: Monday 2 June 2025, 11:00 to 12:00");
    expect(body).toContain("Deliver to: 1 Parliament Street, London, SW1A 2AA");
    expect(body).toContain("Your note: Ring twice");
    expect(body).toContain("  2 x Sourdough (Large)  £7.00");
    expect(body).toContain("  1 x Milk  £11.50");
    expect(body).toContain("Coupon WELCOME10: -£1.85");
    expect(body).toContain("Delivery: £1.99");
    expect(body).toContain("Driver tip: £1.00");
    expect(body).toContain("Total: £19.64");
    expect(body).toContain("Paid by card.");
    expect(body).not.toContain("Credit");
    expect(body).toContain("Follow your order: https://shop.example/orders/tok");
  });

  it("says how cash is paid, and leaves out what a collection has not", () => {
    const body = confirmationBody({
      companyName: "Larder & Co",
      store: { name: "Larder & Co Victoria Street", phone: null, timeZone: "Europe/London" },
      order: {
        ...order,
        fulfilmentMethod: "collection",
        paymentMethod: "cash",
        deliveryAddress: null,
        feePence: 0,
        tipPence: 0,
        couponPence: 0,
        instructions: null,
      },
      statusUrl: "/orders/tok",
    });
    expect(body).toContain("Collection: Monday 2 June 2025, 11:00 to 12:00");
    expect(body).toContain("Collection: Free");
    expect(body).toContain("You pay cash when you collect.");
    expect(body).not.toContain("Deliver to");
    expect(body).not.toContain("Driver tip");
    expect(body).not.toContain("Coupon");
  });

  it("shows the credit spent, and an order credit paid in full as paid with credit", () => {
    const store = { name: "Larder & Co Victoria Street", phone: null, timeZone: "Europe/London" };
    const part = confirmationBody({
      companyName: "Larder & Co",
      store,
      order: { ...order, creditPence: 500, totalPence: 1464 },
      statusUrl: "/orders/tok",
    });
    expect(part).toContain("Credit: -£5.00\nTotal: £14.64");
    expect(part).toContain("Paid by card.");
    const whole = confirmationBody({
      companyName: "Larder & Co",
      store,
      order: { ...order, creditPence: 1964, totalPence: 0 },
      statusUrl: "/orders/tok",
    });
    expect(whole).toContain("Credit: -£19.64\nTotal: £0.00");
    expect(whole).toContain("Paid with credit.");
    expect(whole).not.toContain("Paid by card.");
  });
});
