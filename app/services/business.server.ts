import { api, whiteLabelSettingsFromList, type BusinessProfile, type WhiteLabelSettings } from "../../platform/contract";
import type { SharedPlatform } from "./shopper.server";

/** The business's white-label switches, every key at its default when unset. */
export async function getWhiteLabelSettings(platform: SharedPlatform): Promise<WhiteLabelSettings> {
  const { settings } = await platform.cached(api.whiteLabelSettings, { screenScale: 3 });
  return whiteLabelSettingsFromList(settings);
}

export async function getBusinessProfile(platform: SharedPlatform): Promise<BusinessProfile> {
  return platform.cached(api.businessProfile, {});
}
