import { AUTH_MESSAGES, api } from "../contract";
import { companyNameFrom } from "../content/company-name";
import type { ContentSource } from "../content/source";
import type { RequestContext } from "../context";
import { ApiError } from "../errors";
import type { Router } from "../router";
import { sendOtp } from "./otp";
import { linkMarketingIdentity } from "./member-marketing";
import { requestReset, resetPassword, validateReset } from "./reset";
import { customGrant, passwordGrant, register } from "./sign-in";
import { issueTokens, refreshTokens, revokeFamily } from "./tokens";

export function registerAuth(router: Router, options: { content: ContentSource }): void {
  const companyName = companyNameFrom(options.content);

  router.on(api.oauthToken, (input, ctx) => {
    switch (input.grant_type) {
      case "client_credentials":
        return issueTokens(ctx.db, ctx.clock, ctx.config, { strategy: "guest", memberId: null });
      case "refresh_token":
        return refreshTokens(ctx.db, ctx.clock, ctx.config, input.refresh_token);
      case "password":
        return passwordGrant(ctx, input);
      case "custom_request":
        return customGrant(ctx, input);
    }
  });
  router.on(api.register, (input, ctx) => register(ctx, input));
  router.on(api.iterableIdentifier, (input, ctx) => linkMarketingIdentity(ctx, input));
  router.on(api.sendOtpMessage, (input, ctx) => sendOtp(ctx, input, companyName));
  router.on(api.requestResetPassword, (input, ctx) => requestReset(ctx, input, companyName));
  router.on(api.validateResetToken, (input, ctx) => validateReset(ctx, input.token));
  router.on(api.resetPassword, (input, ctx) => resetPassword(ctx, input));
  router.on(api.logout, async (_input, ctx) => {
    const auth = requireSession(ctx);
    await revokeFamily(ctx.db, ctx.clock, auth.family);
    return { message: LOGGED_OUT };
  });
}

/** Not a spec message: the storefront shows its own after a logout. */
const LOGGED_OUT = "You have been logged out.";

function requireSession(ctx: RequestContext) {
  // The router lets only guest and member tokens through to these calls.
  if (!ctx.auth) throw new ApiError(401, AUTH_MESSAGES.sessionExpired);
  return ctx.auth;
}
