import { z } from "zod";
import { parseDsn } from "../app/models/error-report";
import { DEFAULT_SITE_VERSION } from "#contract/client-identity";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

// Empty strings are dropped before parsing, so an unset and an empty variable mean the same.
const optionalUrl = z.url().optional();
/** An address browsers or this server go to: http or https only. */
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).optional();

/**
 * Every environment variable the server reads, validated once at start-up. A bad value stops the server
 * with a message naming the variable.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default(".data"),
    /** The embedded platform's content (global.json, home.json …) when Strapi is not used. */
    CONTENT_DIR: z.string().min(1).default("content"),
    DATABASE_URL: optionalUrl,
    PLATFORM_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The site's version, named on every platform call with the client's name and contract version (spec 1 §9). */
    SITE_VERSION: z
      .string()
      .regex(/^[0-9A-Za-z.+-]{1,40}$/, "letters, digits, dots, plus and minus signs, at most 40")
      .default(DEFAULT_SITE_VERSION),
    /** Signs marketing deep links (issue 20): every instance, and whatever makes the links, must share it. */
    DEEPLINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    COOKIE_SECURE: bool.optional(),
    STRAPI_URL: optionalUrl,
    STRAPI_TOKEN: z.string().optional(),
    TEST_CLOCK: bool.default(false),
    TRUST_PROXY: bool.default(false),
    LOG_REQUESTS: bool.default(true),
    /**
     * How long the storefront waits for one platform answer before it counts the attempt as failed (spec 1 §7: a GET
     * is then tried once more, anything else is not, and the shopper gets the "try again in a moment" page).
     */
    PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Check the embedded platform's answers against the contract in production too (always checked elsewhere). */
    PLATFORM_CHECK_ANSWERS: bool.default(false),
    POSTCODES_IO_URL: optionalUrl,
    GETADDRESS_API_KEY: z.string().optional(),
    GETADDRESS_URL: optionalUrl,
    LOCATION_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
    SLOT_HOLD_SECONDS: z.coerce.number().int().positive().default(900),
    ACCESS_TOKEN_SECONDS: z.coerce.number().int().positive().default(3600),
    REFRESH_TOKEN_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 24 * 3600),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_VERIFY_URL: optionalUrl,
    COUPON_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
    CHECKOUT_SECRET_KEY: z.string().optional(),
    CHECKOUT_PUBLIC_KEY: z.string().optional(),
    CHECKOUT_ENVIRONMENT: z.enum(["sandbox", "live"]).optional(),
    CHECKOUT_API_URL: httpUrl,
    CHECKOUT_PROCESSING_CHANNEL_ID: z.string().optional(),
    /** The signature key of the checkout.com webhook pointed at /api/payment/webhooks/checkoutcom. */
    CHECKOUT_WEBHOOK_SIGNATURE_KEY: z.string().min(16, "must be at least 16 characters").optional(),
    /** How often the embedded platform settles card payments whose shopper never came back; 0 turns it off. */
    PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
    /**
     * How often the embedded platform purges expired tokens, codes, keys, counters and holds (decision 0043); 0 turns
     * it off. Unset: every 300 s, or off with TEST_CLOCK (a test clock moved back would find live rows purged).
     */
    HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().int().min(0).optional(),
    APPLE_PAY_MERCHANT_ID: z.string().optional(),
    APPLE_PAY_CERT_FILE: z.string().optional(),
    APPLE_PAY_KEY_FILE: z.string().optional(),
    APPLE_PAY_DISPLAY_NAME: z.string().max(64, "must be at most 64 characters (Apple's limit)").optional(),
    STAFF_USERNAME: z.string().max(100).optional(),
    STAFF_PASSWORD: z.string().min(12, "must be at least 12 characters").max(200).optional(),
    PUBLIC_URL: httpUrl,
    // Member sign-in with Google and Facebook, as the platform checks it (issue 13).
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_JWKS_URL: httpUrl.default("https://www.googleapis.com/oauth2/v3/certs"),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_GRAPH_URL: httpUrl.default("https://graph.facebook.com"),
    // Messages out (issue 13): without these, messages wait in the outbox (/dev/outbox shows them outside production).
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    SMTP_FROM: z.string().max(200).optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_URL: httpUrl,
    // The storefront's side of social sign-in: the authorisation code flow (decision 0020).
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
    FACEBOOK_AUTH_URL: httpUrl.default("https://www.facebook.com/v19.0/dialog/oauth"),
    FACEBOOK_TOKEN_URL: httpUrl.default("https://graph.facebook.com/v19.0/oauth/access_token"),
    // Live order status to the business's apps (decision 0040): Pusher's app id and secret; the key and cluster are the
    // business profile's pusherSettings. PUSHER_HOST replaces the cluster's address (a local fake, a proxy).
    PUSHER_APP_ID: z.string().max(100).optional(),
    PUSHER_SECRET: z.string().max(200).optional(),
    PUSHER_HOST: httpUrl,
    /** Error reporting (issue 18 item 2): Sentry's DSN, https://<public key>@<host>/<project id>; unset = off. */
    SENTRY_DSN: z
      .string()
      .refine((v) => parseDsn(v) !== null, "must be a Sentry DSN: https://<public key>@<host>/<project id>")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["TEST_CLOCK"], message: "the test clock cannot be enabled in production" });
    }
    if (Boolean(env.STRAPI_URL) !== Boolean(env.STRAPI_TOKEN)) {
      ctx.addIssue({ code: "custom", path: ["STRAPI_TOKEN"], message: "STRAPI_URL and STRAPI_TOKEN go together" });
    }
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["RECAPTCHA_SECRET_KEY"],
        message: "RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together",
      });
    }
    if (env.CHECKOUT_SECRET_KEY && !env.CHECKOUT_PUBLIC_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["CHECKOUT_PUBLIC_KEY"],
        message: "CHECKOUT_PUBLIC_KEY is required with CHECKOUT_SECRET_KEY",
      });
    }
    if (env.CHECKOUT_PUBLIC_KEY && !env.CHECKOUT_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["CHECKOUT_SECRET_KEY"],
        message: "CHECKOUT_PUBLIC_KEY is set without CHECKOUT_SECRET_KEY",
      });
    }
    if (env.CHECKOUT_WEBHOOK_SIGNATURE_KEY && !env.CHECKOUT_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["CHECKOUT_WEBHOOK_SIGNATURE_KEY"],
        message: "CHECKOUT_WEBHOOK_SIGNATURE_KEY is set without CHECKOUT_SECRET_KEY",
      });
    }
    const applePay = [env.APPLE_PAY_MERCHANT_ID, env.APPLE_PAY_CERT_FILE, env.APPLE_PAY_KEY_FILE].filter(
      Boolean,
    ).length;
    if (applePay !== 0 && applePay !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["APPLE_PAY_MERCHANT_ID"],
        message: "APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_FILE and APPLE_PAY_KEY_FILE go together",
      });
    }
    if (Boolean(env.STAFF_USERNAME) !== Boolean(env.STAFF_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["STAFF_PASSWORD"],
        message: "STAFF_USERNAME and STAFF_PASSWORD go together",
      });
    }
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["FACEBOOK_APP_SECRET"],
        message: "FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together",
      });
    }
    if (env.SMTP_FROM && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_FROM"], message: "SMTP_FROM is set without SMTP_URL" });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length;
    if (twilio !== 0 && twilio !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["TWILIO_ACCOUNT_SID"],
        message: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together",
      });
    }
    if (Boolean(env.PUSHER_APP_ID) !== Boolean(env.PUSHER_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["PUSHER_SECRET"], message: "PUSHER_APP_ID and PUSHER_SECRET go together" });
    }
    if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_SECRET is set without GOOGLE_CLIENT_ID",
      });
    }
    if (env.PLATFORM_URL && env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: "the storefront uses the remote platform at PLATFORM_URL; DATABASE_URL belongs to that platform",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(environment)"}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** HOUSEKEEPING_INTERVAL_SECONDS, or its default: 300 s, but off under a test clock, which tests move back and forth. */
export function housekeepingIntervalSeconds(env: Pick<Env, "HOUSEKEEPING_INTERVAL_SECONDS" | "TEST_CLOCK">): number {
  return env.HOUSEKEEPING_INTERVAL_SECONDS ?? (env.TEST_CLOCK ? 0 : 300);
}
