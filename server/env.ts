import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

// Empty strings are dropped before parsing, so an unset and an empty variable mean the same.
const optionalUrl = z.url().optional();

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
    DATABASE_URL: optionalUrl,
    PLATFORM_URL: optionalUrl,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    COOKIE_SECURE: bool.optional(),
    STRAPI_URL: optionalUrl,
    STRAPI_TOKEN: z.string().optional(),
    TEST_CLOCK: bool.default(false),
    TRUST_PROXY: bool.default(false),
    LOG_REQUESTS: bool.default(true),
    POSTCODES_IO_URL: optionalUrl,
    GETADDRESS_API_KEY: z.string().optional(),
    GETADDRESS_URL: optionalUrl,
    LOCATION_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
    SLOT_HOLD_SECONDS: z.coerce.number().int().positive().default(900),
    ACCESS_TOKEN_SECONDS: z.coerce.number().int().positive().default(3600),
    REFRESH_TOKEN_SECONDS: z.coerce.number().int().positive().default(30 * 24 * 3600),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_VERIFY_URL: optionalUrl,
    COUPON_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["TEST_CLOCK"], message: "the test clock cannot be enabled in production" });
    }
    if (Boolean(env.STRAPI_URL) !== Boolean(env.STRAPI_TOKEN)) {
      ctx.addIssue({ code: "custom", path: ["STRAPI_TOKEN"], message: "STRAPI_URL and STRAPI_TOKEN go together" });
    }
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({ code: "custom", path: ["RECAPTCHA_SECRET_KEY"], message: "RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together" });
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
