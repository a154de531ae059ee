import { z } from "zod";
import { endpoint } from "./endpoint";
import { referralSchemeSchema } from "./referral";

// ---------------------------------------------------------------------------------------------------------
// Business profile
// ---------------------------------------------------------------------------------------------------------

const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: "not a valid regular expression" },
);

const nullableKey = z.string().min(1).nullable();

/**
 * The business profile. Amounts are integer pence: `tipLimitLevels` are the driver-tip choices offered at
 * checkout (0 = no tip) and `driverTipIncrement` is the step of the custom-tip stepper.
 */
export const businessProfileSchema = z.object({
  tipLimitLevels: z.array(z.number().int().nonnegative()).min(1),
  driverTipIncrement: z.number().int().positive(),
  /** When on, nothing of referral and credit is offered (contract/referral.ts). */
  hideReferralUI: z.boolean(),
  /** The referral scheme: its id in links and the credit each side is given. */
  referral: referralSchemeSchema,
  iterableMobileApiKey: nullableKey,
  paymentGateways: z.array(z.object({ name: z.string().min(1), fields: z.object({ publicKey: z.string().min(1) }) })),
  /**
   * Regular expression sources. A postcode is valid when, with all whitespace removed and upper-cased, it
   * matches at least one of them (see `matchesPostcodeRules`).
   */
  postcodeRules: z.array(regexSource).min(1),
  defaultTimeZone: z.string().refine(isTimeZone, { message: "not an IANA time zone" }),
  /** Live order tracking; null or disabled means the storefront polls instead. */
  pusherSettings: z
    .object({ enabled: z.boolean(), key: z.string().min(1).optional(), cluster: z.string().min(1).optional() })
    .nullable(),
  /** A category page shows the second hero banner once it lists at least this many items. */
  secondHeroBannerThreshold: z.number().int().nonnegative(),
  recaptcha: z.object({ siteKeys: z.object({ ios: nullableKey, android: nullableKey, web: nullableKey }) }),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const businessProfile = endpoint({
  method: "GET",
  path: "/api/business/profile",
  auth: "token",
  request: z.object({}),
  response: businessProfileSchema,
});

/** Postcode as the rules see it: whitespace removed, upper-cased. */
export function postcodeForRules(postcode: string): string {
  return postcode.replace(/\s+/g, "").toUpperCase();
}

/** Whether a postcode passes the business's postcode rules (any one rule is enough). */
export function matchesPostcodeRules(postcode: string, rules: readonly string[]): boolean {
  const value = postcodeForRules(postcode);
  return value.length > 0 && rules.some((rule) => new RegExp(rule).test(value));
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// White-label settings
// ---------------------------------------------------------------------------------------------------------

/**
 * Every white-label setting: its key, the type of its value and its default. Adding a setting is one line
 * here; the endpoint, the storefront's typed reader and the platform's reader all follow from it.
 */
const HEX_COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const whiteLabelSettingDefinitions = {
  storeSearchMode: z.enum(["postcode", "address"]).default("postcode"),
  deviceLocationLookup: z.enum(["postcode", "addresses"]).default("postcode"),
  autoSelectClosestStore: z.boolean().default(false),
  showRecommendedItemsBeforeResults: z.boolean().default(false),
  recommendedItemsEnabled: z.boolean().default(true),
  searchTabEnabled: z.boolean().default(true),
  collectionSearchRadiusKm: z.number().positive().max(1000).default(25),
  /** The store search widget's button colour and its text colour (spec 1 §2: red with white text unless set). */
  storeSearchButtonColor: z.string().regex(HEX_COLOUR).nullable().default(null),
  storeSearchButtonTextColor: z.string().regex(HEX_COLOUR).nullable().default(null),
} satisfies Record<string, z.ZodDefault<z.ZodType>>;

type Definitions = typeof whiteLabelSettingDefinitions;
export type WhiteLabelKey = keyof Definitions;
export type WhiteLabelSettings = { [K in WhiteLabelKey]: z.output<Definitions[K]> };
export type WhiteLabelEntry = { [K in WhiteLabelKey]: { key: K; value: z.output<Definitions[K]> } }[WhiteLabelKey];

export const whiteLabelKeys = Object.keys(whiteLabelSettingDefinitions) as WhiteLabelKey[];

/** The settings as one object; parsing `{}` gives every default. */
export const whiteLabelSettingsSchema = z.object(whiteLabelSettingDefinitions);

/**
 * A partial set of values, without defaults filled in: what a business stores as its overrides. Unknown keys
 * are refused so a typo cannot pass silently.
 */
export const whiteLabelOverridesSchema = z
  .object(
    Object.fromEntries(whiteLabelKeys.map((key) => [key, whiteLabelSettingDefinitions[key].unwrap().optional()])) as {
      [K in WhiteLabelKey]: z.ZodOptional<ReturnType<Definitions[K]["unwrap"]>>;
    },
  )
  .strict();

/** One entry of the list the endpoint answers, its value typed by its key. */
export const whiteLabelEntrySchema = z.discriminatedUnion(
  "key",
  whiteLabelKeys.map((key) =>
    z.object({ key: z.literal(key), value: whiteLabelSettingDefinitions[key].unwrap() }),
  ) as unknown as [z.ZodObject<{ key: z.ZodLiteral<WhiteLabelKey>; value: z.ZodType }>],
) as unknown as z.ZodType<WhiteLabelEntry>;

export const whiteLabelSettings = endpoint({
  method: "POST",
  path: "/api/whiteLabel/settings",
  auth: "token",
  // The apps send their screen scale for image choices; the web sends 3.0 and no setting depends on it yet.
  request: z.object({ screenScale: z.number().positive().max(10).default(3) }),
  response: z.object({ settings: z.array(whiteLabelEntrySchema) }),
});

/**
 * Turns a settings list into the typed object, every missing key at its default. Lenient on purpose: an entry
 * with an unknown key (a newer platform) or a value of the wrong type is ignored rather than failing the page.
 */
export function whiteLabelSettingsFromList(entries: readonly { key: string; value: unknown }[]): WhiteLabelSettings {
  const known: Record<string, unknown> = {};
  for (const { key, value } of entries) {
    if (!Object.hasOwn(whiteLabelSettingDefinitions, key)) continue;
    const parsed = whiteLabelSettingDefinitions[key as WhiteLabelKey].unwrap().safeParse(value);
    if (parsed.success) known[key] = parsed.data;
  }
  return whiteLabelSettingsSchema.parse(known);
}

/** The typed object as the endpoint's list, in definition order. */
export function whiteLabelSettingsToList(settings: WhiteLabelSettings): WhiteLabelEntry[] {
  return whiteLabelKeys.map((key) => ({ key, value: settings[key] }) as WhiteLabelEntry);
}
