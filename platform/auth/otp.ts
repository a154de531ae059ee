import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { AUTH_MESSAGES } from "../contract";
import type { RequestContext } from "../context";
import { oneTimeCodes } from "../db/schema";
import type { Db, Tx } from "../db/open";
import { ApiError } from "../errors";
import { queueMessage } from "../outbox/outbox";
import { countAttempt } from "./limits";
import { memberByLogin } from "./members";
import { purgeBatch } from "../db/purge";

/** Spec: six digits, ten minutes, single use, five tries. */
export const OTP_DIGITS = 6;
export const OTP_SECONDS = 10 * 60;
export const OTP_MAX_TRIES = 5;

function hashCode(code: string, salt: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("base64url");
}

/** salt$hash: a database reader sees no code (codes are short-lived and tries are few, so this is enough). */
export function storedHash(code: string): string {
  const salt = randomBytes(12).toString("base64url");
  return `${salt}$${hashCode(code, salt)}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split("$");
  if (!salt || !expected) return false;
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a one-time code is for: signing in, or proving a mobile number (kept apart, so one never passes for the other). */
export type CodePurpose = "sign_in" | "verify_mobile";

/**
 * Issues a new code for `purpose` to a member, inside the caller's transaction (which also queues the message that
 * carries it): any earlier unused code of that purpose stops working. Answers the code; only its hash is stored.
 */
export async function issueCode(
  tx: Tx,
  code: { memberId: number; purpose: CodePurpose; channel: "email" | "sms"; recipient: string },
  now: Date,
): Promise<string> {
  const value = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.memberId, code.memberId),
        eq(oneTimeCodes.purpose, code.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await tx.insert(oneTimeCodes).values({
    ...code,
    codeHash: storedHash(value),
    expiresAt: new Date(now.getTime() + OTP_SECONDS * 1000),
    createdAt: now,
  });
  return value;
}

export interface TriedCode {
  id: number;
  attempts: number;
  recipient: string;
  /** The code given is the one issued (and only digits). */
  matches: boolean;
}

/**
 * Counts a try on the member's live code of `purpose` and compares `given` with it; null when there is no live
 * code. The try is counted before the comparison, in one statement, so racing tries cannot share a count: the
 * caller refuses past OTP_MAX_TRIES even a right code.
 */
export async function tryCode(
  db: Db,
  memberId: number,
  purpose: CodePurpose,
  given: string,
  now: Date,
): Promise<TriedCode | null> {
  const live = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.memberId, memberId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  const [tried] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, sql`(${live})`))
    .returning({
      id: oneTimeCodes.id,
      attempts: oneTimeCodes.attempts,
      codeHash: oneTimeCodes.codeHash,
      recipient: oneTimeCodes.recipient,
    });
  if (!tried) return null;
  return {
    id: tried.id,
    attempts: tried.attempts,
    recipient: tried.recipient,
    matches: /^\d+$/.test(given) && codeMatches(given, tried.codeHash),
  };
}

/** Uses a code up in the statement that checks it is unused: of two racing right answers, one wins (true). */
export async function useCode(db: Db | Tx, id: number, now: Date): Promise<boolean> {
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return used !== undefined;
}

function otpMessage(channel: "email" | "sms", code: string, companyName: string) {
  const minutes = OTP_SECONDS / 60;
  if (channel === "sms") {
    return {
      subject: `${companyName} sign-in code`,
      body: `${code} is your ${companyName} sign-in code. It works once, for ${minutes} minutes.`,
    };
  }
  return {
    subject: `Your ${companyName} sign-in code`,
    body: [
      `Your ${companyName} sign-in code is ${code}`,
      "",
      `It works once, for the next ${minutes} minutes.`,
      "",
      "If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.",
      "",
      companyName,
    ].join("\n"),
  };
}

/**
 * Sends a sign-in code to a member: by e-mail, or by SMS to their mobile when `type` is sms. `login` is their
 * e-mail address or mobile number. The answer is the same whether or not there is such a member (or they have a
 * mobile), so the call tells a stranger nothing. A new code replaces any earlier one.
 */
export async function sendOtp(
  ctx: RequestContext,
  input: { email: string; type: "email" | "sms" },
  companyName: () => Promise<string>,
): Promise<{ message: string }> {
  const login = input.email.trim();
  await countAttempt(ctx, "sendCode", login);
  const answer = { message: AUTH_MESSAGES.otpSent };
  const member = await memberByLogin(ctx.db, login);
  const recipient = member ? (input.type === "sms" ? member.mobile : member.email) : null;
  if (!member || !recipient) {
    ctx.log.info("auth.otp_not_sent", { channel: input.type, reason: member ? "no_mobile" : "no_member" });
    return answer;
  }

  const now = ctx.clock.now();
  const name = await companyName();
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, { memberId: member.id, purpose: "sign_in", channel: input.type, recipient }, now);
    await queueMessage(tx, { channel: input.type, recipient, kind: "otp", ...otpMessage(input.type, code, name) }, now);
  });
  ctx.log.info("auth.otp_sent", { memberId: member.id, channel: input.type });
  return answer;
}

const incorrect = () =>
  new ApiError(401, AUTH_MESSAGES.otpIncorrect, {
    errorCode: "OTP_INCORRECT",
    errorDisplay: AUTH_MESSAGES.otpIncorrect,
  });

/**
 * Checks a code for the member `login` names and uses it up; answers the member's id. Past the fifth try the code
 * is refused even when right.
 */
export async function checkOtp(ctx: RequestContext, login: string, code: string): Promise<number> {
  await countAttempt(ctx, "signIn", login);
  const member = await memberByLogin(ctx.db, login);
  if (!member) throw incorrect();
  const now = ctx.clock.now();
  const tried = await tryCode(ctx.db, member.id, "sign_in", code, now);
  if (!tried) throw incorrect();
  if (tried.attempts > OTP_MAX_TRIES) {
    ctx.log.warn("auth.otp_tries_exhausted", { memberId: member.id });
    throw new ApiError(429, AUTH_MESSAGES.tooManyAttempts, {
      errorCode: "TOO_MANY_ATTEMPTS",
      errorDisplay: AUTH_MESSAGES.tooManyAttempts,
    });
  }
  if (!tried.matches || !(await useCode(ctx.db, tried.id, now))) throw incorrect();
  return member.id;
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` codes past their expiry, used or not; a code is only
 * ever read while it is live. Rows another transaction holds (a try being counted) are left to a later pass.
 */
export function purgeExpiredCodes(db: Db, now: Date, limit: number): Promise<number> {
  return purgeBatch(db, oneTimeCodes, [oneTimeCodes.id], lte(oneTimeCodes.expiresAt, now), limit);
}
