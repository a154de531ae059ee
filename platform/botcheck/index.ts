import type { PlatformConfig } from "../context";

/*
 * The bot check in front of coupon applies (spec 2 §5: a coupon apply carries a bot-check token). One
 * interface, two verifiers: the built-in honeypot (the default) and Google reCAPTCHA when the deployment has
 * keys. The other half of the built-in defence is the rate limit on coupon attempts (basket/coupons.ts).
 */

export type BotCheckResult = { ok: true } | { ok: false; reason: string };

export interface BotCheckInput {
  /** What the storefront sent as `verifyToken`. */
  token: string;
  /** The shopper's address as the edge saw it; "unknown" when it did not. */
  clientIp: string;
  /** What is being protected, e.g. "coupon_apply"; reCAPTCHA v3 tokens name the action they were made for. */
  action: string;
}

export interface BotCheck {
  verify(input: BotCheckInput): Promise<BotCheckResult>;
}

/** The built-in check's token: this prefix, then the value of the storefront's hidden honeypot field. */
export const HONEYPOT_PREFIX = "honeypot:";

/**
 * Built-in: people never see the honeypot field, so they leave it empty; form-filling bots fill it in. The
 * token is `honeypot:` followed by that field's value, so `honeypot:` alone passes. A token without the
 * prefix fails too: whatever sent it is not the storefront's form.
 */
export const honeypotBotCheck: BotCheck = {
  async verify({ token }) {
    if (!token.startsWith(HONEYPOT_PREFIX)) return { ok: false, reason: "the token is not a honeypot answer" };
    if (token.length > HONEYPOT_PREFIX.length) return { ok: false, reason: "the honeypot field was filled in" };
    return { ok: true };
  },
};

export const RECAPTCHA_DEFAULT_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
export const RECAPTCHA_TIMEOUT_MS = 3000;
/** reCAPTCHA v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 to start with. */
export const RECAPTCHA_MIN_SCORE = 0.5;

export interface RecaptchaOptions {
  secretKey: string;
  verifyUrl?: string;
  timeoutMs?: number;
  minScore?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** Google's siteverify answer (https://developers.google.com/recaptcha/docs/verify). */
interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  "error-codes"?: unknown;
}

/**
 * reCAPTCHA: the token is checked with Google's siteverify (a form-encoded POST of the secret, the token and
 * the shopper's address). It passes when Google says `success`, the score (v3 only) is at least the minimum
 * and the action (v3 only) is the one being protected. A service that cannot be reached in time fails the
 * check: a coupon is not worth letting bots through for.
 */
export function recaptchaBotCheck(options: RecaptchaOptions): BotCheck {
  const url = options.verifyUrl ?? RECAPTCHA_DEFAULT_VERIFY_URL;
  const timeoutMs = options.timeoutMs ?? RECAPTCHA_TIMEOUT_MS;
  const minScore = options.minScore ?? RECAPTCHA_MIN_SCORE;
  const doFetch = options.fetch ?? fetch;
  return {
    async verify({ token, clientIp, action }) {
      if (token.trim() === "") return { ok: false, reason: "no reCAPTCHA token" };
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (clientIp && clientIp !== "unknown") form.set("remoteip", clientIp);
      const signal = AbortSignal.timeout(timeoutMs);
      let text: string;
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form.toString(),
          signal,
        });
        if (!response.ok) return { ok: false, reason: `reCAPTCHA answered ${response.status}` };
        text = await response.text();
      } catch (error) {
        if (signal.aborted) return { ok: false, reason: `reCAPTCHA did not answer within ${timeoutMs} ms` };
        const cause =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        return { ok: false, reason: `reCAPTCHA could not be reached: ${cause}` };
      }
      let answer: SiteverifyAnswer;
      try {
        answer = JSON.parse(text) as SiteverifyAnswer;
      } catch {
        return { ok: false, reason: "reCAPTCHA answered something other than JSON" };
      }
      if (!answer || typeof answer !== "object" || answer.success !== true) {
        const codes = Array.isArray(answer?.["error-codes"]) ? (answer["error-codes"] as unknown[]).join(", ") : "none";
        return { ok: false, reason: `reCAPTCHA refused the token (error codes: ${codes})` };
      }
      if (typeof answer.score === "number" && answer.score < minScore) {
        return { ok: false, reason: `reCAPTCHA score ${answer.score} is below ${minScore}` };
      }
      if (typeof answer.action === "string" && answer.action !== action) {
        return { ok: false, reason: `reCAPTCHA token was made for "${answer.action}", not "${action}"` };
      }
      return { ok: true };
    },
  };
}

const byConfig = new WeakMap<PlatformConfig, BotCheck>();

/** The platform's bot check: reCAPTCHA when the configuration has its keys, the honeypot otherwise. */
export function botCheckFor(config: PlatformConfig): BotCheck {
  let check = byConfig.get(config);
  if (!check) {
    check = config.recaptcha
      ? recaptchaBotCheck({ secretKey: config.recaptcha.secretKey, verifyUrl: config.recaptcha.verifyUrl })
      : honeypotBotCheck;
    byConfig.set(config, check);
  }
  return check;
}
