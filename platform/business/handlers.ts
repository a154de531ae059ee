import { api, whiteLabelSettingsToList } from "../contract";
import type { Router } from "../router";
import { getBusinessProfile } from "./profile";
import { getWhiteLabelSettings } from "./white-label";

export function registerBusiness(router: Router): void {
  router.on(api.businessProfile, (_input, ctx) =>
    getBusinessProfile(ctx.db, {
      recaptchaSiteKey: ctx.config.recaptcha?.siteKey,
      checkoutPublicKey: ctx.payments.gateway?.publicKey,
    }),
  );
  router.on(api.whiteLabelSettings, async (_input, ctx) => ({
    settings: whiteLabelSettingsToList(await getWhiteLabelSettings(ctx.db)),
  }));
}
