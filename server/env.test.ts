import { describe, expect, it } from "vitest";
import { EnvError, housekeepingIntervalSeconds, parseEnv } from "./env";

describe("environment", () => {
  it("fills the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(".data");
    expect(env.NODE_ENV).toBe("development");
    expect(env.TEST_CLOCK).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => parseEnv({ STRAPI_URL: "http://cms.example" })).toThrow(/STRAPI_URL and STRAPI_TOKEN go together/);
  });

  it("gives each platform answer 10 s by default (PLATFORM_TIMEOUT_MS), and refuses a time-out too short or too long", () => {
    expect(parseEnv({}).PLATFORM_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ PLATFORM_TIMEOUT_MS: "1500" }).PLATFORM_TIMEOUT_MS).toBe(1500);
    expect(() => parseEnv({ PLATFORM_TIMEOUT_MS: "50" })).toThrow(/PLATFORM_TIMEOUT_MS/);
    expect(() => parseEnv({ PLATFORM_TIMEOUT_MS: "600000" })).toThrow(/PLATFORM_TIMEOUT_MS/);
  });

  it("takes the reCAPTCHA keys together, and a coupon attempt limit per address", () => {
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: "site" })).toThrow(
      /RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together/,
    );
    expect(() => parseEnv({ RECAPTCHA_SECRET_KEY: "secret" })).toThrow(/go together/);
    expect(() => parseEnv({ RECAPTCHA_VERIFY_URL: "nowhere" })).toThrow(/RECAPTCHA_VERIFY_URL/);
    const env = parseEnv({ RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET_KEY: "secret" });
    expect([env.RECAPTCHA_SITE_KEY, env.RECAPTCHA_SECRET_KEY, env.RECAPTCHA_VERIFY_URL]).toEqual([
      "site",
      "secret",
      undefined,
    ]);
    expect(env.COUPON_ATTEMPTS_PER_IP).toBe(50);
    expect(parseEnv({ COUPON_ATTEMPTS_PER_IP: "500" }).COUPON_ATTEMPTS_PER_IP).toBe(500);
    expect(() => parseEnv({ COUPON_ATTEMPTS_PER_IP: "0" })).toThrow(/COUPON_ATTEMPTS_PER_IP/);
  });

  it("takes checkout.com's keys together, with an optional environment, API address and processing channel", () => {
    expect(() => parseEnv({ CHECKOUT_SECRET_KEY: "sk_sbox_x" })).toThrow(
      /CHECKOUT_PUBLIC_KEY: CHECKOUT_PUBLIC_KEY is required with CHECKOUT_SECRET_KEY/,
    );
    expect(() => parseEnv({ CHECKOUT_PUBLIC_KEY: "pk_sbox_x" })).toThrow(
      /CHECKOUT_SECRET_KEY: CHECKOUT_PUBLIC_KEY is set without CHECKOUT_SECRET_KEY/,
    );
    expect(() =>
      parseEnv({
        CHECKOUT_SECRET_KEY: "sk_sbox_x",
        CHECKOUT_PUBLIC_KEY: "pk_sbox_x",
        CHECKOUT_ENVIRONMENT: "production",
      }),
    ).toThrow(/CHECKOUT_ENVIRONMENT/);
    expect(() => parseEnv({ CHECKOUT_API_URL: "ftp://api.example" })).toThrow(
      /CHECKOUT_API_URL: must be an http or https URL/,
    );
    const env = parseEnv({
      CHECKOUT_SECRET_KEY: "sk_sbox_x",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_x",
      CHECKOUT_ENVIRONMENT: "sandbox",
      CHECKOUT_API_URL: "https://abc.api.sandbox.checkout.com",
      CHECKOUT_PROCESSING_CHANNEL_ID: "pc_x",
    });
    expect([
      env.CHECKOUT_SECRET_KEY,
      env.CHECKOUT_PUBLIC_KEY,
      env.CHECKOUT_ENVIRONMENT,
      env.CHECKOUT_API_URL,
      env.CHECKOUT_PROCESSING_CHANNEL_ID,
    ]).toEqual(["sk_sbox_x", "pk_sbox_x", "sandbox", "https://abc.api.sandbox.checkout.com", "pc_x"]);
    expect(parseEnv({}).CHECKOUT_SECRET_KEY).toBeUndefined();
  });

  it("sweeps payments every 60 seconds unless told otherwise, and 0 turns the sweep off", () => {
    expect(() => parseEnv({ CHECKOUT_WEBHOOK_SIGNATURE_KEY: "whsk_0123456789abcdef" })).toThrow(
      /CHECKOUT_WEBHOOK_SIGNATURE_KEY/,
    );
    expect(() =>
      parseEnv({
        CHECKOUT_SECRET_KEY: "sk_sbox_a",
        CHECKOUT_PUBLIC_KEY: "pk_sbox_a",
        CHECKOUT_WEBHOOK_SIGNATURE_KEY: "short",
      }),
    ).toThrow(/CHECKOUT_WEBHOOK_SIGNATURE_KEY/);
    expect(
      parseEnv({
        CHECKOUT_SECRET_KEY: "sk_sbox_a",
        CHECKOUT_PUBLIC_KEY: "pk_sbox_a",
        CHECKOUT_WEBHOOK_SIGNATURE_KEY: "whsk_0123456789abcdef",
      }).CHECKOUT_WEBHOOK_SIGNATURE_KEY,
    ).toBe("whsk_0123456789abcdef");
    expect(parseEnv({}).PAYMENT_SWEEP_SECONDS).toBe(60);
    expect(parseEnv({ PAYMENT_SWEEP_SECONDS: "300" }).PAYMENT_SWEEP_SECONDS).toBe(300);
    expect(parseEnv({ PAYMENT_SWEEP_SECONDS: "0" }).PAYMENT_SWEEP_SECONDS).toBe(0);
    expect(() => parseEnv({ PAYMENT_SWEEP_SECONDS: "-1" })).toThrow(/PAYMENT_SWEEP_SECONDS/);
    expect(() => parseEnv({ PAYMENT_SWEEP_SECONDS: "1.5" })).toThrow(/PAYMENT_SWEEP_SECONDS/);
    expect(() => parseEnv({ PAYMENT_SWEEP_SECONDS: "often" })).toThrow(/PAYMENT_SWEEP_SECONDS/);
  });

  it("purges expired rows every 300 seconds unless told otherwise (off under a test clock), and 0 turns it off", () => {
    expect(housekeepingIntervalSeconds(parseEnv({}))).toBe(300);
    expect(housekeepingIntervalSeconds(parseEnv({ TEST_CLOCK: "1" }))).toBe(0);
    expect(housekeepingIntervalSeconds(parseEnv({ TEST_CLOCK: "1", HOUSEKEEPING_INTERVAL_SECONDS: "60" }))).toBe(60);
    expect(housekeepingIntervalSeconds(parseEnv({ HOUSEKEEPING_INTERVAL_SECONDS: "0" }))).toBe(0);
    expect(() => parseEnv({ HOUSEKEEPING_INTERVAL_SECONDS: "-5" })).toThrow(/HOUSEKEEPING_INTERVAL_SECONDS/);
    expect(() => parseEnv({ HOUSEKEEPING_INTERVAL_SECONDS: "soon" })).toThrow(/HOUSEKEEPING_INTERVAL_SECONDS/);
  });

  it("takes Apple Pay's three settings together, and a display name of at most 64 characters", () => {
    expect(() => parseEnv({ APPLE_PAY_MERCHANT_ID: "merchant.x" })).toThrow(
      /APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_FILE and APPLE_PAY_KEY_FILE go together/,
    );
    expect(() => parseEnv({ APPLE_PAY_MERCHANT_ID: "merchant.x", APPLE_PAY_CERT_FILE: "c.pem" })).toThrow(
      /go together/,
    );
    const env = parseEnv({
      APPLE_PAY_MERCHANT_ID: "merchant.x",
      APPLE_PAY_CERT_FILE: "c.pem",
      APPLE_PAY_KEY_FILE: "k.pem",
      APPLE_PAY_DISPLAY_NAME: "Demo Foods",
    });
    expect([
      env.APPLE_PAY_MERCHANT_ID,
      env.APPLE_PAY_CERT_FILE,
      env.APPLE_PAY_KEY_FILE,
      env.APPLE_PAY_DISPLAY_NAME,
    ]).toEqual(["merchant.x", "c.pem", "k.pem", "Demo Foods"]);
    expect(() => parseEnv({ APPLE_PAY_DISPLAY_NAME: "x".repeat(65) })).toThrow(
      /APPLE_PAY_DISPLAY_NAME: must be at most 64 characters/,
    );
  });

  it("takes the staff sign-in together, with a password of at least 12 characters", () => {
    expect(() => parseEnv({ STAFF_USERNAME: "kitchen" })).toThrow(
      /STAFF_PASSWORD: STAFF_USERNAME and STAFF_PASSWORD go together/,
    );
    expect(() => parseEnv({ STAFF_PASSWORD: "long enough password" })).toThrow(/go together/);
    expect(() => parseEnv({ STAFF_USERNAME: "kitchen", STAFF_PASSWORD: "short" })).toThrow(
      /STAFF_PASSWORD: must be at least 12 characters/,
    );
    const env = parseEnv({ STAFF_USERNAME: "kitchen", STAFF_PASSWORD: "correct horse battery" });
    expect([env.STAFF_USERNAME, env.STAFF_PASSWORD]).toEqual(["kitchen", "correct horse battery"]);
  });

  it("takes the public address as an http or https URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://shop.example.co.uk" }).PUBLIC_URL).toBe("https://shop.example.co.uk");
    expect(() => parseEnv({ PUBLIC_URL: "shop.example.co.uk" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
  });

  it("reads the social sign-in providers, with Google's and Facebook's own addresses by default", () => {
    const none = parseEnv({});
    expect([none.GOOGLE_CLIENT_ID, none.FACEBOOK_APP_ID]).toEqual([undefined, undefined]);
    expect(none.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
    expect(none.FACEBOOK_GRAPH_URL).toBe("https://graph.facebook.com");
    const env = parseEnv({
      GOOGLE_CLIENT_ID: "id.apps.example",
      GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs",
      FACEBOOK_APP_ID: "123",
      FACEBOOK_APP_SECRET: "s",
    });
    expect([env.GOOGLE_CLIENT_ID, env.GOOGLE_JWKS_URL, env.FACEBOOK_APP_ID]).toEqual([
      "id.apps.example",
      "http://127.0.0.1:9/certs",
      "123",
    ]);
    expect(() => parseEnv({ FACEBOOK_APP_ID: "123" })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => parseEnv({ GOOGLE_JWKS_URL: "ftp://keys.example" })).toThrow(/GOOGLE_JWKS_URL/);
  });

  it("reads the sign-in redirect's client secret and provider addresses, with Google's and Facebook's own by default", () => {
    const none = parseEnv({});
    expect(none.GOOGLE_CLIENT_SECRET).toBeUndefined();
    expect([none.GOOGLE_AUTH_URL, none.GOOGLE_TOKEN_URL]).toEqual([
      "https://accounts.google.com/o/oauth2/v2/auth",
      "https://oauth2.googleapis.com/token",
    ]);
    expect([none.FACEBOOK_AUTH_URL, none.FACEBOOK_TOKEN_URL]).toEqual([
      "https://www.facebook.com/v19.0/dialog/oauth",
      "https://graph.facebook.com/v19.0/oauth/access_token",
    ]);
    const env = parseEnv({
      GOOGLE_CLIENT_ID: "id.apps.example",
      GOOGLE_CLIENT_SECRET: "g-secret",
      GOOGLE_AUTH_URL: "http://127.0.0.1:9/auth",
      GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
      FACEBOOK_AUTH_URL: "http://127.0.0.1:9/dialog/oauth",
      FACEBOOK_TOKEN_URL: "http://127.0.0.1:9/oauth/access_token",
    });
    expect([
      env.GOOGLE_CLIENT_SECRET,
      env.GOOGLE_AUTH_URL,
      env.GOOGLE_TOKEN_URL,
      env.FACEBOOK_AUTH_URL,
      env.FACEBOOK_TOKEN_URL,
    ]).toEqual([
      "g-secret",
      "http://127.0.0.1:9/auth",
      "http://127.0.0.1:9/token",
      "http://127.0.0.1:9/dialog/oauth",
      "http://127.0.0.1:9/oauth/access_token",
    ]);
    expect(() => parseEnv({ GOOGLE_CLIENT_SECRET: "g-secret" })).toThrow(
      /GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_SECRET is set without GOOGLE_CLIENT_ID/,
    );
    for (const name of ["GOOGLE_AUTH_URL", "GOOGLE_TOKEN_URL", "FACEBOOK_AUTH_URL", "FACEBOOK_TOKEN_URL"]) {
      expect(() => parseEnv({ [name]: "javascript:alert(1)" })).toThrow(
        new RegExp(`${name}: must be an http or https URL`),
      );
    }
  });

  it("refuses the test clock in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", TEST_CLOCK: "1" })).toThrow(EnvError);
    expect(parseEnv({ NODE_ENV: "test", TEST_CLOCK: "1" }).TEST_CLOCK).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PLATFORM_URL: "", DATABASE_URL: "" }).PLATFORM_URL).toBeUndefined();
  });
  it("sends e-mail by SMTP and SMS by Twilio only when configured, each with its variables together", () => {
    const none = parseEnv({});
    expect([none.SMTP_URL, none.SMTP_FROM, none.TWILIO_ACCOUNT_SID, none.TWILIO_API_URL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ SMTP_FROM: "Shop <shop@example.com>" })).toThrow(
      /SMTP_FROM: SMTP_FROM is set without SMTP_URL/,
    );
    const smtp = parseEnv({ SMTP_URL: "smtps://user:pass@mail.example:465", SMTP_FROM: "Shop <shop@example.com>" });
    expect([smtp.SMTP_URL, smtp.SMTP_FROM]).toEqual(["smtps://user:pass@mail.example:465", "Shop <shop@example.com>"]);
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "token" })).toThrow(
      /TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together/,
    );
    expect(() => parseEnv({ TWILIO_API_URL: "ftp://api.example" })).toThrow(
      /TWILIO_API_URL: must be an http or https URL/,
    );
    const twilio = parseEnv({
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+447700900111",
      TWILIO_API_URL: "http://127.0.0.1:9",
    });
    expect([twilio.TWILIO_ACCOUNT_SID, twilio.TWILIO_AUTH_TOKEN, twilio.TWILIO_FROM, twilio.TWILIO_API_URL]).toEqual([
      "AC1",
      "token",
      "+447700900111",
      "http://127.0.0.1:9",
    ]);
  });

  it("takes a Sentry DSN with its public key and project, or none (error reporting off)", () => {
    expect(parseEnv({}).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ SENTRY_DSN: "" }).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ SENTRY_DSN: "https://abc123@o1.ingest.sentry.io/4501" }).SENTRY_DSN).toBe(
      "https://abc123@o1.ingest.sentry.io/4501",
    );
    for (const bad of [
      "sentry",
      "https://o1.ingest.sentry.io/4501",
      "https://abc123@o1.ingest.sentry.io/",
      "ftp://abc@host/1",
    ]) {
      expect(() => parseEnv({ SENTRY_DSN: bad })).toThrow(/SENTRY_DSN: must be a Sentry DSN/);
    }
  });
});
