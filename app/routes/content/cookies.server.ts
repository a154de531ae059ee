import { parse as parseCookieHeader, serialize } from "cookie";
import { z } from "zod";
import { CONSENT_COOKIES, CONSENT_MAX_AGE_SECONDS, consentFrom, type Consent } from "~/models/consent";

/** The consent form: Accept all, Reject all, or save the two switches (each "yes" or "no"). */
export const consentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-all"), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("reject-all"), redirectTo: z.string().max(2000).optional() }),
  z.object({
    intent: z.literal("save"),
    performance: z.enum(["yes", "no"]),
    targeting: z.enum(["yes", "no"]),
    redirectTo: z.string().max(2000).optional(),
  }),
]);
export type ConsentForm = z.infer<typeof consentSchema>;

/** The shopper's consent, from the request's cookies. */
export function readConsent(request: Request): Consent {
  const header = request.headers.get("Cookie");
  return header ? consentFrom(parseCookieHeader(header)) : consentFrom({});
}

/** What the form's choice records. */
export function choiceOf(form: ConsentForm): Omit<Consent, "given"> {
  if (form.intent === "accept-all") return { performance: true, targeting: true };
  if (form.intent === "reject-all") return { performance: false, targeting: false };
  return { performance: form.performance === "yes", targeting: form.targeting === "yes" };
}

/**
 * The three consent cookies for a choice. HttpOnly like every cookie the storefront sets (decision 0046): the page's
 * script learns the shopper's choice from the root loader's data, never from the cookie.
 */
export function consentCookies(choice: Omit<Consent, "given">, secure: boolean): string[] {
  const options = { path: "/", maxAge: CONSENT_MAX_AGE_SECONDS, sameSite: "lax" as const, httpOnly: true, secure };
  return [
    serialize(CONSENT_COOKIES.given, "true", options),
    serialize(CONSENT_COOKIES.performance, String(choice.performance), options),
    serialize(CONSENT_COOKIES.targeting, String(choice.targeting), options),
  ];
}
