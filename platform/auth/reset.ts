import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { AUTH_MESSAGES, maskEmail } from "../contract";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { members, passwordResetTokens } from "../db/schema";
import { ApiError } from "../errors";
import { queueMessage } from "../outbox/outbox";
import { countAttempt } from "./limits";
import { memberByEmail, setPassword } from "./members";
import { hashPassword, requireGoodPassword } from "./passwords";
import { hashToken, revokeMember } from "./tokens";
import { purgeBatch } from "../db/purge";

export const RESET_SECONDS = 60 * 60;

const invalidLink = () =>
  new ApiError(400, AUTH_MESSAGES.resetLinkInvalid, {
    errorCode: "RESET_LINK_INVALID",
    errorDisplay: AUTH_MESSAGES.resetLinkInvalid,
  });

/**
 * The link goes in an e-mail the platform sends in the business's name, so it must lead to the storefront: when
 * the platform knows the storefront's address (PUBLIC_URL), a resetUrl anywhere else is refused.
 */
function checkResetUrl(resetUrl: string, publicUrl: string | undefined): URL {
  const url = new URL(resetUrl);
  const ok =
    (url.protocol === "https:" || url.protocol === "http:") && (!publicUrl || url.origin === new URL(publicUrl).origin);
  if (!ok || url.search || url.hash) {
    throw new ApiError(
      400,
      "resetUrl must be a page of the storefront's own address (PUBLIC_URL), without query or fragment",
    );
  }
  return url;
}

function resetMessage(link: string, companyName: string) {
  return {
    subject: `Reset your ${companyName} password`,
    body: [
      `Someone (we hope you) asked to reset the password of your ${companyName} account.`,
      "",
      `Choose a new password here: ${link}`,
      "",
      `The link works once, for the next hour. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      "",
      companyName,
    ].join("\n"),
  };
}

/** Sends a reset link when the e-mail has an account; the answer is the same when it has none. */
export async function requestReset(
  ctx: RequestContext,
  input: { email: string; resetUrl: string },
  companyName: () => Promise<string>,
): Promise<{ message: string }> {
  const base = checkResetUrl(input.resetUrl, ctx.config.publicUrl);
  await countAttempt(ctx, "resetRequest", input.email);
  const member = await memberByEmail(ctx.db, input.email);
  if (!member) {
    ctx.log.info("auth.reset_not_sent", { reason: "no_member" });
    return { message: AUTH_MESSAGES.resetRequested };
  }
  const token = randomBytes(32).toString("base64url");
  const link = `${base.toString().replace(/\/+$/, "")}/${token}`;
  const now = ctx.clock.now();
  const name = await companyName();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(now.getTime() + RESET_SECONDS * 1000),
      createdAt: now,
    });
    await queueMessage(
      tx,
      { channel: "email", recipient: member.email, kind: "password_reset", ...resetMessage(link, name) },
      now,
    );
  });
  ctx.log.info("auth.reset_sent", { memberId: member.id });
  return { message: AUTH_MESSAGES.resetRequested };
}

/** Whether the link still works, with the account's address masked (enough to recognise, too little to harvest). */
export async function validateReset(
  ctx: RequestContext,
  token: string,
): Promise<{ valid: boolean; email: string | null }> {
  const [row] = await ctx.db
    .select({ email: members.email })
    .from(passwordResetTokens)
    .innerJoin(members, eq(members.id, passwordResetTokens.memberId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, ctx.clock.now()),
      ),
    );
  return row ? { valid: true, email: maskEmail(row.email) } : { valid: false, email: null };
}

/**
 * Sets the new password and uses the link up, with every other link of the member; every session of the member
 * ends (whoever knew the old password may hold one). The password is checked before the link is used, so a
 * refused password leaves the link working for the next try.
 */
export async function resetPassword(
  ctx: RequestContext,
  input: { token: string; password: string },
): Promise<{ message: string }> {
  if (!(await validateReset(ctx, input.token)).valid) throw invalidLink();
  requireGoodPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const memberId = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ memberId: passwordResetTokens.memberId });
    if (!used) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.memberId, used.memberId), isNull(passwordResetTokens.usedAt)));
    // The link came to the member's inbox, so the address is theirs.
    await setPassword(tx, used.memberId, passwordHash, { emailVerified: true });
    await revokeMember(tx, ctx.clock, used.memberId);
    return used.memberId;
  });
  if (memberId === null) throw invalidLink();
  ctx.log.info("auth.password_reset", { memberId });
  return { message: AUTH_MESSAGES.passwordUpdated };
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` reset links past their expiry, used or not; a link is
 * only ever read while it is live. Rows another transaction holds are left to a later pass.
 */
export function purgeExpiredResetTokens(db: Db, now: Date, limit: number): Promise<number> {
  return purgeBatch(
    db,
    passwordResetTokens,
    [passwordResetTokens.tokenHash],
    lte(passwordResetTokens.expiresAt, now),
    limit,
  );
}
