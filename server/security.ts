import { randomBytes, randomUUID } from "node:crypto";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** checkout.com's hosted payment pages, where a payment form's post is redirected when checkout.com is used. */
export const CHECKOUT_COM_FORM_ORIGINS = ["https://*.checkout.com"] as const;

/** Where the card fields on the card step come from (decision 0024): the gateway's script and its field frames. */
export interface CardFieldsSource {
  /** The script that defines the global `Frames`. */
  scriptUrl: string;
  /** What script-src and frame-src must allow for it, beyond the site itself. */
  scriptOrigins: readonly string[];
  frameOrigins: readonly string[];
}

/** checkout.com Frames: its script from the CDN, its field frames from checkout.com. */
export const CHECKOUT_COM_FRAMES: CardFieldsSource = {
  scriptUrl: "https://cdn.checkout.com/js/framesv2.min.js",
  scriptOrigins: ["https://cdn.checkout.com"],
  frameOrigins: ["https://*.checkout.com"],
};

/** The embedded test gateway's stand-in for Frames, on the storefront's own origin. */
export function embeddedFrames(basePath: string): CardFieldsSource {
  return { scriptUrl: `${basePath}/frames.js`, scriptOrigins: ["'self'"], frameOrigins: ["'self'"] };
}

/**
 * The card gateway whose fields the card step shows: checkout.com when its keys are set, the embedded test gateway
 * when the platform is embedded without them, none for a remote platform without them (then cards are paid on the
 * gateway's hosted page only).
 */
export function cardFieldsSource(
  env: { CHECKOUT_SECRET_KEY?: string; PLATFORM_URL?: string },
  testGatewayPath: string,
): CardFieldsSource | null {
  if (env.CHECKOUT_SECRET_KEY) return CHECKOUT_COM_FRAMES;
  if (!env.PLATFORM_URL) return embeddedFrames(testGatewayPath);
  return null;
}

/** Where the browser reads Google Pay's payment method manifest (spec 2 §4 Google Pay; WalletButtons.tsx). */
const GOOGLE_PAY_MANIFESTS = ["https://google.com/pay", "https://pay.google.com"];

/**
 * The Content-Security-Policy every page is served with. Scripts and the brand <style> run by nonce only;
 * no inline style attributes, no third-party origins — except `formTargets`: form-action also governs where a
 * form post may be redirected, so the card gateway's hosted page must be listed when it is on another origin.
 *
 * connect-src: the site, Google Pay's manifests, and the error reporting's ingest when SENTRY_DSN is set.
 *
 * Frames: none, unless a card gateway is configured (`cardFields`): then frame-src allows its field frames and
 * script-src its script.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: {
    dev?: boolean;
    formTargets?: readonly string[];
    cardFields?: Pick<CardFieldsSource, "scriptOrigins" | "frameOrigins"> | null;
    /** The error reporting's ingest origin (SENTRY_DSN's), where the browser posts its reports after consent. */
    errorReportOrigin?: string | null;
  } = {},
): string {
  const report = options.errorReportOrigin ? [options.errorReportOrigin] : [];
  const card = options.cardFields ?? null;
  const unique = (values: string[]) => [...new Set(values)];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": unique(["'self'", `'nonce-${nonce}'`, ...(card?.scriptOrigins ?? [])]),
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    // Google Pay through the Payment Request API: the browser fetches the payment method's manifest from its
    // identifier (https://google.com/pay, which points it to pay.google.com) under the page's connect-src.
    "connect-src": ["'self'", ...GOOGLE_PAY_MANIFESTS, ...report],
    "form-action": ["'self'", ...(options.formTargets ?? [])],
    "frame-src": card ? unique([...card.frameOrigins]) : ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (options.dev) {
    // Vite's dev server injects styles and a websocket client; the production build needs neither.
    directives["style-src"] = ["'self'", "'unsafe-inline'"];
    directives["connect-src"] = ["'self'", "ws:", "wss:", ...GOOGLE_PAY_MANIFESTS, ...report];
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

/** What a request id from a trusted proxy may look like; anything else is replaced by our own. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request's id, for its log line, its X-Request-Id answer header and any error report: the load balancer's own
 * when the proxy is trusted and it sent a sane one, else a new UUID.
 */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
