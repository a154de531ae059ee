import { MEMBER_MESSAGES } from "./contract";
import type { AuthInfo, RequestContext } from "./context";
import { ApiError } from "./errors";

/*
 * The member-only guard, shared by every module with member calls (auth, members, orders, loyalty, basket). It lives
 * outside them all because the basket and loyalty modules cannot import auth (auth imports the basket).
 */

export type MemberAuth = AuthInfo & { memberId: number };

/** The caller's member session; a guest token is 403 MEMBERS_ONLY (the router lets only guests and members here). */
export function requireMember(ctx: RequestContext): MemberAuth {
  const auth = ctx.auth;
  if (!auth) throw new ApiError(401, "A member token is required");
  if (auth.strategy !== "member" || auth.memberId === null) {
    throw new ApiError(403, MEMBER_MESSAGES.membersOnly, {
      errorCode: "MEMBERS_ONLY",
      errorDisplay: MEMBER_MESSAGES.membersOnly,
    });
  }
  return { ...auth, memberId: auth.memberId };
}
