import { api, type RequestOf } from "#contract";
import { SYSTEM_ERROR_MESSAGE } from "#contract/error-messages";
import type { Shopper } from "./context";
import { newCsrfToken } from "./session.server";
import { PlatformError } from "./platform-client.server";
import { clearMemberState } from "./shopper.server";

/*
 * Member sign-in and sign-out for the shopper's session (spec 2 §4 Auth). Every way in (password, one-time code,
 * registration, Google, Facebook) ends in signInMember; every way out in signOutMember.
 */

type SignInEndpoint = typeof api.oauthToken | typeof api.register;

/**
 * Signs the shopper in through the platform and makes the session a member's: new platform tokens and a new
 * anti-forgery token (a token seen before signing in must not work after). The guest's basket is named in the call,
 * so the platform hands it, with its held slot and coupon, to the new session. Refusals throw the PlatformError
 * with the platform's message, for the form to show.
 */
export async function signInMember<E extends SignInEndpoint>(
  shopper: Shopper,
  endpoint: E,
  input: RequestOf<E>,
  now: Date,
): Promise<void> {
  const basketToken = shopper.session.get("basketToken");
  // A referral link followed before registering (issue 20) names the member who shared it.
  const referral = endpoint === api.register ? shopper.session.get("referral") : undefined;
  const tokens = await shopper.api.callWithCurrentToken(endpoint, {
    ...input,
    ...(basketToken ? { basketToken } : {}),
    ...(referral ? { referral } : {}),
  } as RequestOf<E>);
  if (tokens.strategy !== "member") throw new PlatformError(502, SYSTEM_ERROR_MESSAGE);
  shopper.session.set("auth", {
    strategy: "member",
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now.getTime() + tokens.expires_in * 1000,
  });
  shopper.session.set("csrf", newCsrfToken());
  shopper.session.unset("loginEmail");
  // Once in an account, a referral link has done its work (or, for an existing member, has none to do).
  shopper.session.unset("referral");
  // A member checks out as a member: the guest choice made before signing in no longer applies.
  shopper.session.unset("checkoutMode");
}

/**
 * Ends a member's session (spec 2 §4: logout resets checkout and profile and returns to guest). The platform
 * revokes the tokens; the member's basket stays theirs for the next sign-in, so the guest starts without one.
 */
export async function signOutMember(shopper: Shopper): Promise<void> {
  const auth = shopper.session.get("auth");
  if (auth?.strategy === "member") {
    // Already expired or revoked tokens are as good as logged out.
    await shopper.api.callWithCurrentToken(api.logout, {}).catch(() => undefined);
  }
  clearMemberState(shopper.session);
  shopper.session.set("csrf", newCsrfToken());
}

export function isMember(shopper: Shopper): boolean {
  return shopper.session.get("auth")?.strategy === "member";
}
