import { randomUUID } from "node:crypto";
import { adoptBasket } from "../basket/adopt";
import type { OauthTokenResponse } from "../contract";
import type { RequestContext } from "../context";
import type { Db } from "../db/open";
import { issueTokens } from "./tokens";

export type SignInMethod = "password" | "otp" | "google" | "facebook" | "register";

export interface SignIn {
  memberId: number;
  method: SignInMethod;
  /** A guest basket the new session takes over, when the caller's own session owns it. */
  basketToken?: string;
  /** Where the sign-in started (login, register, checkout …), for the log. */
  fromScreen?: string;
}

/**
 * Every way of signing in ends here: a new member session (a new token family), and the guest's basket handed to
 * it in the same transaction, so a sign-in never leaves the basket behind with the old guest session or half moved.
 */
export async function startMemberSession(tx: Db, ctx: RequestContext, signIn: SignIn): Promise<OauthTokenResponse> {
  const family = randomUUID();
  const tokens = await issueTokens(tx, ctx.clock, ctx.config, {
    strategy: "member",
    memberId: signIn.memberId,
    family,
  });
  const adopted = signIn.basketToken
    ? await adoptBasket(tx, signIn.basketToken, ctx.auth, { family, memberId: signIn.memberId }, ctx.clock.now())
    : false;
  ctx.log.info("auth.signed_in", {
    memberId: signIn.memberId,
    method: signIn.method,
    fromScreen: signIn.fromScreen ?? null,
    basketAdopted: adopted,
  });
  return tokens;
}

/** startMemberSession in a transaction of its own. */
export function signInMember(ctx: RequestContext, signIn: SignIn): Promise<OauthTokenResponse> {
  return ctx.db.transaction((tx) => startMemberSession(tx, ctx, signIn));
}
