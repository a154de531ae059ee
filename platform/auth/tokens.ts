import { and, eq, gt, isNull, lte, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock, OauthTokenResponse } from "../contract";
import type { Db } from "../db/open";
import { preparedOn } from "../db/prepared";
import { authTokens } from "../db/schema";
import { ApiError } from "../errors";
import type { AuthInfo, PlatformConfig } from "../context";
import { countRevocation } from "../revocations";
import { purgeBatch } from "../db/purge";

type TokenConfig = Pick<PlatformConfig, "accessTokenSeconds" | "refreshTokenSeconds">;

/** The spec's session-expiry message: what the storefront shows when it must sign the shopper in again. */
export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** Only this hash is stored, so a copy of the database cannot be used to act as a shopper. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Starts a new session and answers its first access and refresh tokens. The family is new unless the caller chose
 * it beforehand (a sign-in hands the guest's basket to the family in the same transaction).
 */
export async function issueTokens(
  db: Db,
  clock: Clock,
  config: TokenConfig,
  who: { strategy: AuthInfo["strategy"]; memberId: number | null; family?: string },
): Promise<OauthTokenResponse> {
  return issueInFamily(db, clock, config, { ...who, family: who.family ?? randomUUID() });
}

async function issueInFamily(
  db: Db,
  clock: Clock,
  config: TokenConfig,
  session: AuthInfo,
): Promise<OauthTokenResponse> {
  const now = clock.now();
  const access = newToken();
  const refresh = newToken();
  const common = { strategy: session.strategy, family: session.family, memberId: session.memberId, createdAt: now };
  await db.insert(authTokens).values([
    { ...common, tokenHash: hashToken(access), kind: "access", expiresAt: addSeconds(now, config.accessTokenSeconds) },
    {
      ...common,
      tokenHash: hashToken(refresh),
      kind: "refresh",
      expiresAt: addSeconds(now, config.refreshTokenSeconds),
    },
  ]);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: config.accessTokenSeconds,
    token_type: "Bearer",
    strategy: session.strategy,
  };
}

/**
 * Exchanges a refresh token for a new pair in the same family. The old refresh token is revoked in the same
 * statement that checks it, so two racing refreshes cannot both succeed. Presenting a refresh token that was
 * already rotated means it leaked or was replayed: the whole family is revoked.
 */
export async function refreshTokens(
  db: Db,
  clock: Clock,
  config: TokenConfig,
  refreshToken: string,
): Promise<OauthTokenResponse> {
  const now = clock.now();
  const tokenHash = hashToken(refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(authTokens.tokenHash, tokenHash),
          eq(authTokens.kind, "refresh"),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ family: authTokens.family, strategy: authTokens.strategy, memberId: authTokens.memberId });
    if (!old) return null;
    return issueInFamily(tx, clock, config, old);
  });
  if (rotated) return rotated;

  const [row] = await db.select().from(authTokens).where(eq(authTokens.tokenHash, tokenHash));
  if (row && row.kind === "refresh" && row.revokedAt !== null) await revokeFamily(db, clock, row.family);
  throw new ApiError(401, SESSION_EXPIRED);
}

/**
 * Ends every session of a member (a password reset), or every one but `keepFamily` (a password change keeps the
 * caller's): each of their tokens stops working at once.
 */
export async function revokeMember(
  db: Db,
  clock: Clock,
  memberId: number,
  options: { keepFamily?: string } = {},
): Promise<void> {
  countRevocation();
  await db
    .update(authTokens)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(authTokens.memberId, memberId),
        isNull(authTokens.revokedAt),
        options.keepFamily === undefined ? undefined : ne(authTokens.family, options.keepFamily),
      ),
    );
}

/** Ends a session: every token of the family stops working at once. */
export async function revokeFamily(db: Db, clock: Clock, family: string): Promise<void> {
  countRevocation();
  await db
    .update(authTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(authTokens.family, family), isNull(authTokens.revokedAt)));
}

/** The router's token check: a known access token, not revoked, not yet expired (and when it expires). */
export async function authenticateToken(
  db: Db,
  clock: Clock,
  token: string,
): Promise<(AuthInfo & { expiresAt: Date }) | null> {
  // Our tokens are 43 characters; anything far longer is not worth hashing.
  if (token.length > 512) return null;
  // Every call of a shopper's page starts here: prepared once (db/prepared.ts).
  const statement = preparedOn(db, "access_token", (on) =>
    on
      .select({
        strategy: authTokens.strategy,
        memberId: authTokens.memberId,
        family: authTokens.family,
        expiresAt: authTokens.expiresAt,
      })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, sql.placeholder("tokenHash")),
          eq(authTokens.kind, "access"),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, sql.placeholder("now")),
        ),
      )
      .prepare("access_token"),
  );
  const [row] = await statement.execute({ tokenHash: hashToken(token), now: clock.now() });
  return row ?? null;
}

function addSeconds(instant: Date, seconds: number): Date {
  return new Date(instant.getTime() + seconds * 1000);
}

/**
 * Housekeeping (platform/housekeeping.ts): deletes up to `limit` tokens of sessions that are over, families whose every
 * token has expired. A family with a live token keeps its expired and rotated ones, so a rotated refresh token
 * presented again is still known for what it is, and revokes the family, for as long as the session could be used.
 * Rows another transaction holds (a revocation under way) are skipped, to be taken by a later pass.
 */
export function purgeEndedSessions(db: Db, now: Date, limit: number): Promise<number> {
  const live = alias(authTokens, "live");
  const familyLive = db
    .select({ one: live.family })
    .from(live)
    .where(and(eq(live.family, authTokens.family), gt(live.expiresAt, now)));
  return purgeBatch(
    db,
    authTokens,
    [authTokens.tokenHash],
    and(lte(authTokens.expiresAt, now), notExists(familyLive))!,
    limit,
  );
}
