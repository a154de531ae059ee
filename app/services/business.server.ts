import { data } from "react-router";
import { isUnavailablePage } from "~/models/error-page";
import { api, whiteLabelSettingsFromList, type BusinessProfile, type WhiteLabelSettings } from "#contract";
import type { SharedPlatform } from "./shopper.server";

/** Spec 1 §8: the error page's words when the business profile cannot be read. */
export const BUSINESS_PROFILE_FAILED_MESSAGE = "Unable to get business profile";
/** Spec 1 §5, §8: the site's public configuration (its white-label settings) missing or unreadable. */
export const PUBLIC_CONFIG_FAILED_MESSAGE = "Something went wrong!";

/**
 * The business's white-label switches, every key at its default when unset. Without them the site cannot be drawn:
 * a failed or unreadable answer is the error page with the spec's words, not a bare server error.
 */
export async function getWhiteLabelSettings(platform: SharedPlatform): Promise<WhiteLabelSettings> {
  try {
    const { settings } = await platform.cached(api.whiteLabelSettings, { screenScale: 3 });
    return whiteLabelSettingsFromList(settings);
  } catch (error) {
    // A platform that cannot answer for now is the "try again in a moment" page, not a broken configuration.
    if (isUnavailablePage(error)) throw error;
    throw data({ message: PUBLIC_CONFIG_FAILED_MESSAGE }, 500);
  }
}

/** The business profile (postcode rules, gateways …); a failed read is the error page 'Unable to get business profile'. */
export async function getBusinessProfile(platform: SharedPlatform): Promise<BusinessProfile> {
  try {
    return await platform.cached(api.businessProfile, {});
  } catch (error) {
    if (isUnavailablePage(error)) throw error;
    throw data({ message: BUSINESS_PROFILE_FAILED_MESSAGE }, 500);
  }
}
