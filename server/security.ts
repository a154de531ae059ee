import { randomBytes } from "node:crypto";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** checkout.com's hosted payment pages, where a payment form's post is redirected when checkout.com is used. */
export const CHECKOUT_COM_FORM_ORIGINS = ["https://*.checkout.com"] as const;

/**
 * The Content-Security-Policy every page is served with. Scripts and the brand <style> run by nonce only;
 * no inline style attributes, no third-party origins — except `formTargets`: form-action also governs where a
 * form post may be redirected, so the card gateway's hosted page must be listed when it is on another origin.
 */
/** Where the browser reads Google Pay's payment method manifest (spec 2 §4 Google Pay; WalletButtons.tsx). */
const GOOGLE_PAY_MANIFESTS = ["https://google.com/pay", "https://pay.google.com"];

export function contentSecurityPolicy(nonce: string, options: { dev?: boolean; formTargets?: readonly string[] } = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    // Google Pay through the Payment Request API: the browser fetches the payment method's manifest from its
    // identifier (https://google.com/pay, which points it to pay.google.com) under the page's connect-src.
    "connect-src": ["'self'", ...GOOGLE_PAY_MANIFESTS],
    "form-action": ["'self'", ...(options.formTargets ?? [])],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (options.dev) {
    // Vite's dev server injects styles and a websocket client; the production build needs neither.
    directives["style-src"] = ["'self'", "'unsafe-inline'"];
    directives["connect-src"] = ["'self'", "ws:", "wss:", ...GOOGLE_PAY_MANIFESTS];
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "geolocation=(self), payment=(self), camera=(), microphone=(), usb=()",
};

/**
 * Paths whose last segment is a secret that works on its own (a password reset link, an order's status link):
 * logs keep the route, never the token.
 */
const SECRET_PATHS = [/^(\/member\/reset-token\/)[^/]+/i, /^(\/orders\/)[^/]+/i];

export function loggablePath(path: string): string {
  for (const pattern of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, "$1[redacted]");
  return path;
}
