// The shopper sessions the bench measures pages with, made through the storefront's own forms as a shopper without
// script makes them: a postcode searched, Victoria Street selected for collection, ten different items added from
// the category pages' add-to-basket forms, tomorrow's first time held on the time-slot page, and (for the guest)
// checkout's steps up to payment; the member signs in with the login form. Each prepared session is checked for
// what it should show before any page is measured with it.
import { formsOf, Session, textOf } from "./session";

export const STORE_PATH = "/stores/victoria-street-1";
export const POSTCODE = "SW1A 1AA";
export const BASKET_LINES = 10;
/** The seeded demo member (platform/db/seed/members.ts; README's demo section). */
export const DEMO_MEMBER = { email: "sam.patel@example.com", password: "Larder-demo-2025", firstName: "Sam" } as const;

/**
 * A postcode searched with the home page's widget, then a store the near-by list shows opened, which selects it:
 * Victoria Street for the bench (the list must show it), or the one `pick` chooses. Answers the store's path.
 */
export async function selectStore(
  session: Session,
  postcode = POSTCODE,
  pick: (listed: string[]) => string | undefined = (listed) => listed.find((path) => path === STORE_PATH),
): Promise<string> {
  const home = await session.get("/");
  const [widget] = formsOf(home, "/location");
  if (!widget) throw new Error("the home page has no postcode search form");
  await session.post(
    "/location",
    { ...widget.fields, intent: "postcode", postcode, redirectTo: "/" },
    "/stores-near-by",
  );
  const nearBy = await session.get("/stores-near-by");
  const listed = [...new Set([...nearBy.matchAll(/href="(\/stores\/[a-z0-9-]+)"/g)].map((m) => m[1]!))];
  const storePath = pick(listed);
  if (!storePath) throw new Error(`stores near by ${postcode} lists none to choose (${listed.join(", ") || "none"})`);
  await session.get(storePath);
  return storePath;
}

/** Collection from the store, with the store bar's switch (it posts to the store's fulfilment action). */
export async function chooseCollection(session: Session, storePath = STORE_PATH): Promise<void> {
  const store = await session.get(storePath);
  const [switcher] = formsOf(store, `${storePath}/fulfilment`);
  if (!switcher) throw new Error("the store bar has no order type switch");
  if (switcher.fields.method === "collection")
    await session.post(switcher.action, { ...switcher.fields, redirectTo: storePath }, storePath);
}

/**
 * A product card's add form: it names its item and carries neither the age question's answer nor the item page's
 * mark (the add form has no intent field: it posts only what the add action reads).
 */
export function isCardAdd(fields: Record<string, string>): boolean {
  return Number(fields.menuItemId) > 0 && fields.age === undefined && fields.itemPage === undefined;
}

/** `count` different items, each added once with its product card's form, from the store's categories in turn. */
export async function fillBasket(session: Session, count = BASKET_LINES, storePath = STORE_PATH): Promise<number[]> {
  const store = await session.get(storePath);
  const categoryLink = new RegExp(
    `href="(${storePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/category/[a-z0-9-]+)"`,
    "g",
  );
  const categories = [...new Set([...store.matchAll(categoryLink)].map((m) => m[1]!))];
  const added: number[] = [];
  for (const category of categories) {
    const page = await session.get(category);
    for (const form of formsOf(page, "/basket/add")) {
      const id = Number(form.fields.menuItemId);
      if (!isCardAdd(form.fields) || added.includes(id)) continue;
      await session.submit("/basket/add", form.fields, form.fields.redirectTo ?? "/");
      added.push(id);
      if (added.length === count) return added;
    }
  }
  throw new Error(`only ${added.length} items could be added from ${categories.length} categories`);
}

/**
 * One of tomorrow's times (the first by default; another index spreads sessions over times, so no time fills up),
 * held with the time-slot page's own form.
 */
export async function holdSlot(session: Session, choice = 0): Promise<void> {
  const slotsPath = `${STORE_PATH}/time-slots`;
  const days = [
    ...new Set([...(await session.get(slotsPath)).matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!)),
  ];
  const tomorrow = days[1];
  if (!tomorrow) throw new Error("the time-slot page lists no second day");
  const dayPath = `${slotsPath}?day=${tomorrow}`;
  const reserve = formsOf(await session.get(dayPath), slotsPath).find((form) => form.fields.intent === "reserve");
  const time = reserve?.choices.timeSlotDate?.[choice];
  if (!reserve || !time) throw new Error(`no time to hold on ${tomorrow}`);
  await session.submit(reserve.action, { ...reserve.fields, timeSlotDate: time }, slotsPath);
}

/** Guest checkout, no instructions, the contact details given: the shopper lands on payment. */
export async function checkOutAsGuest(session: Session): Promise<void> {
  const csrf = formsOf(await session.get("/checkout/login"), "/checkout/login")[0]?.fields.csrf ?? "";
  await session.post("/checkout/login", { csrf, intent: "guest" }, "/checkout/options");
  await session.post("/checkout/options", { csrf, instructions: "" }, "/checkout/details");
  const details = {
    intent: "details",
    firstName: "Bench",
    lastName: "Shopper",
    email: "bench@example.com",
    phoneNumber: "07700 900 123",
    acceptTerms: "yes",
  };
  await session.post("/checkout/details", { csrf, ...details }, "/checkout/payment");
}

/** A signed-in member's checkout to the end, paying cash on collection: the order the member's pages then list. */
export async function placeCashOrder(session: Session): Promise<void> {
  // The basket's checkout button: a signed-in member is sent on to their details.
  await session.get("/checkout", 303);
  const [details] = formsOf(await session.get("/checkout/details"), "/checkout/details");
  if (!details) throw new Error("the checkout details page has no form");
  await session.post(details.action, details.fields, "/checkout/payment");
  const [payment] = formsOf(await session.get("/checkout/payment"), "/checkout/payment");
  if (!payment?.choices.paymentMethod?.includes("cash") && payment?.fields.paymentMethod !== "cash")
    throw new Error("the payment page offers no cash payment");
  await session.submit(payment.action, { ...payment.fields, paymentMethod: "cash" }, "/checkout/success");
}

/** Signs the demo member in with the login form, landing on the member's dashboard. */
export async function signIn(session: Session): Promise<void> {
  const [form] = formsOf(await session.get("/login?redirectTo=/member"), "/login");
  if (!form) throw new Error("the login page has no form");
  await session.post(
    form.action,
    { ...form.fields, email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, redirectTo: "/member" },
    "/member",
  );
}

/** Throws unless the page's text contains every expected phrase and none of the refused ones. */
export function expectShows(
  name: string,
  html: string,
  expected: (string | RegExp)[],
  refused: (string | RegExp)[] = [],
): void {
  const text = textOf(html);
  const has = (phrase: string | RegExp) => (typeof phrase === "string" ? text.includes(phrase) : phrase.test(text));
  const missing = expected.filter((phrase) => !has(phrase));
  const present = refused.filter(has);
  if (missing.length || present.length) {
    throw new Error(
      `${name} does not show the prepared state: missing ${missing.map(String).join(", ") || "nothing"}; ` +
        `shows ${present.map(String).join(", ") || "nothing refused"}`,
    );
  }
}

/** The guest shopper: store selected for collection, ten lines, a held slot, checkout at payment. */
export async function guestShopper(origin: string, slotChoice = 0): Promise<Session> {
  const session = new Session(origin);
  await selectStore(session);
  await chooseCollection(session);
  await fillBasket(session);
  await holdSlot(session, slotChoice);
  await checkOutAsGuest(session);
  await verifyShopper(session);
  return session;
}

/**
 * The member: the demo member places one order (cash on collection) so their orders page lists it; then, in a new
 * session signed in again, a ten-line basket and a held slot, as the guest has. (A new session because after an
 * order the storefront refuses adds with "no store selected", even after the store is searched and opened again:
 * reported with the bench, not worked round inside the storefront.)
 */
export async function memberShopper(origin: string): Promise<Session> {
  const ordering = new Session(origin);
  await selectStore(ordering);
  await signIn(ordering);
  await chooseCollection(ordering);
  await fillBasket(ordering);
  await holdSlot(ordering, 1);
  await placeCashOrder(ordering);

  const session = new Session(origin);
  await selectStore(session);
  await signIn(session);
  await chooseCollection(session);
  await fillBasket(session);
  await holdSlot(session, 2);
  await verifyShopper(session);
  expectShows("the member's dashboard", await session.get("/member"), [DEMO_MEMBER.firstName]);
  return session;
}

/** The store bar shows the held time and ten items; the basket page lists ten lines. */
export async function verifyShopper(session: Session): Promise<void> {
  expectShows(
    "the store home",
    await session.get(STORE_PATH),
    ["Change time", `${BASKET_LINES} items`],
    ["Pick a time"],
  );
  const basket = await session.get("/basket");
  const lines = formsOf(basket, "/basket").filter((form) => form.fields.intent === "remove").length;
  if (lines !== BASKET_LINES)
    throw new Error(`the basket page shows ${lines} lines with a remove button, expected ${BASKET_LINES}`);
}
