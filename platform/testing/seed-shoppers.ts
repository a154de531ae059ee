import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "../auth/tokens";
import { newBasketToken } from "../basket/basket";
import type { FulfilmentMethod } from "../contract";
import type { Db } from "../db/open";
import { authTokens, baskets } from "../db/schema";
import type { Shopper } from "./hold-storm";

/**
 * Guest sessions with a basket each, written straight to the database in two statements: the same rows the
 * token and basket endpoints write, without hundreds of set-up requests before the load worth measuring.
 */
export async function seedShoppers(
  db: Db,
  options: { count: number; storeId: number; fulfilmentMethod: FulfilmentMethod; now: Date; validSeconds?: number },
): Promise<Shopper[]> {
  const expiresAt = new Date(options.now.getTime() + (options.validSeconds ?? 3600) * 1000);
  const sessions = Array.from({ length: options.count }, () => ({
    family: randomUUID(),
    accessToken: randomBytes(32).toString("base64url"),
    basketToken: newBasketToken(),
  }));
  await db.insert(authTokens).values(
    sessions.map((s) => ({
      tokenHash: hashToken(s.accessToken),
      kind: "access" as const,
      strategy: "guest" as const,
      family: s.family,
      memberId: null,
      expiresAt,
      createdAt: options.now,
    })),
  );
  await db.insert(baskets).values(
    sessions.map((s) => ({
      token: s.basketToken,
      storeId: options.storeId,
      fulfilmentMethod: options.fulfilmentMethod,
      ownerFamily: s.family,
      memberId: null,
      createdAt: options.now,
      updatedAt: options.now,
    })),
  );
  return sessions.map(({ accessToken, basketToken }) => ({ accessToken, basketToken }));
}
