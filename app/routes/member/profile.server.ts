import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, MEMBER_MESSAGES, type MarketingOption } from "#contract";
import { normaliseMobile } from "~/models/checkout";
import { appContext, shopperContext } from "~/services/context";
import { loadSingle } from "~/services/content.server";
import { memberProfile } from "./member.server";

type RequestContext = Readonly<RouterContextProvider>;

/** The profile page's data: the member's facts, whether verification is on, and their marketing options. */
export interface ProfileData {
  name: string;
  email: string;
  /** In UK form (07…), as the member typed it; null when the profile has none. */
  mobile: string | null;
  mobileVerified: boolean;
  /** member.enableSmsVerification (spec 1 §3) and a mobile to verify. */
  canVerify: boolean;
  marketing: { options: { type: string; text: string; opted: boolean }[]; error: string | null };
}

/** The mobile as the member knows it: +447700900123 shown as 07700900123. */
export function ukMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return normaliseMobile(mobile) ?? mobile;
}

/** Whether the site content turns mobile verification on (spec 1 §3 member.enableSmsVerification); off when unread. */
export async function smsVerificationEnabled(context: RequestContext): Promise<boolean> {
  const { platform, log } = context.get(appContext);
  try {
    return (await loadSingle(platform, "global")).member.enableSmsVerification;
  } catch (error) {
    log.warn("member profile: the site content could not be read", { error: String(error) });
    return false;
  }
}

export async function loadProfile(context: RequestContext, request: Request): Promise<ProfileData> {
  const profile = await memberProfile(context, request);
  const shopper = context.get(shopperContext);
  const { log } = context.get(appContext);
  const [enabled, marketing] = await Promise.all([
    smsVerificationEnabled(context),
    shopper.api.call(api.memberMarketingPreferencesGet, {}).then(
      (answer) => ({
        options: answer.options.map((o) => ({ type: o.type, text: o.text, opted: o.opted === "in" })),
        error: null,
      }),
      (error: unknown) => {
        log.warn("member profile: marketing preferences could not be read", { error: String(error) });
        return { options: [], error: MEMBER_MESSAGES.marketingGetError };
      },
    ),
  ]);
  const mobile = ukMobile(profile.mobile);
  return {
    name: `${profile.firstName} ${profile.lastName}`,
    email: profile.email,
    mobile,
    mobileVerified: profile.mobileValidated,
    canVerify: enabled && mobile !== null && !profile.mobileValidated,
    marketing,
  };
}

/**
 * The marketing form: every option the page showed (`shown`), and those ticked (`opted`). An option shown but not
 * ticked is sent as opted out, so unticking one takes effect.
 */
export const marketingSchema = z.object({
  intent: z.literal("marketing"),
  shown: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  opted: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
});

export function marketingOptions(input: z.output<typeof marketingSchema>): MarketingOption[] {
  return [...new Set(input.shown)].map((type) => ({
    type,
    opted: input.opted.includes(type) ? "in" : "out",
    text: "",
  }));
}

/** Sends the member's choices (checkout.ts updateMarketingPreferences with the member's token); false when refused. */
export async function saveMarketing(context: RequestContext, options: MarketingOption[]): Promise<boolean> {
  const shopper = context.get(shopperContext);
  try {
    await shopper.api.call(api.updateMarketingPreferences, { marketingOptions: options });
    return true;
  } catch (error) {
    context.get(appContext).log.warn("member profile: marketing preferences not saved", { error: String(error) });
    return false;
  }
}
