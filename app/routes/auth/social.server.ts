import { data, href, redirect, type RouterContextProvider } from "react-router";
import { api, AUTH_MESSAGES } from "#contract";
import { notFoundMessage } from "~/models/error-page";
import { loadSingle } from "~/services/content.server";
import { appContext, shopperContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { isMember, signInMember } from "~/services/member-session.server";
import {
  beginAuthorisation,
  completeAuthorisation,
  isSocialProvider,
  OAuthError,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from "~/services/oauth.server";
import { PlatformError } from "~/services/platform-client.server";
import { safeRedirectPath } from "~/services/session.server";

/*
 * "Continue with Google / Facebook" (spec 2 §2 and §4, decision 0020): /auth/:provider sends a guest to the provider
 * with a fresh state, PKCE verifier and nonce kept in the session; /auth/:provider/callback checks them, exchanges the
 * code and signs the shopper in through the platform. Plain redirects: no script, and it works without JavaScript.
 */

type Context = Readonly<RouterContextProvider>;
interface Args {
  params: { provider?: string };
  request: Request;
  context: Context;
}

/** Where a social sign-in lands when nothing else was asked for (spec 2 §2: "goes to the member area"). */
export const MEMBER_HOME = "/member";
export const LOGIN_PATH = "/login";

const NAMES: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };
export const cancelledMessage = (provider: SocialProvider) =>
  `You cancelled signing in with ${NAMES[provider]}. You can sign in another way.`;

/**
 * The providers to offer: enabled by the content's login.socialLoginButtons (spec 1 §3) and configured here (client
 * id and secret set). Apple is never offered: the platform has no Apple grant (decision 0017).
 */
export async function socialProviders(context: Context): Promise<SocialProvider[]> {
  const services = context.get(appContext);
  const buttons = await loadSingle(services.platform, "global")
    .then((global) => global.login.socialLoginButtons)
    .catch((error: unknown) => {
      services.log.error("content.global_failed", { error: String(error) });
      return { google: false, facebook: false };
    });
  return SOCIAL_PROVIDERS.filter((provider) => buttons[provider] && services.config.oauth?.[provider]);
}

/** The provider named in the path, when it is offered; otherwise the page does not exist. */
async function offeredProvider({ params, request, context }: Args): Promise<SocialProvider> {
  const provider = params.provider;
  if (isSocialProvider(provider) && (await socialProviders(context)).includes(provider)) return provider;
  throw data({ message: notFoundMessage(new URL(request.url).pathname) }, 404);
}

/** The callback address registered with the provider: on PUBLIC_URL when set, else on the address asked for. */
function callbackUrl(context: Context, request: Request, provider: SocialProvider): string {
  const origin = context.get(appContext).config.publicUrl ?? new URL(request.url).origin;
  return new URL(href("/auth/:provider/callback", { provider }), origin).toString();
}

/** GET /auth/:provider — guests only: a member goes straight on to where they were going. */
export async function startSocialSignIn(args: Args): Promise<Response> {
  const { request, context } = args;
  const shopper = context.get(shopperContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), MEMBER_HOME);
  if (isMember(shopper)) return redirect(redirectTo);
  const provider = await offeredProvider(args);
  const client = context.get(appContext).config.oauth![provider]!;
  const { url, pending } = beginAuthorisation(provider, client, callbackUrl(context, request, provider), redirectTo);
  shopper.session.set("oauth", pending);
  return redirect(url);
}

/** GET /auth/:provider/callback — the provider sends the shopper back here with a code, or with an error. */
export async function finishSocialSignIn(args: Args): Promise<Response> {
  const { request, context } = args;
  const services = context.get(appContext);
  const shopper = context.get(shopperContext);
  const provider = await offeredProvider(args);
  // A state is good for one callback, whatever it brings.
  const pending = shopper.session.get("oauth");
  shopper.session.unset("oauth");
  const client = services.config.oauth![provider]!;
  let grant;
  try {
    grant = await completeAuthorisation(
      client,
      pending?.provider === provider ? pending : undefined,
      new URL(request.url),
      callbackUrl(context, request, provider),
    );
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    if (error.reason === "cancelled")
      return redirectWithToast(context, LOGIN_PATH, { kind: "info", message: cancelledMessage(provider) });
    services.log.warn("auth.social_callback_refused", { provider, reason: error.message });
    return redirectWithToast(context, LOGIN_PATH, { kind: "error", message: AUTH_MESSAGES.socialFailed });
  }
  try {
    await signInMember(
      shopper,
      api.oauthToken,
      { grant_type: "custom_request", strategy: "member", method: "login", ...grant },
      services.clock.now(),
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The platform's own words: socialFailed, socialNoEmail, or its limit on tries.
    return redirectWithToast(context, LOGIN_PATH, { kind: "error", message: error.message });
  }
  return redirect(pending!.redirectTo);
}
