import { createHmac, timingSafeEqual } from "node:crypto";
// Relative, not `~/`: the end-to-end journeys sign links with this module too.
import { DEEP_LINK_PATH, linkParams, readLinkParams, type DeepLink } from "../../models/deep-link";

/*
 * Signing and reading marketing deep links (issue 20; the format is models/deep-link.ts). The signature is an
 * HMAC-SHA256 with DEEPLINK_SECRET over the link's canonical query, so a marketer's tool can make links but nobody can
 * change one: another item, quantity, store, coupon or a later expiry fails the check. Links are read with the secret
 * of the server they arrive at, so every instance must share it (as with SESSION_SECRET).
 */

export type LinkReading =
  | { ok: true; link: DeepLink }
  /** Not a link at all, a signature that does not match (tampered or made with another secret), or past its expiry. */
  | { ok: false; problem: "unreadable" | "tampered" | "expired" };

function signatureOf(canonical: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`deeplink.v1\n${canonical}`).digest();
}

/** The full URL of a signed link for the shop at `origin`. */
export function signDeepLink(link: DeepLink, secret: string, origin: string): string {
  const params = linkParams(link);
  params.set("sig", signatureOf(params.toString(), secret).toString("base64url"));
  return new URL(`${DEEP_LINK_PATH}?${params.toString()}`, origin).toString();
}

/**
 * Reads a link's query: its fields, then its signature over them (compared in constant time), then its expiry
 * against `now`. The signature is checked over the canonical form of what was read, so a query re-encoded on the way
 * or with its fields in another order (the items' order aside) still reads, while any change of meaning does not.
 */
export function readDeepLink(params: URLSearchParams, secret: string, now: Date): LinkReading {
  const link = readLinkParams(params);
  if (link === "unreadable") return { ok: false, problem: "unreadable" };
  const given = Buffer.from(params.get("sig") ?? "", "base64url");
  const expected = signatureOf(linkParams(link).toString(), secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: "tampered" };
  if (link.expiresAt * 1000 <= now.getTime()) return { ok: false, problem: "expired" };
  return { ok: true, link };
}
