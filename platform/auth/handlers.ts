import { api } from "../contract";
import type { Router } from "../router";
import { issueTokens, refreshTokens } from "./tokens";

export function registerAuth(router: Router): void {
  router.on(api.oauthToken, (input, ctx) => {
    switch (input.grant_type) {
      case "client_credentials":
        return issueTokens(ctx.db, ctx.clock, ctx.config, { strategy: "guest", memberId: null });
      case "refresh_token":
        return refreshTokens(ctx.db, ctx.clock, ctx.config, input.refresh_token);
    }
  });
}
