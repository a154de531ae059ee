import { api } from "../contract";
import { ApiError } from "../errors";
import type { Router } from "../router";
import { issueTokens, refreshTokens } from "./tokens";

export function registerAuth(router: Router): void {
  router.on(api.oauthToken, (input, ctx) => {
    switch (input.grant_type) {
      case "client_credentials":
        return issueTokens(ctx.db, ctx.clock, ctx.config, { strategy: "guest", memberId: null });
      case "refresh_token":
        return refreshTokens(ctx.db, ctx.clock, ctx.config, input.refresh_token);
      default:
        // Member sign-in grants are being built (issue 13): refused until then.
        throw new ApiError(400, `grant_type ${input.grant_type} is not answered yet`);
    }
  });
}
