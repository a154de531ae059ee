import { redirect, type RouterContextProvider } from "react-router";
import { api, type MemberProfile } from "#contract";
import { PlatformError } from "~/services/platform-client.server";
import { loginPath, requireMember } from "../auth/guards.server";

/**
 * The signed-in member's profile (spec 2 §7 member/profile/get). When the member's session ended while it was read
 * (refresh refused, 401: the session middleware says so), the member area is no longer theirs: back to sign in.
 */
export async function memberProfile(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<MemberProfile> {
  const shopper = requireMember(context, request);
  try {
    return await shopper.api.call(api.memberProfileGet, {});
  } catch (error) {
    if (
      error instanceof PlatformError &&
      (error.status === 401 || error.status === 403) &&
      shopper.api.memberSessionExpired()
    ) {
      const url = new URL(request.url);
      throw redirect(loginPath(`${url.pathname}${url.search}`), 303);
    }
    throw error;
  }
}
