// Orders made through the platform's own calls, as another storefront of the business would make them: for journeys
// that need a member to have many orders (the member's order list's paging) without placing each through the pages.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures";
import type { Member } from "./accounts";
import { cheddar } from "./checkout";

const VICTORIA = 1;
const RETURN_URLS = {
  successUrl: "https://shop.example/checkout/payment/success",
  failureUrl: "https://shop.example/checkout/payment/failure",
  cancelUrl: "https://shop.example/checkout/payment/cancel",
};

async function call(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await request.post(path, { data: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  expect(response.status(), `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A member registered through the platform's API: their access token. */
export async function registerByApi(request: APIRequestContext, member: Member): Promise<string> {
  const answer = await call(request, "/api/auth/register", {
    platform: "web",
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobile: member.mobile,
    password: member.password,
  });
  return String(answer.access_token);
}

/** A London calendar date `days` from now. */
function londonDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });
}

/** A guest's platform token, as an app of the business would get one. */
export async function guestToken(request: APIRequestContext): Promise<string> {
  return String((await call(request, "/api/auth/oauthToken", { grant_type: "client_credentials" })).access_token);
}

/** Victoria Street's collection times with room, `daysAhead` days from now, earliest first, with that date. */
export async function openCollectionTimes(
  request: APIRequestContext,
  token: string,
  daysAhead: number,
): Promise<{ date: string; times: string[] }> {
  const date = londonDate(daysAhead);
  const answer = await call(
    request,
    "/api/stores/timeslots/list",
    { startDate: date, endDate: date, storeId: VICTORIA, fulfilmentMethod: "collection", postcode: "SW1A 1AA" },
    token,
  );
  const days = answer.slotDays as { slots: { startTime: string; info: { isAsap: boolean; status: string } }[] }[];
  const open = days.flatMap((day) => day.slots).filter((slot) => !slot.info.isAsap && slot.info.status === "available");
  return { date, times: open.map((slot) => slot.startTime) };
}

/**
 * `count` collection times at Victoria Street with room, the day after tomorrow, latest first: each order takes a
 * place in a time of its own, late in a day the other journeys do not book.
 */
export async function collectionTimes(request: APIRequestContext, token: string, count: number): Promise<string[]> {
  const { date, times } = await openCollectionTimes(request, token, 2);
  expect(times.length, `collection times on ${date}`).toBeGreaterThanOrEqual(count);
  return times.slice(-count);
}

export interface OrderContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/** A cash collection order of `quantity` cheddars at Victoria Street, for `time`, placed with `token`: its number and status token. */
export async function placeCashCollection(
  request: APIRequestContext,
  token: string,
  contact: OrderContact,
  time: string,
  quantity: number,
): Promise<{ number: string; statusToken: string }> {
  const method = { storeId: VICTORIA, fulfilmentMethod: "collection" };
  const basket = await call(request, "/api/basket/retrieve", method, token);
  const basketToken = String(basket.basketToken);
  await call(
    request,
    "/api/basket/item/add",
    { ...method, basketToken, menuItem: { menuItemId: cheddar.id, quantity } },
    token,
  );
  await call(
    request,
    "/api/basket/reserveTimeSlot",
    { ...method, basketToken, timeSlotDate: time, postcode: "SW1A 1AA" },
    token,
  );
  await call(request, "/api/checkout/setContactDetails", { basketToken, ...contact }, token);
  const draft = await call(
    request,
    "/api/checkout/processOrder",
    {
      ...method,
      basketToken,
      fulfilmentDetails: { time: { date: time.slice(0, 10), requestedTime: time, asap: false } },
      firstname: contact.firstName,
      lastname: contact.lastName,
      emailAddress: contact.email,
      phoneNumber: contact.phoneNumber,
      paymentGateway: null,
      platform: "website",
    },
    token,
  );
  const paid = await call(
    request,
    "/api/payment/makePayment",
    { draftOrderId: draft.draftOrderId, paymentMethod: "cash", ...RETURN_URLS },
    token,
  );
  const order = paid.order as { businessOrderId: string; statusToken: string };
  return { number: order.businessOrderId, statusToken: order.statusToken };
}

/** A cash collection order of five cheddars at Victoria Street, for `time`, placed by `token`'s member: its number. */
export async function placeCollectionByApi(
  request: APIRequestContext,
  token: string,
  member: Member,
  time: string,
): Promise<string> {
  const contact = {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phoneNumber: member.mobile,
  };
  return (await placeCashCollection(request, token, contact, time, 5)).number;
}
