import { href, redirect, type RouterContextProvider } from "react-router";
import { pageToReturnTo } from "~/models/back-link";
import { shopperContext, type Shopper } from "~/services/context";
import { isMember } from "~/services/member-session.server";
import { safeRedirectPath } from "~/services/session.server";

/*
 * The route guards of spec 1 §2 and spec 2 §6 that the member pages need: authenticated (login required), guest
 * (guest only) and set-login-redirect (where signing in leads back to).
 */

type RequestContext = Readonly<RouterContextProvider>;

/** Where a member lands after signing in when nothing asked for another page. */
export const MEMBER_HOME = "/member";

/** The query parameter that carries the page to go back to after signing in. */
export const REDIRECT_PARAM = "redirectTo";

/**
 * set-login-redirect: the sign-in page for a guest who asked for `path`, which they see again once signed in. Only a
 * same-site path is kept; the member area's home needs no parameter.
 */
export function loginPath(path: string): string {
  const safe = safeRedirectPath(path, MEMBER_HOME);
  return safe === MEMBER_HOME ? href("/login") : `${href("/login")}?${new URLSearchParams({ [REDIRECT_PARAM]: safe })}`;
}

/** Every screen under /member is a page (none is an action alone), so a post there names one to come back to. */
function isMemberPage(pathname: string): boolean {
  return pathname === MEMBER_HOME || pathname.startsWith(`${MEMBER_HOME}/`);
}

/**
 * set-login-redirect for a member sent to sign in mid-request (a guest now, or the session lapsed): the sign-in page,
 * which leads back to the page they were on — the page asked for, or the page whose form they sent.
 */
export function loginPathBack(request: Request): string {
  return loginPath(pageToReturnTo(request, isMemberPage, MEMBER_HOME));
}

/** The page a sign-in form posts back to: the one its query named, when it is same-site; else the member area. */
export function redirectAfterSignIn(value: unknown): string {
  const path = safeRedirectPath(value, MEMBER_HOME);
  // Going back to a sign-in page after signing in would only bounce to the member area.
  return /^\/(login|register|forgotten-password)/.test(path) ? MEMBER_HOME : path;
}

/** The redirect target a guest page's query carries, for its form's hidden field. */
export function redirectFromQuery(request: Request): string {
  return redirectAfterSignIn(new URL(request.url).searchParams.get(REDIRECT_PARAM));
}

/** authenticated: a guest is sent to sign in, and comes back to this page afterwards. */
export function requireMember(context: RequestContext, request: Request): Shopper {
  const shopper = context.get(shopperContext);
  if (!isMember(shopper)) throw redirect(loginPathBack(request), 303);
  return shopper;
}

/** guest: the sign-in pages send a member to the member area. */
export function requireGuest(context: RequestContext): Shopper {
  const shopper = context.get(shopperContext);
  if (isMember(shopper)) throw redirect(MEMBER_HOME, 303);
  return shopper;
}
