// Whether an error means the database cannot be reached right now (a restart, a failover, the server full of
// connections), as opposed to a fault in the request or the code. The platform answers such a call with 503 and
// `SERVICE_UNAVAILABLE` (router.ts), so the storefront shows its "try again in a moment" page rather than a 500,
// and the pool replaces its connections by itself once the server is back.

/** Socket errors: the server is down, restarting, or the network between is. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), an administrator's or a crash's shutdown
 * (57P01, 57P02), a server still starting or stopping (57P03), and no connection slot left (53300).
 */
const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's own errors, which carry no code: a connection that ended under a query, or a connect that timed out. */
const DRIVER_MESSAGES = new RegExp(
  [
    "Connection terminated",
    "connection error and is not queryable",
    "Client was closed and is not queryable",
    "timeout exceeded when trying to connect",
    "Connection is closed",
  ].join("|"),
  "i",
);

export function databaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …") with it as the cause.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    // An AggregateError (a connect tried on IPv4 and IPv6) lists each attempt's error.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
