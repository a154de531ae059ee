import { z } from "zod";
import { endpoint } from "./endpoint";
import { idFromSlug, methodIsAvailable, storeIsClosed } from "./store-rules";

export { idFromSlug, methodIsAvailable, storeIsClosed };

// ---------------------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------------------

export const fulfilmentMethods = ["delivery", "collection"] as const;
export const fulfilmentMethodSchema = z.enum(fulfilmentMethods);
export type FulfilmentMethod = z.infer<typeof fulfilmentMethodSchema>;

export const methodStatuses = ["open", "preorder", "closed"] as const;
export const methodStatusSchema = z.enum(methodStatuses);
export type MethodStatus = z.infer<typeof methodStatusSchema>;

/** Store-local clock time; "24:00" is allowed as a closing time meaning the following midnight. */
export const clockTimeSchema = z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, "expected HH:mm");
export const openingRangeSchema = z.object({ open: clockTimeSchema, close: clockTimeSchema });
export type OpeningRange = z.infer<typeof openingRangeSchema>;

/** ISO weekday (1 = Monday … 7 = Sunday) → opening ranges in store-local time; an empty list is a closed day. */
export const weeklyHoursSchema = z.object({
  "1": z.array(openingRangeSchema),
  "2": z.array(openingRangeSchema),
  "3": z.array(openingRangeSchema),
  "4": z.array(openingRangeSchema),
  "5": z.array(openingRangeSchema),
  "6": z.array(openingRangeSchema),
  "7": z.array(openingRangeSchema),
});

const isoInstant = z.iso.datetime();
const isoDate = z.iso.date();
const pence = z.number().int().nonnegative();

export const storeAddressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  /** Display form, e.g. "SW1A 1AA". */
  postcode: z.string(),
  countryCode: z.literal("GB"),
});
export type StoreAddress = z.infer<typeof storeAddressSchema>;

/** How one fulfilment method of a store stands for this shopper at this moment. */
export const methodStateSchema = z.object({
  enabledForMethod: z.boolean(),
  /** Delivery: the store's delivery area contains the location. Collection: the store lies within the search radius. */
  canDeliver: z.boolean(),
  status: methodStatusSchema,
  /** Seconds between ordering and the earliest fulfilment. */
  leadTime: z.number().int().nonnegative(),
  /** The next instant the method can fulfil an order, or null when none falls within orderDaysInAdvance. */
  earliestOpeningDate: isoInstant.nullable(),
  /** Today's same-day cut-off, or null when the method has none (or does not trade today). */
  cutOffDateTime: isoInstant.nullable(),
  /** Today's ranges in store-local time; empty when the method does not trade today or today is a holiday. */
  openingHoursToday: z.array(openingRangeSchema),
  holidayMessage: z.string().nullable(),
  orderDaysInAdvance: z.number().int().nonnegative(),
  hasOnlyAsapSlotType: z.boolean(),
  hasFutureSlotType: z.boolean(),
  /** 0 means no limit. */
  maxBasketItems: z.number().int().nonnegative(),
  /** What this shopper pays for the method, in pence (the delivery tier for their distance where tiers exist). */
  cost: pence,
  /** "£2.99", or "Free" when the cost is 0. */
  costText: z.string(),
  freeFrom: pence.nullable(),
  minSpend: pence,
  deliveryTiers: z.array(z.object({ upToKm: z.number().positive(), cost: pence })).nullable(),
  freeFulfilmentMessage: z.string().nullable(),
});
export type MethodState = z.infer<typeof methodStateSchema>;

export const orderMethodsSchema = z.object({ delivery: methodStateSchema, collection: methodStateSchema });
export type OrderMethods = z.infer<typeof orderMethodsSchema>;

export const fulfilmentLocationSchema = z.object({
  /** Display form of the postcode searched, or null when the search was by coordinates. */
  postcode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type FulfilmentLocation = z.infer<typeof fulfilmentLocationSchema>;

// ---------------------------------------------------------------------------------------------------------
// Store search: findNearby and search
// ---------------------------------------------------------------------------------------------------------

/** Optional on the wire, and null counts as absent: the storefront's session holds nulls for unknown values. */
const optionalText = (max: number) => z.string().trim().max(max).nullish();

const locationFields = {
  postcode: optionalText(16),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
};

export const storeSearchRequestSchema = z.object({
  ...locationFields,
  returnNearestOnly: z.boolean().default(false),
  fulfilmentMethod: fulfilmentMethodSchema.nullish(),
  sortBy: z.enum(["distance", "name"]).default("distance"),
  productType: optionalText(64),
});
export type StoreSearchRequest = z.input<typeof storeSearchRequestSchema>;

export const storeSummarySchema = z.object({
  id: z.number().int().positive(),
  storeName: z.string(),
  /** `${slugText}-${id}`: the id is the number after the last dash. */
  slug: z.string(),
  address: storeAddressSchema,
  phone: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  distanceKm: z.number().nonnegative(),
  distanceMiles: z.number().nonnegative(),
  storeProductTypes: z.array(z.string()),
  ordersPaused: z.boolean(),
  pausedMessage: z.string().nullable(),
  temporarilyClosed: z.boolean(),
  storeClosedMessage: z.string().nullable(),
  timeZone: z.string(),
  orderMethods: orderMethodsSchema,
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

export const storeSearchResponseSchema = z.object({
  stores: z.array(storeSummarySchema),
  /** Distinct product types of the stores found before the productType filter, sorted. */
  storeProductTypes: z.array(z.string()),
  fulfilmentLocation: fulfilmentLocationSchema,
});
export type StoreSearchResponse = z.infer<typeof storeSearchResponseSchema>;

export const findNearbyStores = endpoint({
  method: "POST",
  path: "/api/stores/findNearby",
  auth: "token",
  request: storeSearchRequestSchema,
  response: storeSearchResponseSchema,
});

export const searchStores = endpoint({
  method: "POST",
  path: "/api/stores/search",
  auth: "token",
  request: storeSearchRequestSchema,
  response: storeSearchResponseSchema,
});

// ---------------------------------------------------------------------------------------------------------
// Store selection
// ---------------------------------------------------------------------------------------------------------

export const selectStoreRequestSchema = z
  .object({
    storeId: z.number().int().positive().nullish(),
    seoUrl: optionalText(200),
    ...locationFields,
  })
  .refine((v) => v.storeId != null || (v.seoUrl != null && v.seoUrl !== ""), {
    message: "storeId or seoUrl is required",
    path: ["storeId"],
  });
export type SelectStoreRequest = z.input<typeof selectStoreRequestSchema>;

const paymentMethodSchema = z.object({
  name: z.string(),
  settings: z.object({
    enabledForMethod: z.object({ delivery: z.boolean(), collection: z.boolean() }),
    cutOffTime: z.string().nullable(),
    paymentGateways: z.array(z.string()),
  }),
});

const storeDaySchema = z.object({ date: isoDate, holidayMessage: z.string().nullable() });

export const storeDetailsSchema = z.object({
  id: z.number().int().positive(),
  storeName: z.string(),
  storeLogo: z.string().nullable(),
  slug: z.string(),
  currency: z.object({ currencyCode: z.literal("GBP"), symbolChar: z.literal("£") }),
  orderMethods: orderMethodsSchema,
  storeProductTypes: z.array(z.string()),
  paymentMethods: z.array(paymentMethodSchema),
  paymentGateways: z.array(
    z.object({ name: z.string(), mode: z.enum(["sandbox", "live"]), fields: z.object({ publicKey: z.string() }) }),
  ),
  tips: z.object({ enabled: z.boolean() }),
  /** Today and the following orderDaysInAdvance days; holidayMessage is null on ordinary days. */
  deliveryDays: z.array(storeDaySchema),
  collectionDays: z.array(storeDaySchema),
  guestCheckoutAllowed: z.boolean(),
  ordersPaused: z.boolean(),
  pausedMessage: z.string().nullable(),
  storeClosedMessage: z.string().nullable(),
  temporarilyClosed: z.boolean(),
  orderSuccessMessage: z.string().nullable(),
  customerOrderNotePlaceholder: z.string().nullable(),
  memberEmailCheck: z.boolean(),
  retailCustomer: z.object({ hasMembership: z.boolean() }),
  allowedMarketingChannels: z.array(z.object({ id: z.number().int(), platformNames: z.object({ web: z.string() }) })),
  isDriverTipEmojiEnabled: z.boolean(),
  info: z.object({ storeTimeZone: z.string() }),
  membershipPricing: z.boolean(),
  menuGroupId: z.number().int().nullable(),
  basketOnlyTimeSelection: z.boolean(),
  town: z.string(),
  lat: z.number(),
  lng: z.number(),
  address: storeAddressSchema,
  phone: z.string().nullable(),
  /** Null when no location was given. */
  distanceKm: z.number().nonnegative().nullable(),
  /** Each method's weekly hours for the store page; null when the store does not offer the method. */
  weeklyHours: z.object({ delivery: weeklyHoursSchema.nullable(), collection: weeklyHoursSchema.nullable() }),
  fulfilmentLocation: fulfilmentLocationSchema.nullable(),
});
export type StoreDetails = z.infer<typeof storeDetailsSchema>;

export const selectStore = endpoint({
  method: "POST",
  path: "/api/stores/select",
  auth: "token",
  request: selectStoreRequestSchema,
  response: storeDetailsSchema,
});

// ---------------------------------------------------------------------------------------------------------
// All stores
// ---------------------------------------------------------------------------------------------------------

export const storeListEntrySchema = z.object({
  id: z.number().int().positive(),
  storeName: z.string(),
  slug: z.string(),
  town: z.string(),
  address: storeAddressSchema,
  storeProductTypes: z.array(z.string()),
});
export type StoreListEntry = z.infer<typeof storeListEntrySchema>;

export const listStores = endpoint({
  method: "POST",
  path: "/api/stores/all",
  auth: "token",
  request: z.object({}),
  response: z.object({ stores: z.array(storeListEntrySchema) }),
});

// ---------------------------------------------------------------------------------------------------------
// Rules both halves use
// ---------------------------------------------------------------------------------------------------------
