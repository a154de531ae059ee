import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

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

  it("takes the reCAPTCHA keys together, and a coupon attempt limit per address", () => {
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: "site" })).toThrow(/RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together/);
    expect(() => parseEnv({ RECAPTCHA_SECRET_KEY: "secret" })).toThrow(/go together/);
    expect(() => parseEnv({ RECAPTCHA_VERIFY_URL: "nowhere" })).toThrow(/RECAPTCHA_VERIFY_URL/);
    const env = parseEnv({ RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET_KEY: "secret" });
    expect([env.RECAPTCHA_SITE_KEY, env.RECAPTCHA_SECRET_KEY, env.RECAPTCHA_VERIFY_URL]).toEqual(["site", "secret", undefined]);
    expect(env.COUPON_ATTEMPTS_PER_IP).toBe(50);
    expect(parseEnv({ COUPON_ATTEMPTS_PER_IP: "500" }).COUPON_ATTEMPTS_PER_IP).toBe(500);
    expect(() => parseEnv({ COUPON_ATTEMPTS_PER_IP: "0" })).toThrow(/COUPON_ATTEMPTS_PER_IP/);
  });

  it("refuses the test clock in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", TEST_CLOCK: "1" })).toThrow(EnvError);
    expect(parseEnv({ NODE_ENV: "test", TEST_CLOCK: "1" }).TEST_CLOCK).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PLATFORM_URL: "", DATABASE_URL: "" }).PLATFORM_URL).toBeUndefined();
  });
});
