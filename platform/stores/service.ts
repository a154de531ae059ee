import { eq } from "drizzle-orm";
import {
  matchesPostcodeRules,
  type FulfilmentLocation,
  type FulfilmentMethod,
  type MethodState,
  type StoreAddress,
  type StoreDetails,
  type StoreListEntry,
  type StoreSearchResponse,
  type StoreSummary,
  MARKETING_CHANNELS,
} from "../contract";
import { getBusinessProfile } from "../business/profile";
import { getWhiteLabelSettings } from "../business/white-label";
import type { Db } from "../db/open";
import { storePaymentMethods } from "../db/schema";
import { sharedView, sharesReads, type SharedSource } from "../shared-reads";
import { ApiError } from "../errors";
import type { RequestContext } from "../context";
import {
  holidaysOf,
  storeDirectory,
  storeHolidaysFrom,
  type MethodRow,
  type PaymentMethodRow,
  type StoreRow,
} from "./directory";
import { distanceKm, servesDelivery } from "./geo";
import { methodOpenState, storeDates } from "./open-state";

export const STORE_MESSAGES = {
  locationRequired: "Location is required to select a store. Please enter your postcode or allow location access.",
  locationNotFound: "Unable to find location",
  invalidPostcode: (postcode: string) => `${postcode} is not a valid postcode`,
  storeNotFound: "Store not found.",
} as const;

type Holidays = ReadonlyMap<string, string>;

/** Spec 1 §9 default lead time, reported for a method the store does not offer. */
const DEFAULT_LEAD_TIME_SECONDS = 1800;
const KM_PER_MILE = 1.609344;

export interface LocationInput {
  postcode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * The shopper's location: a postcode wins over coordinates when both are sent (spec 1 §4: details by postcode,
 * else coordinates). The postcode must pass the business's postcode rules before it is looked up.
 */
export async function resolveLocation(
  ctx: RequestContext,
  input: LocationInput,
  shared: SharedSource = ctx.db,
): Promise<FulfilmentLocation | null> {
  const postcode = input.postcode?.trim().toUpperCase() ?? "";
  if (postcode !== "") {
    const { postcodeRules } = await getBusinessProfile(shared);
    if (!matchesPostcodeRules(postcode, postcodeRules))
      throw new ApiError(400, STORE_MESSAGES.invalidPostcode(postcode));
    const found = await ctx.location.geocode(postcode);
    if (!found) throw new ApiError(404, STORE_MESSAGES.locationNotFound);
    return { postcode: found.postcode, latitude: found.latitude, longitude: found.longitude };
  }
  if (input.latitude != null && input.longitude != null) {
    return { postcode: null, latitude: input.latitude, longitude: input.longitude };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

export interface SearchOptions extends LocationInput {
  returnNearestOnly: boolean;
  fulfilmentMethod?: FulfilmentMethod | null;
  sortBy: "distance" | "name";
  productType?: string | null;
}

export async function searchStores(ctx: RequestContext, options: SearchOptions): Promise<StoreSearchResponse> {
  const shared = await sharedView(ctx.db);
  const [location, { collectionSearchRadiusKm }] = await Promise.all([
    resolveLocation(ctx, options, shared),
    getWhiteLabelSettings(shared),
  ]);
  if (!location) throw new ApiError(400, STORE_MESSAGES.locationRequired);
  const point = { lat: location.latitude, lng: location.longitude };
  const wantDelivery = options.fulfilmentMethod !== "collection";
  const wantCollection = options.fulfilmentMethod !== "delivery";

  // Geography first, on the store rows alone, so methods and holidays are loaded only for stores in reach.
  const now = ctx.clock.now();
  const [directory, holidays] = await Promise.all([storeDirectory(shared), storeHolidaysFrom(shared, now)]);
  const { methods } = directory;
  const reach = new Map<number, { store: StoreRow; km: number; inArea: boolean; inRadius: boolean }>();
  for (const store of directory.stores) {
    const km = distanceKm(store, point);
    const inArea = servesDelivery(store, point);
    const inRadius = km <= collectionSearchRadiusKm;
    if ((wantDelivery && inArea) || (wantCollection && inRadius)) reach.set(store.id, { store, km, inArea, inRadius });
  }

  let matched = [...reach.values()].filter(({ store, inArea, inRadius }) => {
    const m = methods.get(store.id) ?? {};
    return (
      (wantDelivery && inArea && m.delivery?.enabled === true) ||
      (wantCollection && inRadius && m.collection?.enabled === true)
    );
  });
  const storeProductTypes = distinctSorted(matched.flatMap(({ store }) => store.productTypes));
  if (options.productType) {
    const wanted = options.productType;
    matched = matched.filter(({ store }) => store.productTypes.includes(wanted));
  }

  const byDistance = (a: (typeof matched)[number], b: (typeof matched)[number]) =>
    a.km - b.km || a.store.id - b.store.id;
  matched.sort(
    options.sortBy === "name" && !options.returnNearestOnly ? (a, b) => byName(a.store, b.store) : byDistance,
  );
  if (options.returnNearestOnly) matched = matched.slice(0, 1);

  const summaries = matched.map(({ store, km, inArea, inRadius }): StoreSummary => {
    const m = methods.get(store.id) ?? {};
    const h = holidaysOf(holidays, store.id);
    return {
      ...storeIdentity(store),
      address: storeAddress(store),
      phone: store.phone,
      lat: store.lat,
      lng: store.lng,
      distanceKm: round2(km),
      distanceMiles: round2(km / KM_PER_MILE),
      storeProductTypes: store.productTypes,
      ordersPaused: store.ordersPaused,
      pausedMessage: store.pausedMessage,
      temporarilyClosed: store.temporarilyClosed,
      storeClosedMessage: store.storeClosedMessage,
      timeZone: store.timeZone,
      orderMethods: {
        delivery: methodState(store, m.delivery, "delivery", { holidays: h, now, canDeliver: inArea, km }),
        collection: methodState(store, m.collection, "collection", { holidays: h, now, canDeliver: inRadius, km }),
      },
    };
  });
  return { stores: summaries, storeProductTypes, fulfilmentLocation: location };
}

// ---------------------------------------------------------------------------------------------------------
// Selection
// ---------------------------------------------------------------------------------------------------------

export async function storeDetails(
  ctx: RequestContext,
  storeId: number | null,
  location: LocationInput,
): Promise<StoreDetails> {
  const now = ctx.clock.now();
  const shared = await sharedView(ctx.db);
  const [directory, allHolidays] = await Promise.all([storeDirectory(shared), storeHolidaysFrom(shared, now)]);
  const store = storeId === null ? undefined : directory.byId.get(storeId);
  if (!store) throw new ApiError(404, STORE_MESSAGES.storeNotFound);
  const fulfilmentLocation = await resolveLocation(ctx, location, shared);
  const point = fulfilmentLocation ? { lat: fulfilmentLocation.latitude, lng: fulfilmentLocation.longitude } : null;

  const [profile, settings] = await Promise.all([
    getBusinessProfile(shared),
    point ? getWhiteLabelSettings(shared) : null,
  ]);
  const m = directory.methods.get(store.id) ?? {};
  const holidays = holidaysOf(allHolidays, store.id);
  const paymentMethods = paymentMethodsFrom(directory.paymentMethods.get(store.id) ?? []);

  const km = point ? distanceKm(store, point) : null;
  // Without a location nothing is known about delivery, and collection is the shopper's to judge.
  const canDeliver = point !== null && servesDelivery(store, point);
  const canCollect = km === null || settings === null || km <= settings.collectionSearchRadiusKm;
  const days = (method: MethodRow | undefined) =>
    method
      ? storeDates(now, store.timeZone, method.orderDaysInAdvance).map((date) => ({
          date,
          holidayMessage: holidays.get(date) ?? null,
        }))
      : [];

  return {
    ...storeIdentity(store),
    storeLogo: null,
    currency: { currencyCode: "GBP", symbolChar: "£" },
    orderMethods: {
      delivery: methodState(store, m.delivery, "delivery", { holidays, now, canDeliver, km }),
      collection: methodState(store, m.collection, "collection", { holidays, now, canDeliver: canCollect, km }),
    },
    storeProductTypes: store.productTypes,
    paymentMethods,
    paymentGateways: profile.paymentGateways.map((g) => ({
      name: g.name,
      // checkout.com's sandbox keys start pk_sbox_ (older accounts pk_test_); anything else is a live key.
      mode: /^pk_(sbox|test)_/.test(g.fields.publicKey) ? ("sandbox" as const) : ("live" as const),
      fields: { publicKey: g.fields.publicKey },
    })),
    tips: { enabled: store.tipsEnabled },
    deliveryDays: days(m.delivery?.enabled ? m.delivery : undefined),
    collectionDays: days(m.collection?.enabled ? m.collection : undefined),
    guestCheckoutAllowed: store.guestCheckoutAllowed,
    ordersPaused: store.ordersPaused,
    pausedMessage: store.pausedMessage,
    storeClosedMessage: store.storeClosedMessage,
    temporarilyClosed: store.temporarilyClosed,
    orderSuccessMessage: store.orderSuccessMessage,
    customerOrderNotePlaceholder: store.customerOrderNotePlaceholder,
    memberEmailCheck: store.memberEmailCheck,
    retailCustomer: { hasMembership: store.hasMembership },
    allowedMarketingChannels: MARKETING_CHANNELS.map((c) => ({ id: c.id, platformNames: { web: c.web } })),
    isDriverTipEmojiEnabled: store.driverTipEmojiEnabled,
    info: { storeTimeZone: store.timeZone },
    membershipPricing: store.hasMembership,
    menuGroupId: store.menuGroupId,
    basketOnlyTimeSelection: store.basketOnlyTimeSelection,
    town: store.town,
    lat: store.lat,
    lng: store.lng,
    address: storeAddress(store),
    phone: store.phone,
    distanceKm: km === null ? null : round2(km),
    weeklyHours: {
      delivery: m.delivery?.enabled ? m.delivery.hours : null,
      collection: m.collection?.enabled ? m.collection.hours : null,
    },
    fulfilmentLocation,
  };
}

/** The order the payment step lists ways of paying in; anything unknown goes last. */
const PAYMENT_METHOD_ORDER = ["cash", "card", "applepay", "googlepay"];

/** How the store takes payment, per way of paying: its store_payment_methods rows (none: it takes nothing). */
export async function paymentMethodsOf(db: Db, storeId: number): Promise<StoreDetails["paymentMethods"]> {
  // In a transaction, one store's rows rather than every store's (nothing is kept there).
  if (!sharesReads(db))
    return paymentMethodsFrom(
      await db.select().from(storePaymentMethods).where(eq(storePaymentMethods.storeId, storeId)),
    );
  return paymentMethodsFrom((await storeDirectory(db)).paymentMethods.get(storeId) ?? []);
}

function paymentMethodsFrom(rows: readonly PaymentMethodRow[]): StoreDetails["paymentMethods"] {
  const rank = (name: string) => {
    const at = PAYMENT_METHOD_ORDER.indexOf(name);
    return at < 0 ? PAYMENT_METHOD_ORDER.length : at;
  };
  return [...rows]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((row) => ({
      name: row.name,
      settings: {
        enabledForMethod: { delivery: row.enabledForDelivery, collection: row.enabledForCollection },
        cutOffTime: row.cutOffTime,
        paymentGateways: row.gateways,
      },
    }));
}

// ---------------------------------------------------------------------------------------------------------
// All stores
// ---------------------------------------------------------------------------------------------------------

export async function listAllStores(db: Db): Promise<StoreListEntry[]> {
  const rows = [...(await storeDirectory(db)).stores];
  // The database's collation may differ from the storefront's; sort again in code so the order is the same on both engines.
  rows.sort((a, b) => compareText(a.town, b.town) || byName(a, b));
  return rows.map((store) => ({
    ...storeIdentity(store),
    town: store.town,
    address: storeAddress(store),
    storeProductTypes: store.productTypes,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------------------

export function storeSlug(store: Pick<StoreRow, "slugText" | "id">): string {
  return `${store.slugText}-${store.id}`;
}

function storeIdentity(store: StoreRow) {
  return { id: store.id, storeName: store.name, slug: storeSlug(store) };
}

/** "sw1a1aa" → "SW1A 1AA": the inward code is always the last three characters. */
export function displayPostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

function storeAddress(store: StoreRow): StoreAddress {
  return {
    addressLine1: store.addressLine1,
    addressLine2: store.addressLine2,
    town: store.town,
    county: store.county,
    postcode: displayPostcode(store.postcode),
    countryCode: "GB",
  };
}

/** Pounds for display: "£2.99", or "Free" for nothing to pay. */
export function costText(pence: number): string {
  return pence === 0 ? "Free" : `£${(pence / 100).toFixed(2)}`;
}

/** The delivery tier for a distance: the first tier reaching it; beyond the last tier, the method's own cost. */
export function fulfilmentCost(method: Pick<MethodRow, "costPence" | "deliveryTiers">, km: number | null): number {
  if (km === null || !method.deliveryTiers?.length) return method.costPence;
  const tier = [...method.deliveryTiers].sort((a, b) => a.upToKm - b.upToKm).find((t) => km <= t.upToKm);
  return tier ? tier.costPence : method.costPence;
}

function methodState(
  store: StoreRow,
  method: MethodRow | undefined,
  kind: FulfilmentMethod,
  at: { holidays: Holidays; now: Date; canDeliver: boolean; km: number | null },
): MethodState {
  const open = methodOpenState({
    method: method ?? null,
    store: { timeZone: store.timeZone, temporarilyClosed: store.temporarilyClosed, ordersPaused: store.ordersPaused },
    holidays: at.holidays,
    now: at.now,
  });
  if (!method) {
    return {
      enabledForMethod: false,
      canDeliver: at.canDeliver,
      ...open,
      leadTime: DEFAULT_LEAD_TIME_SECONDS,
      orderDaysInAdvance: 0,
      hasOnlyAsapSlotType: false,
      hasFutureSlotType: false,
      maxBasketItems: 0,
      cost: 0,
      costText: costText(0),
      freeFrom: null,
      minSpend: 0,
      deliveryTiers: null,
      freeFulfilmentMessage: null,
    };
  }
  const cost = kind === "delivery" ? fulfilmentCost(method, at.km) : method.costPence;
  return {
    enabledForMethod: method.enabled,
    canDeliver: at.canDeliver,
    ...open,
    leadTime: method.leadTimeSeconds,
    orderDaysInAdvance: method.orderDaysInAdvance,
    hasOnlyAsapSlotType: method.hasOnlyAsapSlotType,
    hasFutureSlotType: method.hasFutureSlotType,
    maxBasketItems: method.maxBasketItems,
    cost,
    costText: costText(cost),
    freeFrom: method.freeFromPence,
    minSpend: method.minSpendPence,
    deliveryTiers: method.deliveryTiers
      ? method.deliveryTiers.map((t) => ({ upToKm: t.upToKm, cost: t.costPence }))
      : null,
    freeFulfilmentMessage: method.freeFulfilmentMessage,
  };
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, "en-GB", { sensitivity: "base" });
}

function byName(a: Pick<StoreRow, "name" | "id">, b: Pick<StoreRow, "name" | "id">): number {
  return compareText(a.name, b.name) || a.id - b.id;
}

function distinctSorted(values: string[]): string[] {
  return [...new Set(values)].sort();
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
