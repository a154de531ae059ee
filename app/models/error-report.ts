/**
 * Error reporting (issue 18 item 2; spec 1 §6, §8): what an error report may say about the shopper, and the scrubbing
 * every report goes through before it leaves, in the browser and on the server alike (Sentry's beforeSend on both
 * sides). Pure and free of zod: the browser's Sentry chunk imports it.
 */

export const REDACTED = "[redacted]";

/** Who an error report names (spec 1 §6): the member's full name or 'guest' with performance consent, else nobody. */
export type ReportUser = { kind: "member"; fullName: string } | { kind: "guest" } | { kind: "anonymous" };

export const ANONYMOUS: ReportUser = { kind: "anonymous" };

/**
 * The identity a report carries. Only a shopper who allowed performance cookies is identified: a guest as 'guest', a
 * member by full name. A member whose name could not be read ("unknown") stays anonymous rather than be called a guest.
 */
export function reportUser(
  performanceConsent: boolean,
  who: { firstName: string; lastName: string } | "guest" | "unknown",
): ReportUser {
  if (!performanceConsent || who === "unknown") return ANONYMOUS;
  if (who === "guest") return { kind: "guest" };
  const fullName = `${who.firstName} ${who.lastName}`.trim();
  return fullName ? { kind: "member", fullName } : ANONYMOUS;
}

/** One unexpected error's report, as the server's reporter (server/error-reporting.ts) takes it. */
export interface ErrorReport {
  /** The request's id, as the request log line and the X-Request-Id header carry it. */
  requestId?: string;
  /** Where it was caught: a loader or action, the rendering of a page, the Express server. */
  source: "route" | "render" | "server";
  request?: { method: string; url: string; headers?: Record<string, string> };
  user: ReportUser;
}

export interface ErrorReporter {
  readonly enabled: boolean;
  capture(error: unknown, report: ErrorReport): void;
}

/** What the browser's Sentry starts with (the public DSN only), given only once the shopper allows it. */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
  user: ReportUser;
}

/** The user block of a Sentry event: a name only, never an id, e-mail or IP address. */
export function sentryUser(user: ReportUser): { username: string; ip_address?: null } {
  if (user.kind === "member") return { username: user.fullName, ip_address: null };
  return { username: user.kind, ip_address: null };
}

/** Names of URL parameters, form fields and cookies whose values are secrets (each a regular expression). */
const SECRET_PARAMETER_NAMES = [
  "access_token",
  "refresh_token",
  "id_token",
  "[A-Za-z_]*token",
  "basketToken",
  "verifyToken",
  "statusToken",
  "password",
  "secret",
  "api_?key",
  "code",
  "cvv",
  "cvc",
  "csrf",
  "_csrf",
  "__session",
  "session",
  "__flash",
  "flash",
  "sentry_key",
];

const TEXT_RULES: [RegExp, string][] = [
  // Credentials inside URLs (postgres://user:pass@host).
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, `$1${REDACTED}@`],
  // E-mail addresses, plain or URL-encoded (%40).
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[email]"],
  // Authorization headers and bearer tokens quoted in messages.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  // JSON Web Tokens (header.payload.signature, the header always starting eyJ).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Secrets as URL parameters, form fields or cookies: name=value.
  [new RegExp(String.raw`\b((?:${SECRET_PARAMETER_NAMES.join("|")})=)[^&\s"';,#]+`, "gi"), `$1${REDACTED}`],
  // Card numbers: 13 to 19 digits, maybe grouped by spaces, dashes or their URL encodings. Valid or not, never kept.
  [/\b\d(?:(?:[ +-]|%20)?\d){12,18}\b/g, "[card]"],
  // UK postcodes, with or without the space (or its URL encodings), in any case.
  [/\b(?:GIR(?: |\+|%20)?0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?(?: |\+|%20)?\d[ABD-HJLNP-UW-Z]{2})\b/gi, "[postcode]"],
  // Long opaque strings of the base64url alphabet: session and CSRF values, basket and status tokens, API keys.
  [
    new RegExp(
      /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]{32,})/.source +
        /(?=[A-Za-z0-9_-]*(?:[\d_-]|[a-z][A-Za-z0-9_-]*[A-Z]|[A-Z][A-Za-z0-9_-]*[a-z]))/.source +
        /[A-Za-z0-9_-]{32,}={0,2}/.source,
      "g",
    ),
    REDACTED,
  ],
];

/** Field names whose values are secret whatever they hold. */
const SECRET_FIELD =
  /token|password|passwd|secret|authorization|cookie|session|csrf|cvv|cvc|security_?code|card_?number|pan\b|api_?key/i;

export function scrubText(text: string): string {
  return TEXT_RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Every string inside a value scrubbed, and the values of fields named like secrets dropped. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) ? REDACTED : scrubValue(v, depth + 1),
    ]),
  );
}

/** The parts of a Sentry event that can carry what the shopper typed or was sent (structural typing: no SDK import). */
export interface ScrubbableEvent {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: { vars?: unknown }[] } }[] };
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[];
  request?: {
    url?: string;
    query_string?: unknown;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
    env?: unknown;
  };
  extra?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  transaction?: string;
  contexts?: Record<string, unknown>;
}

const DROPPED_HEADERS =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-csrf-token|x-forwarded-for|x-real-ip)$/i;

/**
 * The event with e-mail addresses, tokens, card data and postcodes taken out of its messages, exception values,
 * breadcrumbs, request (URL, query, headers, cookies, body) and extra data. Sentry's own fields (event id, release,
 * trace ids) are left alone. Cookies and bodies are dropped whole: no report needs them.
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const out: E = { ...event };
  if (typeof out.message === "string") out.message = scrubText(out.message);
  if (out.logentry) out.logentry = scrubValue(out.logentry) as E["logentry"];
  if (typeof out.transaction === "string") out.transaction = scrubText(out.transaction);
  if (out.exception?.values) {
    out.exception = {
      ...out.exception,
      values: out.exception.values.map((v) => ({
        ...v,
        ...(typeof v.value === "string" ? { value: scrubText(v.value) } : {}),
        ...(v.stacktrace?.frames
          ? { stacktrace: { ...v.stacktrace, frames: v.stacktrace.frames.map(({ vars: _vars, ...frame }) => frame) } }
          : {}),
      })),
    };
  }
  if (out.breadcrumbs) {
    out.breadcrumbs = out.breadcrumbs.map((b) => ({
      ...b,
      ...(typeof b.message === "string" ? { message: scrubText(b.message) } : {}),
      ...(b.data ? { data: scrubValue(b.data) as Record<string, unknown> } : {}),
    }));
  }
  if (out.request) {
    const { cookies: _cookies, data: _data, env: _env, ...request } = out.request;
    out.request = {
      ...request,
      ...(typeof request.url === "string" ? { url: scrubText(request.url) } : {}),
      ...(request.query_string !== undefined ? { query_string: scrubValue(request.query_string) } : {}),
      ...(request.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(request.headers)
                .filter(([k]) => !DROPPED_HEADERS.test(k))
                .map(([k, v]) => [k, scrubText(String(v))]),
            ),
          }
        : {}),
    };
  }
  if (out.extra) out.extra = scrubValue(out.extra) as Record<string, unknown>;
  // Tags are ours (the request id looks like any opaque token, and is kept); their other values are scrubbed.
  if (out.tags)
    out.tags = Object.fromEntries(
      Object.entries(out.tags).map(([k, v]) => [k, k === "request_id" ? v : scrubValue(v)]),
    );
  return out;
}

/** The parts of a Sentry DSN: https://<public key>@<host>/<project id>. */
export interface ParsedDsn {
  origin: string;
  publicKey: string;
  projectId: string;
  /** The DSN without any secret key (the old `key:secret@` form): the only form the browser is given. */
  publicDsn: string;
}

/** The DSN's parts, or null when it is not one (no key, no numeric project, not http(s)). */
export function parseDsn(dsn: string): ParsedDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const projectId = url.pathname.split("/").filter(Boolean).pop() ?? "";
  if (!url.username || !/^\d+$/.test(projectId)) return null;
  const prefix = url.pathname.slice(0, url.pathname.lastIndexOf("/" + projectId));
  return {
    origin: url.origin,
    publicKey: decodeURIComponent(url.username),
    projectId,
    publicDsn: `${url.protocol}//${url.username}@${url.host}${prefix}/${projectId}`,
  };
}
