/**
 * The demo brand "Larder & Co": a fictional UK grocery-and-takeaway chain. Addresses are real streets,
 * coordinates real, phone numbers from Ofcom's ranges reserved for drama (they never ring anyone).
 *
 * Later tests refer to these stores by id, so the ids are fixed (the seed writes them explicitly).
 * A store's public slug is `${slugText}-${id}`.
 *
 *  id  slug                      city        role in tests
 *   1  victoria-street-1         London      OPEN 24/7, delivery + collection; delivers to SW1A 1AA
 *   2  spitalfields-2            London      OPEN 24/7, delivery + collection; delivers to E1 6AN
 *   3  covent-garden-kitchen-3   London      ordinary hours (lunch and evening), hot-food takeaway, delivery tiers, holidays
 *   4  islington-4               London      PAUSED (orders_paused + paused_message); reaches SW1A 1AA and E1 6AN
 *   5  clapham-bakery-5          London      PRE-ORDER ONLY on both methods; reaches SW1A 1AA
 *   6  piccadilly-6              Manchester  OPEN 24/7, delivery + collection; delivers to M1 1AE
 *   7  deansgate-7               Manchester  delivery ZONE polygon (no radius), ordinary hours, holidays
 *   8  northern-quarter-8        Manchester  COLLECTION ONLY (delivery row present but disabled), collection 24/7
 *   9  briggate-9                Leeds       OPEN 24/7, delivery + collection; delivers to LS1 4DY
 *  10  headingley-10             Leeds       ordinary hours, same-day cut-off, holidays
 *  11  princes-street-11         Edinburgh   OPEN 24/7, delivery + collection; delivers to EH1 1YZ
 *  12  leith-walk-12             Edinburgh   CLOSED (temporarily_closed + store_closed_message); reaches EH1 1YZ
 *  13  new-street-13             Birmingham  ordinary hours, delivery ASAP only, max basket items, holidays
 *  14  harbourside-14            Bristol     COLLECTION ONLY (no delivery row, no delivery area), ordinary hours
 *  15  inverness-15              Inverness   ordinary hours; the nearest store to IV27 4AA, yet about 61 km away
 *
 * The flagged stores (4, 5, 8, 12) keep 24-hour hours on purpose: their state then comes from their
 * settings alone, never from the hour the tests run. IV27 4AA (Lairg) is in the postcode table and no
 * store delivers there or lies within 25 km of it.
 */
import type {
  storeHolidays,
  storeOrderMethods,
  storePaymentMethods,
  stores,
  StoreLoyalty,
  WeeklyHours,
} from "../schema";
import { normalisePostcode } from "./postcodes";

export type SeedMethod = Omit<typeof storeOrderMethods.$inferInsert, "storeId">;
export type SeedHoliday = Omit<typeof storeHolidays.$inferInsert, "storeId">;
export type SeedStore = Omit<typeof stores.$inferInsert, "id"> & {
  id: number;
  methods: SeedMethod[];
  holidays: SeedHoliday[];
};

/** Ids of the stores with a role in tests, so tests name the role rather than a bare number. */
export const demoStoreIds = {
  openLondonVictoria: 1,
  openLondonSpitalfields: 2,
  ordinaryHoursTakeaway: 3,
  paused: 4,
  preorderOnly: 5,
  openManchester: 6,
  deliveryZone: 7,
  collectionOnly: 8,
  openLeeds: 9,
  cutOff: 10,
  openEdinburgh: 11,
  closed: 12,
  asapOnlyDelivery: 13,
  collectionOnlyNoDeliveryRow: 14,
  highlands: 15,
} as const;

/**
 * Larder points (decision 0022): a point per pound, a penny a point, spent 100 to 2,000 at a time on baskets of
 * £10 or more; Silver from £100 spent, Gold from £250.
 */
export const LARDER_LOYALTY: StoreLoyalty = {
  pointsName: "Larder points",
  pointsPerPound: 1,
  pointValuePence: 1,
  minimumPointsSpend: 100,
  maximumPointsSpend: 2000,
  minimumBasketValuePence: 1000,
  tiers: [
    { name: "Bronze", fromSpendPence: 0 },
    { name: "Silver", fromSpendPence: 10_000 },
    { name: "Gold", fromSpendPence: 25_000 },
  ],
};

/** Stores without the scheme: the bakery runs none. */
export const STORES_WITHOUT_LOYALTY: readonly number[] = [demoStoreIds.preorderOnly];

type Range = { open: string; close: string };

function everyDay(...ranges: Range[]): WeeklyHours {
  return week(ranges, ranges, ranges);
}

/** Monday–Friday, Saturday and Sunday hours; an empty list closes that day. */
function week(weekdays: Range[], saturday: Range[], sunday: Range[]): WeeklyHours {
  return { "1": weekdays, "2": weekdays, "3": weekdays, "4": weekdays, "5": weekdays, "6": saturday, "7": sunday };
}

const allDay: Range = { open: "00:00", close: "24:00" };
const ALWAYS_OPEN = everyDay(allDay);

/** Bank holidays the ordinary-hours stores close on, for several years so the demo stays current. */
function festiveClosures(options: { scottish?: boolean } = {}): SeedHoliday[] {
  const holidays: SeedHoliday[] = [];
  for (let year = 2026; year <= 2030; year++) {
    holidays.push({
      date: `${year}-12-25`,
      holidayMessage: "Closed for Christmas Day. Merry Christmas from everyone at Larder & Co!",
    });
    holidays.push({ date: `${year}-12-26`, holidayMessage: "Closed for Boxing Day. We reopen tomorrow." });
    holidays.push({ date: `${year}-01-01`, holidayMessage: "Closed for New Year's Day. Happy New Year!" });
    // 2 January is a bank holiday in Scotland only.
    if (options.scottish)
      holidays.push({ date: `${year}-01-02`, holidayMessage: "Closed for the 2 January bank holiday." });
  }
  return holidays;
}

const standardMessages = {
  orderSuccessMessage: "Thanks for your order! We'll send you a text when it's on its way.",
  customerOrderNotePlaceholder: "Anything we should know? e.g. ring the bell for flat 2",
};

export const demoStores: SeedStore[] = [
  {
    id: 1,
    slugText: "victoria-street",
    name: "Larder & Co Victoria Street",
    phone: "020 7946 0101",
    addressLine1: "118 Victoria Street",
    town: "London",
    postcode: normalisePostcode("SW1E 5LB"),
    lat: 51.4968,
    lng: -0.138,
    productTypes: ["grocery", "bakery", "deli", "alcohol", "pharmacy"],
    deliveryRadiusKm: 4,
    ...standardMessages,
    hasMembership: true,
    methods: [
      {
        method: "delivery",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 2700,
        slotMinutes: 60,
        slotCapacity: 12,
        orderDaysInAdvance: 7,
        costPence: 399,
        deliveryTiers: [
          { upToKm: 1.5, costPence: 199 },
          { upToKm: 3, costPence: 299 },
          { upToKm: 4, costPence: 399 },
        ],
        freeFromPence: 4000,
        minSpendPence: 1500,
        freeFulfilmentMessage: "Free delivery on orders of £40 or more",
      },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 900,
        slotMinutes: 30,
        slotCapacity: 8,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: [],
  },
  {
    id: 2,
    slugText: "spitalfields",
    name: "Larder & Co Spitalfields",
    phone: "020 7946 0102",
    addressLine1: "95 Commercial Street",
    addressLine2: "Spitalfields",
    town: "London",
    postcode: normalisePostcode("E1 6BG"),
    lat: 51.5196,
    lng: -0.0745,
    productTypes: ["grocery", "hot-food", "bakery", "alcohol"],
    deliveryRadiusKm: 3.5,
    ...standardMessages,
    methods: [
      {
        method: "delivery",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 1800,
        slotMinutes: 30,
        slotCapacity: 6,
        orderDaysInAdvance: 5,
        costPence: 349,
        freeFromPence: 3500,
        minSpendPence: 1200,
        freeFulfilmentMessage: "Free delivery on orders of £35 or more",
      },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 600,
        slotMinutes: 15,
        slotCapacity: 4,
        orderDaysInAdvance: 5,
      },
    ],
    holidays: [],
  },
  {
    id: 3,
    slugText: "covent-garden-kitchen",
    name: "Larder & Co Covent Garden Kitchen",
    phone: "020 7946 0103",
    addressLine1: "24 Bedford Street",
    addressLine2: "Covent Garden",
    town: "London",
    postcode: normalisePostcode("WC2E 9ED"),
    lat: 51.5108,
    lng: -0.1247,
    productTypes: ["hot-food", "deli"],
    deliveryRadiusKm: 3,
    orderSuccessMessage: "Thanks! Your food is being prepared and will be with you soon.",
    customerOrderNotePlaceholder: "Allergies or special requests for the kitchen",
    tipsEnabled: true,
    methods: [
      {
        method: "delivery",
        hours: week(
          [
            { open: "11:30", close: "14:30" },
            { open: "17:00", close: "22:30" },
          ],
          [{ open: "11:30", close: "23:00" }],
          [{ open: "12:00", close: "21:00" }],
        ),
        leadTimeSeconds: 2400,
        cutOffTime: "22:00",
        slotMinutes: 15,
        slotCapacity: 5,
        orderDaysInAdvance: 2,
        costPence: 349,
        deliveryTiers: [
          { upToKm: 1, costPence: 149 },
          { upToKm: 2, costPence: 249 },
          { upToKm: 3, costPence: 349 },
        ],
        freeFromPence: 3000,
        minSpendPence: 1000,
        freeFulfilmentMessage: "Free delivery on orders of £30 or more",
      },
      {
        method: "collection",
        hours: week(
          [
            { open: "11:30", close: "14:30" },
            { open: "17:00", close: "22:30" },
          ],
          [{ open: "11:30", close: "23:00" }],
          [{ open: "12:00", close: "21:00" }],
        ),
        leadTimeSeconds: 1200,
        slotMinutes: 15,
        slotCapacity: 6,
        orderDaysInAdvance: 2,
      },
    ],
    holidays: festiveClosures(),
  },
  {
    id: 4,
    slugText: "islington",
    name: "Larder & Co Islington",
    phone: "020 7946 0104",
    addressLine1: "250 Upper Street",
    addressLine2: "Islington",
    town: "London",
    postcode: normalisePostcode("N1 1RU"),
    lat: 51.542,
    lng: -0.1028,
    productTypes: ["grocery", "deli", "alcohol"],
    deliveryRadiusKm: 6,
    ordersPaused: true,
    pausedMessage: "We're taking a short break from online orders while we restock. Please try again later.",
    ...standardMessages,
    methods: [
      { method: "delivery", hours: ALWAYS_OPEN, costPence: 299, freeFromPence: 4000, minSpendPence: 1500 },
      { method: "collection", hours: ALWAYS_OPEN, leadTimeSeconds: 900, slotMinutes: 30 },
    ],
    holidays: [],
  },
  {
    id: 5,
    slugText: "clapham-bakery",
    name: "Larder & Co Clapham Bakery",
    phone: "020 7946 0105",
    addressLine1: "38 Clapham High Street",
    addressLine2: "Clapham",
    town: "London",
    postcode: normalisePostcode("SW4 7UR"),
    lat: 51.464,
    lng: -0.1313,
    productTypes: ["bakery"],
    deliveryRadiusKm: 6,
    orderSuccessMessage: "Thanks for your pre-order! We'll bake it fresh for your chosen time.",
    customerOrderNotePlaceholder: "Message for the cake, e.g. Happy Birthday Sam",
    tipsEnabled: false,
    methods: [
      {
        method: "delivery",
        preorderOnly: true,
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 86400,
        slotMinutes: 120,
        slotCapacity: 4,
        orderDaysInAdvance: 14,
        hasFutureSlotType: true,
        costPence: 499,
        minSpendPence: 2000,
      },
      {
        method: "collection",
        preorderOnly: true,
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 86400,
        slotMinutes: 60,
        slotCapacity: 6,
        orderDaysInAdvance: 14,
        hasFutureSlotType: true,
      },
    ],
    holidays: [],
  },
  {
    id: 6,
    slugText: "piccadilly",
    name: "Larder & Co Piccadilly",
    phone: "0161 496 0201",
    addressLine1: "60 Piccadilly",
    town: "Manchester",
    postcode: normalisePostcode("M1 2BS"),
    lat: 53.4814,
    lng: -2.2345,
    productTypes: ["grocery", "hot-food", "alcohol", "pharmacy"],
    deliveryRadiusKm: 5,
    ...standardMessages,
    hasMembership: true,
    memberEmailCheck: true,
    methods: [
      {
        method: "delivery",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 2700,
        slotMinutes: 60,
        slotCapacity: 10,
        orderDaysInAdvance: 7,
        costPence: 349,
        deliveryTiers: [
          { upToKm: 2, costPence: 249 },
          { upToKm: 5, costPence: 349 },
        ],
        freeFromPence: 4000,
        minSpendPence: 1500,
        freeFulfilmentMessage: "Free delivery on orders of £40 or more",
      },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 900,
        slotMinutes: 30,
        slotCapacity: 8,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: [],
  },
  {
    id: 7,
    slugText: "deansgate",
    name: "Larder & Co Deansgate",
    phone: "0161 496 0202",
    addressLine1: "180 Deansgate",
    town: "Manchester",
    postcode: normalisePostcode("M3 3NE"),
    lat: 53.48,
    lng: -2.249,
    productTypes: ["grocery", "deli", "alcohol"],
    // The city centre inside the ring road, drawn by hand: Salford and Hulme are served by other routes.
    deliveryZone: [
      { lat: 53.4905, lng: -2.26 },
      { lat: 53.4905, lng: -2.23 },
      { lat: 53.482, lng: -2.225 },
      { lat: 53.47, lng: -2.233 },
      { lat: 53.4715, lng: -2.258 },
      { lat: 53.476, lng: -2.265 },
    ],
    ...standardMessages,
    methods: [
      {
        method: "delivery",
        hours: week(
          [{ open: "08:00", close: "21:00" }],
          [{ open: "09:00", close: "21:00" }],
          [{ open: "10:00", close: "16:00" }],
        ),
        leadTimeSeconds: 3600,
        slotMinutes: 60,
        slotCapacity: 8,
        orderDaysInAdvance: 7,
        costPence: 299,
        freeFromPence: 5000,
        minSpendPence: 2000,
        freeFulfilmentMessage: "Free delivery on orders of £50 or more",
      },
      {
        method: "collection",
        hours: week(
          [{ open: "07:00", close: "22:00" }],
          [{ open: "08:00", close: "22:00" }],
          [{ open: "10:00", close: "16:00" }],
        ),
        leadTimeSeconds: 1800,
        slotMinutes: 30,
        slotCapacity: 10,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: festiveClosures(),
  },
  {
    id: 8,
    slugText: "northern-quarter",
    name: "Larder & Co Northern Quarter",
    phone: "0161 496 0203",
    addressLine1: "35 Oldham Street",
    addressLine2: "Northern Quarter",
    town: "Manchester",
    postcode: normalisePostcode("M1 1JG"),
    lat: 53.4834,
    lng: -2.2337,
    productTypes: ["hot-food", "bakery"],
    // Kept so that switching delivery back on is one flag; the disabled method row is what makes it collection only.
    deliveryRadiusKm: 2,
    orderSuccessMessage: "Thanks! Show your order number at the counter when you collect.",
    customerOrderNotePlaceholder: "Anything the kitchen should know?",
    methods: [
      { method: "delivery", enabled: false, hours: ALWAYS_OPEN, costPence: 299 },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 900,
        slotMinutes: 15,
        slotCapacity: 5,
        orderDaysInAdvance: 3,
      },
    ],
    holidays: [],
  },
  {
    id: 9,
    slugText: "briggate",
    name: "Larder & Co Briggate",
    phone: "0113 496 0301",
    addressLine1: "60 Briggate",
    town: "Leeds",
    county: "West Yorkshire",
    postcode: normalisePostcode("LS1 6HD"),
    lat: 53.7982,
    lng: -1.5418,
    productTypes: ["grocery", "hot-food", "bakery", "alcohol"],
    deliveryRadiusKm: 5,
    ...standardMessages,
    // The store that shows the two basket settings: tip choices with emoji, and the time chosen in the basket only.
    driverTipEmojiEnabled: true,
    basketOnlyTimeSelection: true,
    methods: [
      {
        method: "delivery",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 2700,
        slotMinutes: 60,
        slotCapacity: 10,
        orderDaysInAdvance: 7,
        costPence: 299,
        freeFromPence: 4000,
        minSpendPence: 1500,
        freeFulfilmentMessage: "Free delivery on orders of £40 or more",
      },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 900,
        slotMinutes: 30,
        slotCapacity: 8,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: [],
  },
  {
    id: 10,
    slugText: "headingley",
    name: "Larder & Co Headingley",
    phone: "0113 496 0302",
    addressLine1: "45 Otley Road",
    addressLine2: "Headingley",
    town: "Leeds",
    county: "West Yorkshire",
    postcode: normalisePostcode("LS6 3AB"),
    lat: 53.8195,
    lng: -1.577,
    productTypes: ["grocery", "bakery"],
    deliveryRadiusKm: 3,
    ...standardMessages,
    methods: [
      {
        method: "delivery",
        hours: week([{ open: "09:00", close: "20:00" }], [{ open: "09:00", close: "18:00" }], []),
        leadTimeSeconds: 3600,
        cutOffTime: "16:00",
        slotMinutes: 60,
        slotCapacity: 6,
        orderDaysInAdvance: 7,
        costPence: 250,
        freeFromPence: 3500,
        minSpendPence: 1500,
      },
      {
        method: "collection",
        hours: week(
          [{ open: "08:00", close: "20:00" }],
          [{ open: "08:00", close: "18:00" }],
          [{ open: "10:00", close: "16:00" }],
        ),
        leadTimeSeconds: 1800,
        cutOffTime: "18:00",
        slotMinutes: 30,
        slotCapacity: 6,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: festiveClosures(),
  },
  {
    id: 11,
    slugText: "princes-street",
    name: "Larder & Co Princes Street",
    phone: "0131 496 0401",
    addressLine1: "110 Princes Street",
    town: "Edinburgh",
    postcode: normalisePostcode("EH2 4AD"),
    lat: 55.9515,
    lng: -3.201,
    productTypes: ["grocery", "hot-food", "deli", "alcohol"],
    deliveryRadiusKm: 5,
    ...standardMessages,
    hasMembership: true,
    methods: [
      {
        method: "delivery",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 2700,
        slotMinutes: 60,
        slotCapacity: 10,
        orderDaysInAdvance: 7,
        costPence: 349,
        deliveryTiers: [
          { upToKm: 2, costPence: 249 },
          { upToKm: 5, costPence: 349 },
        ],
        freeFromPence: 4000,
        minSpendPence: 1500,
        freeFulfilmentMessage: "Free delivery on orders of £40 or more",
      },
      {
        method: "collection",
        hours: ALWAYS_OPEN,
        leadTimeSeconds: 900,
        slotMinutes: 30,
        slotCapacity: 8,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: [],
  },
  {
    id: 12,
    slugText: "leith-walk",
    name: "Larder & Co Leith Walk",
    phone: "0131 496 0402",
    addressLine1: "150 Leith Walk",
    addressLine2: "Leith",
    town: "Edinburgh",
    postcode: normalisePostcode("EH6 5DX"),
    lat: 55.9655,
    lng: -3.1765,
    productTypes: ["grocery", "alcohol"],
    deliveryRadiusKm: 4,
    temporarilyClosed: true,
    storeClosedMessage:
      "Our Leith Walk shop is closed for refurbishment. Our Princes Street store can still deliver to you.",
    ...standardMessages,
    methods: [
      { method: "delivery", hours: ALWAYS_OPEN, costPence: 299, freeFromPence: 4000, minSpendPence: 1500 },
      { method: "collection", hours: ALWAYS_OPEN, leadTimeSeconds: 900, slotMinutes: 30 },
    ],
    holidays: [],
  },
  {
    id: 13,
    slugText: "new-street",
    name: "Larder & Co New Street",
    phone: "0121 496 0501",
    addressLine1: "130 New Street",
    town: "Birmingham",
    county: "West Midlands",
    postcode: normalisePostcode("B2 4HN"),
    lat: 52.4792,
    lng: -1.899,
    productTypes: ["hot-food", "grocery"],
    deliveryRadiusKm: 5,
    orderSuccessMessage: "Thanks! Your food is being prepared and will be with you soon.",
    customerOrderNotePlaceholder: "Allergies or special requests for the kitchen",
    methods: [
      {
        method: "delivery",
        hours: week(
          [{ open: "11:00", close: "23:00" }],
          [{ open: "11:00", close: "23:30" }],
          [{ open: "12:00", close: "22:00" }],
        ),
        leadTimeSeconds: 2400,
        hasOnlyAsapSlotType: true,
        hasFutureSlotType: false,
        orderDaysInAdvance: 0,
        slotMinutes: 15,
        slotCapacity: 6,
        maxBasketItems: 30,
        costPence: 299,
        minSpendPence: 1200,
      },
      {
        method: "collection",
        hours: week(
          [{ open: "11:00", close: "23:00" }],
          [{ open: "11:00", close: "23:30" }],
          [{ open: "12:00", close: "22:00" }],
        ),
        leadTimeSeconds: 1200,
        slotMinutes: 15,
        slotCapacity: 6,
        // Same-day collection: tomorrow's times open only from 22:00 (the evening rule, spec 1 §4).
        orderDaysInAdvance: 0,
        maxBasketItems: 30,
      },
    ],
    holidays: festiveClosures(),
  },
  {
    id: 14,
    slugText: "harbourside",
    name: "Larder & Co Harbourside",
    phone: "0117 496 0601",
    addressLine1: "7 Anchor Road",
    addressLine2: "Harbourside",
    town: "Bristol",
    postcode: normalisePostcode("BS1 5DB"),
    lat: 51.451,
    lng: -2.601,
    productTypes: ["deli", "bakery", "grocery"],
    orderSuccessMessage: "Thanks! Show your order number at the counter when you collect.",
    customerOrderNotePlaceholder: "Anything we should know?",
    guestCheckoutAllowed: false,
    methods: [
      {
        method: "collection",
        hours: week(
          [{ open: "08:00", close: "19:00" }],
          [{ open: "09:00", close: "18:00" }],
          [{ open: "10:00", close: "16:00" }],
        ),
        leadTimeSeconds: 1800,
        slotMinutes: 30,
        slotCapacity: 6,
        orderDaysInAdvance: 7,
      },
    ],
    holidays: festiveClosures(),
  },
  {
    id: 15,
    slugText: "inverness",
    name: "Larder & Co Inverness",
    phone: "01632 960701",
    addressLine1: "20 Academy Street",
    town: "Inverness",
    county: "Highland",
    postcode: normalisePostcode("IV1 1LG"),
    lat: 57.4797,
    lng: -4.2245,
    productTypes: ["grocery", "alcohol", "pharmacy"],
    deliveryRadiusKm: 12,
    ...standardMessages,
    methods: [
      {
        method: "delivery",
        hours: week(
          [{ open: "09:00", close: "20:00" }],
          [{ open: "09:00", close: "18:00" }],
          [{ open: "11:00", close: "17:00" }],
        ),
        leadTimeSeconds: 5400,
        cutOffTime: "17:00",
        slotMinutes: 120,
        slotCapacity: 6,
        orderDaysInAdvance: 10,
        costPence: 499,
        deliveryTiers: [
          { upToKm: 5, costPence: 299 },
          { upToKm: 12, costPence: 499 },
        ],
        freeFromPence: 6000,
        minSpendPence: 2500,
        freeFulfilmentMessage: "Free delivery on orders of £60 or more",
      },
      {
        method: "collection",
        hours: week(
          [{ open: "08:00", close: "21:00" }],
          [{ open: "08:00", close: "20:00" }],
          [{ open: "10:00", close: "18:00" }],
        ),
        leadTimeSeconds: 1800,
        slotMinutes: 30,
        slotCapacity: 8,
        orderDaysInAdvance: 10,
      },
    ],
    holidays: festiveClosures({ scottish: true }),
  },
];

export type SeedPaymentMethod = Omit<typeof storePaymentMethods.$inferInsert, "storeId">;

/** Every demo store takes these: cash (no gateway, and no cash for alcohol in slots ending after 21:00), card and wallets through checkout.com. */
const standardPaymentMethods: SeedPaymentMethod[] = [
  { name: "cash", enabledForDelivery: true, enabledForCollection: true, cutOffTime: "21:00:00", gateways: [] },
  { name: "card", enabledForDelivery: true, enabledForCollection: true, cutOffTime: null, gateways: ["checkoutcom"] },
  {
    name: "applepay",
    enabledForDelivery: true,
    enabledForCollection: true,
    cutOffTime: null,
    gateways: ["checkoutcom"],
  },
  {
    name: "googlepay",
    enabledForDelivery: true,
    enabledForCollection: true,
    cutOffTime: null,
    gateways: ["checkoutcom"],
  },
];

/** Stores that take payment differently from the standard set, by store id. */
const paymentMethodOverrides: Partial<
  Record<number, Partial<Record<SeedPaymentMethod["name"], Partial<SeedPaymentMethod>>>>
> = {
  // Spitalfields' drivers carry no cash: cash is for collection only.
  [demoStoreIds.openLondonSpitalfields]: { cash: { enabledForDelivery: false } },
  // Piccadilly takes no cash for evening slots: slots from 20:00 refuse it (their denyPayments).
  [demoStoreIds.openManchester]: { cash: { denyFromTime: "20:00" } },
};

/** The store_payment_methods rows of every demo store. */
export function demoPaymentMethods(): (SeedPaymentMethod & { storeId: number })[] {
  return demoStores.flatMap((store) =>
    standardPaymentMethods.map((method) => ({
      ...method,
      ...paymentMethodOverrides[store.id]?.[method.name],
      storeId: store.id,
    })),
  );
}
