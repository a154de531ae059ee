// One simulated shopper's whole journey, as a browser without script makes it (scripts/bench/session.ts: a cookie
// jar, the CSRF tokens of the pages' own forms): a store found by postcode, collection chosen, a time held, five
// items added, the WELCOME10 coupon applied, checkout as a guest, paid in cash or by test card on the embedded
// gateway's page. Each request that gets a 503 or a broken connection is sent again after a pause, as a shopper
// presses reload; the journey fails only when a step cannot be finished.
import { setTimeout as sleep } from "node:timers/promises";
import { formsOf, Session, textOf, type Send } from "../bench/session";
import { checkOutAsGuest, chooseCollection, fillBasket, selectStore } from "../bench/shopper";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#contract/service-unavailable";
import { PAYMENT_MESSAGES } from "#contract/payments";

export const ITEMS_PER_JOURNEY = 5;
export const COUPON = "WELCOME10";
export const TEST_CARD = "4242 4242 4242 4242";
/** Postcodes of the demo brand's cities (README): each shopper searches one, and shops at the nearest store listed. */
export const POSTCODES = ["SW1A 1AA", "E1 6AN", "M1 1AE", "LS1 4DY", "EH1 1YZ"];

export type PaymentKind = "cash" | "card";

/** What a finished journey placed, for the checks against the database. */
export interface PlacedJourney {
  shopper: number;
  address: string;
  storePath: string;
  payment: PaymentKind;
  /** The menu items added, one of each. */
  items: number[];
  coupon: string;
  orderNumber: string;
}

/** What the shoppers saw, over all journeys: answers by status, broken connections, retries. */
export class SeenCounts {
  readonly statuses = new Map<string, number>();
  retries = 0;
  /** Card steps that said the card payment failed (the gateway unreachable) and were pressed again. */
  payPressedAgain = 0;
  /** 503s whose page said neither the storefront's "try again in a moment" nor the proxy's "no instance". */
  unclear503 = 0;
  add(key: string): void {
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }
  /** Status counts, "503 page" and "reset" included, largest first. */
  summary(): [string, number][] {
    return [...this.statuses].sort((a, b) => b[1] - a[1]);
  }
}

export interface SendSettings {
  /** The shopper's address, sent as X-Forwarded-For (the proxy appends its client's, as balancers do). */
  address: string;
  seen: SeenCounts;
  /** A request still unanswered after this long is abandoned and sent again (a shopper's reload after a hang). */
  requestTimeoutMs: number;
  /** How long one request may keep being retried before its step fails. */
  giveUpAfterMs: number;
}

/** Statuses whose answers have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** What a reset, a refused connection or a hang is called in the counts. */
function failureKind(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === "TimeoutError") return "timed out";
  if ((error as Error).message === "terminated") return "reset";
  return cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET"
    ? "reset"
    : cause?.code
      ? cause.code.toLowerCase()
      : "failed";
}

/** fetch as a shopper sends it: the shopper's address, a time limit, and reload on a 503 or a broken connection. */
export function shopperSend(settings: SendSettings): Send {
  return async (url, init) => {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const again = Date.now() - started < settings.giveUpAfterMs;
      try {
        const response = await fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": settings.address },
          signal: AbortSignal.timeout(settings.requestTimeoutMs),
        });
        // The whole body is read here, so a connection that breaks in the middle of it is sent again too.
        const page = await response.text();
        if (response.status !== 503) {
          settings.seen.add(String(response.status));
          return new Response(NULL_BODY.has(response.status) ? null : page, {
            status: response.status,
            headers: response.headers,
          });
        }
        const storefront = page.includes(SERVICE_UNAVAILABLE_MESSAGE);
        settings.seen.add(
          storefront
            ? "503 (storefront's page)"
            : page.startsWith("No instance is available")
              ? "503 (proxy: no instance)"
              : "503 (other)",
        );
        if (!storefront && !page.startsWith("No instance is available")) settings.seen.unclear503++;
        if (!again) return new Response(page, { status: 503, headers: response.headers });
      } catch (error) {
        settings.seen.add(failureKind(error));
        if (!again) throw error;
      }
      settings.seen.retries++;
      // A person reloads after a second or so; later attempts wait a little longer.
      await sleep(Math.min(500 * attempt, 3000));
    }
  };
}

/** The store bar shows a held time as "Change time" (or "Change the time in your basket"); without one, "Pick a time". */
const HELD = /Change (?:the )?time/;

/**
 * One of the store's collection times, a day ahead or more, chosen at random so shoppers spread over the slots; a
 * time refused (full, or gone) is replaced by another, as a shopper would choose again.
 */
export async function holdRandomSlot(session: Session, storePath: string, random: () => number): Promise<void> {
  const slotsPath = `${storePath}/time-slots`;
  const days = [
    ...new Set([...(await session.get(slotsPath)).matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!)),
  ].slice(1);
  if (days.length === 0) throw new Error(`${slotsPath} lists no day after today`);
  for (let tries = 0; tries < 8; tries++) {
    const day = days[Math.floor(random() * days.length)]!;
    const page = await session.get(`${slotsPath}?day=${day}`);
    const reserve = formsOf(page, slotsPath).find((form) => form.fields.intent === "reserve");
    const times = reserve?.choices.timeSlotDate ?? [];
    if (!reserve || times.length === 0) continue;
    const time = times[Math.floor(random() * times.length)]!;
    await session.post(reserve.action, { ...reserve.fields, timeSlotDate: time }, /./);
    if (HELD.test(textOf(await session.get(storePath)))) return;
  }
  throw new Error(`no time could be held at ${storePath} in 8 tries`);
}

/** The basket's coupon form, posted with the code; the basket must then show it applied. */
export async function applyCoupon(session: Session, code: string): Promise<void> {
  for (let tries = 0; tries < 3; tries++) {
    const basket = await session.get("/basket");
    if (textOf(basket).includes(`Coupon ${code}`)) return;
    const form = formsOf(basket, "/basket").find((candidate) => candidate.fields.intent === "apply-coupon");
    if (!form) throw new Error("the basket has no coupon form");
    await session.post("/basket", { ...form.fields, code }, /^\/basket/);
  }
  if (!textOf(await session.get("/basket")).includes(`Coupon ${code}`))
    throw new Error(`the basket does not show the coupon ${code} after applying it`);
}

/** The basket page's lines (their remove buttons), checked against what the shopper added. */
async function expectBasketLines(session: Session, count: number): Promise<void> {
  const lines = formsOf(await session.get("/basket"), "/basket").filter((form) => form.fields.intent === "remove");
  if (lines.length !== count) throw new Error(`the basket shows ${lines.length} lines, the shopper added ${count}`);
}

/** Follows a redirect chain from `location` as a browser does (the gateway's return, then the success page). */
async function follow(session: Session, location: string): Promise<string> {
  let next = location;
  for (let hops = 0; hops < 5; hops++) {
    const url = new URL(next, session.origin);
    const path = url.pathname + url.search;
    const answer = await session.request(path);
    if (answer.status === 200) return answer.html;
    const to = answer.location;
    if (answer.status < 300 || answer.status >= 400 || !to)
      throw new Error(`GET ${url.pathname} answered ${answer.status}`);
    next = to;
  }
  throw new Error(`more than 5 redirects from ${location}`);
}

/** Whether the payment step offers cash (a store may refuse it for evening slots, or for alcohol after a time). */
async function cashOffered(session: Session): Promise<boolean> {
  const [payment] = formsOf(await session.get("/checkout/payment"), "/checkout/payment");
  if (!payment) throw new Error("the payment page has no form");
  return payment.fields.paymentMethod === "cash" || (payment.choices.paymentMethod ?? []).includes("cash");
}

/** Cash on collection: the payment step's own form. Answers the success page. */
async function payCash(session: Session): Promise<string> {
  const [payment] = formsOf(await session.get("/checkout/payment"), "/checkout/payment");
  if (!payment) throw new Error("the payment page has no form");
  return follow(
    session,
    await session.post(payment.action, { ...payment.fields, paymentMethod: "cash" }, "/checkout/success"),
  );
}

/** How many times a shopper presses "Pay by card" again after the card step says the card payment failed. */
const PAY_PRESSES = 6;

/**
 * The card step's "Pay by card", answered with the gateway's page. While PostgreSQL restarts, the embedded test
 * gateway (which keeps its state there) cannot answer, and the card step then says spec 2's "An error occurred while
 * processing the card payment." as it would for a real gateway's outage: the hosted page was never opened, so nothing
 * was charged, and a shopper presses Pay again a moment later.
 */
async function pressPayByCard(session: Session, seen: SeenCounts): Promise<string> {
  for (let press = 1; ; press++) {
    const [card] = formsOf(await session.get("/checkout/payment/card-form"), "/checkout/payment/card-form");
    if (!card) throw new Error("the card step has no form");
    try {
      return await session.post(card.action, card.fields, /\/test-gateway\/hpp\//);
    } catch (error) {
      if (press >= PAY_PRESSES || !(error as Error).message.includes(PAYMENT_MESSAGES.cardPaymentError)) throw error;
      seen.payPressedAgain++;
      await sleep(2000 * press);
    }
  }
}

/**
 * By test card, as without script: card on the payment step, the billing address found by postcode and chosen, the
 * card step's "Pay by card" to the gateway's page, the card entered there, and back through the gateway's return.
 */
async function payByCard(session: Session, seen: SeenCounts): Promise<string> {
  const [payment] = formsOf(await session.get("/checkout/payment"), "/checkout/payment");
  if (!payment) throw new Error("the payment page has no form");
  let step = await session.post(
    payment.action,
    { ...payment.fields, paymentMethod: "card" },
    /^\/checkout\/payment\/(billing-address|card-form)/,
  );
  if (step.startsWith("/checkout/payment/billing-address")) {
    const found = await session.get("/checkout/payment/billing-address?change=billing&postcode=SW1A+1AA");
    const [choose] = formsOf(found, "/checkout/payment/billing-address");
    if (!choose) throw new Error("the billing address step lists no address for SW1A 1AA");
    step = await session.post(choose.action, choose.fields, "/checkout/payment/card-form");
  }
  const hosted = new URL(await pressPayByCard(session, seen), session.origin).pathname;
  const [pay] = formsOf(await session.get(hosted), hosted);
  if (!pay) throw new Error("the gateway's page has no card form");
  const back = await session.post(
    hosted,
    { "card-number": TEST_CARD, "expiry-date": "12/30", "security-code": "123" },
    /\/checkout\/payment\/success/,
  );
  return follow(session, back);
}

export async function runJourney(options: {
  shopper: number;
  origin: string;
  send: Send;
  address: string;
  random: () => number;
  seen: SeenCounts;
}): Promise<PlacedJourney> {
  const { shopper, random } = options;
  const session = new Session(options.origin, options.send);
  const postcode = POSTCODES[shopper % POSTCODES.length]!;
  // The nearest store, as most shoppers take.
  const storePath = await selectStore(session, postcode, (listed) => listed[0]);
  await chooseCollection(session, storePath);
  await holdRandomSlot(session, storePath, random);
  const items = await fillBasket(session, ITEMS_PER_JOURNEY, storePath);
  await applyCoupon(session, COUPON);
  await expectBasketLines(session, ITEMS_PER_JOURNEY);
  await checkOutAsGuest(session);
  // Half the shoppers pay cash where the time they hold allows it; the others, and those it does not, by card.
  const payment: PaymentKind = shopper % 2 === 0 && (await cashOffered(session)) ? "cash" : "card";
  const success = payment === "cash" ? await payCash(session) : await payByCard(session, options.seen);
  const orderNumber = /Order (\d{6,}) confirmed/.exec(textOf(success))?.[1];
  if (!orderNumber) throw new Error("the success page shows no order number");
  return { shopper, address: options.address, storePath, payment, items, coupon: COUPON, orderNumber };
}
