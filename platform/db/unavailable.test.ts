import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "./unavailable";

const pgError = (code: string, message = "server said no") => Object.assign(new Error(message), { code });
/** As drizzle throws it: "Failed query: …" with the driver's error as the cause. */
const wrapped = (cause: unknown) => new Error("Failed query: select 1\nparams: ", { cause });

describe("databaseUnavailable", () => {
  it("is true for a server that is down, restarting or full, however deep drizzle wrapped the error", () => {
    expect(databaseUnavailable(wrapped(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")))).toBe(true);
    expect(databaseUnavailable(wrapped(pgError("57P01", "terminating connection due to administrator command")))).toBe(
      true,
    );
    expect(databaseUnavailable(pgError("57P03", "the database system is shutting down"))).toBe(true);
    expect(databaseUnavailable(pgError("53300", "sorry, too many clients already"))).toBe(true);
    expect(databaseUnavailable(pgError("08006", "connection failure"))).toBe(true);
    expect(databaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(databaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(databaseUnavailable(new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")]))).toBe(true);
  });

  it("is false for faults of the request or the code, which stay 500s", () => {
    expect(databaseUnavailable(wrapped(pgError("23505", "duplicate key value violates unique constraint")))).toBe(
      false,
    );
    expect(databaseUnavailable(wrapped(pgError("42P01", "relation does not exist")))).toBe(false);
    expect(databaseUnavailable(pgError("40001", "could not serialize access"))).toBe(false);
    expect(databaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(databaseUnavailable("a string")).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
  });
});
