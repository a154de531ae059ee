import type { BusinessProfile, Clock } from "../contract";
import { businessProfileSchema } from "../contract";
import type { Db } from "../db/open";
import type { SharedSource } from "../shared-reads";
import { SETTINGS_KEYS, readOverrides, writeOverrides } from "./settings-store";

/**
 * UK postcodes, tested with whitespace removed and upper-cased: outward code (area letters, district digit
 * and optional letter or digit) then inward code (a digit and two letters, never C, I, K, M, O or V).
 * GIR 0AA, the one postcode outside that pattern, has a rule of its own.
 */
export const UK_POSTCODE_RULES = [
  "^(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|" +
    "[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2}$",
  "^GIR0AA$",
];

/** The profile when the business has set nothing. Tip amounts in pence. */
export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = {
  tipLimitLevels: [0, 100, 200, 300],
  driverTipIncrement: 50,
  // Referral and credit are offered: £5 of credit for each side once the new member's first order is placed.
  hideReferralUI: false,
  referral: { partnerUniqueId: "larder", referrerCreditPence: 500, newMemberCreditPence: 500 },
  iterableMobileApiKey: null,
  // The embedded test gateway's key; a business on checkout.com stores its own public key as an override.
  paymentGateways: [{ name: "checkoutcom", fields: { publicKey: "pk_sbox_embedded_test_gateway" } }],
  postcodeRules: UK_POSTCODE_RULES,
  defaultTimeZone: "Europe/London",
  pusherSettings: { enabled: false },
  secondHeroBannerThreshold: 5,
  recaptcha: { siteKeys: { ios: null, android: null, web: null } },
};

const overridesSchema = businessProfileSchema.partial().strict();
export type BusinessProfileOverrides = Partial<BusinessProfile>;

/** What the deployment's configuration adds to the profile. */
export interface DeploymentProfile {
  /** RECAPTCHA_SITE_KEY: the web site key the storefront's reCAPTCHA widget uses. */
  recaptchaSiteKey?: string | null;
  /** The card gateway's public key (CHECKOUT_PUBLIC_KEY, or the embedded test gateway's), for tokenising in browsers. */
  checkoutPublicKey?: string | null;
}

/**
 * The business profile: the defaults with the stored overrides laid over them field by field (a nested field
 * such as recaptcha is replaced whole). A stored override that no longer fits the contract fails loudly
 * rather than reaching shoppers.
 */
export async function getBusinessProfile(
  db: SharedSource,
  deployment: DeploymentProfile = {},
): Promise<BusinessProfile> {
  const overrides = await readOverrides(db, SETTINGS_KEYS.businessProfile);
  const merged = { ...DEFAULT_BUSINESS_PROFILE, ...overrides };
  // The reCAPTCHA secret is the deployment's (RECAPTCHA_SECRET_KEY), so its site key must win over any stored one.
  if (deployment.recaptchaSiteKey) {
    const recaptcha = merged.recaptcha ?? DEFAULT_BUSINESS_PROFILE.recaptcha;
    merged.recaptcha = { siteKeys: { ...recaptcha.siteKeys, web: deployment.recaptchaSiteKey } };
  }
  // Tokens made with any other public key would be refused by the gateway the deployment pays through.
  if (deployment.checkoutPublicKey) {
    const publicKey = deployment.checkoutPublicKey;
    const gateways = merged.paymentGateways ?? DEFAULT_BUSINESS_PROFILE.paymentGateways;
    merged.paymentGateways = gateways.some((g) => g.name === "checkoutcom")
      ? gateways.map((g) => (g.name === "checkoutcom" ? { ...g, fields: { ...g.fields, publicKey } } : g))
      : [...gateways, { name: "checkoutcom", fields: { publicKey } }];
  }
  const result = businessProfileSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Stored business profile is invalid at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? ""}`);
  }
  return result.data;
}

/** Stores the business's overrides (replacing earlier ones); throws when they do not fit the contract. */
export async function saveBusinessProfileOverrides(
  db: Db,
  clock: Clock,
  overrides: BusinessProfileOverrides,
): Promise<void> {
  const valid = overridesSchema.parse(overrides);
  await writeOverrides(db, SETTINGS_KEYS.businessProfile, valid, clock.now());
}
