/** JSON-lines logger on stdout; one line per event, never a token, password, card number or security code. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

const REDACTED = "[redacted]";

/** Field names whose values never reach a log line, whatever they hold (a card token, a cvv, a bearer header …). */
const SECRET_FIELD = /token|cvv|cvc|security_?code|card_?number|password|passwd|secret|authorization|cookie|api_?key/i;

/** Card numbers written into text (an error message, a URL): 13 to 19 digits, maybe grouped by spaces or dashes. */
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;

/**
 * What a log line may carry of the fields it was given: secret-named fields redacted at any depth, card numbers cut
 * out of strings. The last guard, for a field or message written carelessly; code still logs no secrets on purpose.
 */
export function redactLogFields(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(CARD_NUMBER, "[redacted card]");
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactLogFields(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) ? REDACTED : redactLogFields(v, depth + 1),
    ]),
  );
}

export function jsonLogger(
  base: Record<string, unknown> = {},
  write: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): Logger {
  const emit =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level,
          event,
          ...base,
          ...(redactLogFields(fields) as Record<string, unknown>),
        }),
      );
  return { info: emit("info"), warn: emit("warn"), error: emit("error") };
}
