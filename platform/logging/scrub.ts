/**
 * Client logs are free text from the browser: a card number typed into the wrong field, a token in a URL or a
 * header echoed into an error message would otherwise end up in our log store.
 */
const REDACTED = "[redacted]";

const TEXT_RULES: [RegExp, string][] = [
  // Authorization headers and bearer tokens quoted in messages.
  [/\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi, `Bearer ${REDACTED}`],
  // JSON Web Tokens (header.payload.signature, the header always starting eyJ).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Secrets carried as URL parameters or key=value pairs.
  [
    /\b((?:access_token|refresh_token|id_token|token|basketToken|verifyToken|password|secret|api_?key|code|cvv)=)[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
  // Card numbers: 13 to 19 digits, maybe grouped by spaces or dashes. Valid or not, they are never kept.
  [/\b\d(?:[ -]?\d){12,18}\b/g, "[redacted card]"],
  // Long opaque strings mixing letters and digits: our tokens (43 characters), basket tokens, API keys.
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g, REDACTED],
];

/** Field names whose values are secret whatever they look like. */
const SECRET_FIELD = /token|password|passwd|secret|authorization|cookie|cvv|cvc|card_?number|cardNumber|api_?key/i;

export function scrubText(text: string): string {
  return TEXT_RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Scrubs every string inside a JSON value, and drops the values of fields named like secrets. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) ? REDACTED : scrub(v, depth + 1),
    ]),
  );
}
