import { api } from "../contract";
import { companyNameFrom } from "../content/company-name";
import type { ContentSource } from "../content/source";
import type { Router } from "../router";
import { updateMarketingPreferences as updateGuestMarketing } from "../checkout/service";
import { addAddress, listAddresses, removeAddress, setDefaultAddress, updateAddress } from "./addresses";
import { getMarketingPreferences, updateMemberMarketing } from "../auth/member-marketing";
import { changePassword, getProfile, updateProfile } from "../auth/member-profile";
import { checkVerificationCode, requestVerificationCode, type VerificationSwitch } from "../auth/verification";

/** The member area's calls (contract/member.ts), and the marketing update, which members and guests share. */
export function registerMembers(router: Router, options: { content: ContentSource }): void {
  const companyName = companyNameFrom(options.content);
  const enabled = smsVerificationSwitch(options.content);

  router.on(api.memberProfileGet, (_input, ctx) => getProfile(ctx));
  router.on(api.memberProfileUpdate, (input, ctx) => updateProfile(ctx, input));
  router.on(api.memberPasswordChange, (input, ctx) => changePassword(ctx, input));

  router.on(api.memberAddressesList, (input, ctx) => listAddresses(ctx, input));
  router.on(api.memberAddressesAdd, (input, ctx) => addAddress(ctx, input));
  router.on(api.memberAddressesUpdate, (input, ctx) => updateAddress(ctx, input));
  router.on(api.memberAddressesRemove, (input, ctx) => removeAddress(ctx, input));
  router.on(api.memberAddressesSetDefault, (input, ctx) => setDefaultAddress(ctx, input));

  router.on(api.memberMarketingPreferencesGet, (_input, ctx) => getMarketingPreferences(ctx));
  // A member's choices are kept on the member; a guest's with their basket.
  router.on(api.updateMarketingPreferences, (input, ctx) =>
    ctx.auth?.strategy === "member" ? updateMemberMarketing(ctx, input) : updateGuestMarketing(ctx, input),
  );

  router.on(api.memberVerificationCodeRequest, (input, ctx) =>
    requestVerificationCode(ctx, input, { enabled, companyName }),
  );
  router.on(api.memberVerificationCodeCheck, (input, ctx) => checkVerificationCode(ctx, input, { enabled }));
}

/** member.enableSmsVerification from the site's global content, read when needed (the source caches). */
function smsVerificationSwitch(content: ContentSource): VerificationSwitch {
  return async () => {
    const data = (await content.get("global", {})).data;
    const attributes =
      data && !Array.isArray(data) ? (data.attributes as { member?: { enableSmsVerification?: unknown } }) : null;
    return attributes?.member?.enableSmsVerification === true;
  };
}
