import { MEMBER_MESSAGES } from "../contract";
import type { AuthInfo, RequestContext } from "../context";
import { ApiError } from "../errors";

export type MemberAuth = AuthInfo & { memberId: number };

/** The caller's member session; a guest token is 403 MEMBERS_ONLY (the router lets only guests and members here). */
export function requireMember(ctx: RequestContext): MemberAuth {
  const auth = ctx.auth;
  if (!auth) throw new ApiError(401, "A member token is required");
  if (auth.strategy !== "member" || auth.memberId === null) {
    throw new ApiError(403, MEMBER_MESSAGES.membersOnly, { errorCode: "MEMBERS_ONLY", errorDisplay: MEMBER_MESSAGES.membersOnly });
  }
  return { ...auth, memberId: auth.memberId };
}

/** A 400 naming the field to mark, with the words to show beside it. */
export function fieldRefusal(field: string, display: string, problem: string = display): ApiError {
  return new ApiError(400, problem, { errorCode: "VALIDATION_ERROR", errorDisplay: display, details: { field } });
}
