import { createHash } from "node:crypto";
import { AUTH_MESSAGES } from "../contract";
import type { RequestContext } from "../context";
import { ApiError } from "../errors";
import { hit } from "../rate-limit";

/*
 * Guessing limits, counted in the database (rate-limit.ts) so they hold however many instances serve it. Each
 * action is limited per account, so one address cannot be guessed at from many places, and per client address,
 * so one place cannot try many accounts. Both counts take every attempt, right or wrong.
 */

interface Limit {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export const AUTH_LIMITS = {
  /** Password and one-time code sign-ins. */
  signIn: { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 },
  /** One-time codes sent: each is a message someone receives, so fewer. */
  sendCode: { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 },
  /** Password reset links sent. */
  resetRequest: { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 },
  /** New accounts (each costs a password hash). */
  register: { perAccount: 5, perAddress: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export type LimitedAction = keyof typeof AUTH_LIMITS;

/** The account part of a bucket name: hashed, so the rate-limit table holds no e-mail addresses or numbers. */
function accountKey(account: string): string {
  return createHash("sha256").update(account.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

/** Counts one attempt at `action` for the account and the caller's address; throws 429 when either is over. */
export async function countAttempt(ctx: RequestContext, action: LimitedAction, account: string): Promise<void> {
  const limit = AUTH_LIMITS[action];
  const now = ctx.clock.now();
  const byAddress = await hit(ctx.db, `auth:${action}:ip:${ctx.clientIp}`, limit.perAddress, limit.windowSeconds, now);
  const byAccount = await hit(
    ctx.db,
    `auth:${action}:account:${accountKey(account)}`,
    limit.perAccount,
    limit.windowSeconds,
    now,
  );
  if (!byAddress.allowed || !byAccount.allowed) {
    ctx.log.warn("auth.rate_limited", { action, by: byAddress.allowed ? "account" : "address" });
    throw new ApiError(429, AUTH_MESSAGES.tooManyAttempts, {
      errorCode: "TOO_MANY_ATTEMPTS",
      errorDisplay: AUTH_MESSAGES.tooManyAttempts,
    });
  }
}
