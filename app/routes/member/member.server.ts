import { redirect, type RouterContextProvider } from "react-router";
import { api, type MemberProfile } from "#contract";
import type { Shopper } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { loginPathBack, requireMember } from "../auth/guards.server";

/*
 * The member area's platform calls (spec 2 §2, §4 Auth): every page and form of /member calls the platform through
 * memberCall, so a session that ends mid-request ends the same way wherever the member was.
 */

type RequestContext = Readonly<RouterContextProvider>;

/**
 * A platform call for the signed-in member. When the member's session ended meanwhile (refresh refused, 401: the
 * session middleware then says so), the page is no longer theirs: to sign in, and afterwards back to the page they
 * were on, the one a form was sent from included.
 */
export async function memberCall<T>(
  context: RequestContext,
  request: Request,
  call: (shopper: Shopper) => Promise<T>,
): Promise<T> {
  const shopper = requireMember(context, request);
  try {
    return await call(shopper);
  } catch (error) {
    if (
      error instanceof PlatformError &&
      (error.status === 401 || error.status === 403) &&
      shopper.api.memberSessionExpired()
    ) {
      throw redirect(loginPathBack(request), 303);
    }
    throw error;
  }
}

/** The signed-in member's profile (spec 2 §7 member/profile/get). */
export function memberProfile(context: RequestContext, request: Request): Promise<MemberProfile> {
  return memberCall(context, request, (shopper) => shopper.api.call(api.memberProfileGet, {}));
}
