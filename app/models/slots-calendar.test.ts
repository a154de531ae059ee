import { describe, expect, it } from "vitest";
import { msUntilRevalidation, nextRevalidationAt } from "./slots-calendar";

const LONDON = "Europe/London";
const next = (now: string, zone = LONDON) => nextRevalidationAt(new Date(now), zone).toISOString();

describe("nextRevalidationAt (spec 1 §4: revalidate at each store-local midnight)", () => {
  it("is midnight BST (23:00 UTC) in summer", () => {
    expect(next("2026-07-15T12:00:00Z")).toBe("2026-07-15T23:00:00.000Z");
  });

  it("on a summer evening past 22:00, is the coming midnight, an hour before UTC's", () => {
    expect(next("2026-07-15T21:30:00Z")).toBe("2026-07-15T23:00:00.000Z");
    expect(msUntilRevalidation(new Date("2026-07-15T21:30:00Z"), LONDON)).toBe(90 * 60_000);
  });

  it("just after local midnight, is the following midnight", () => {
    expect(next("2026-07-15T23:00:00Z")).toBe("2026-07-16T23:00:00.000Z");
    expect(next("2026-07-15T23:30:00Z")).toBe("2026-07-16T23:00:00.000Z");
  });

  it("is midnight GMT in winter", () => {
    expect(next("2026-01-15T12:00:00Z")).toBe("2026-01-16T00:00:00.000Z");
  });

  it("spans the 23-hour spring change day (2026-03-29)", () => {
    // Before the change the day ahead still starts in GMT; after it, midnight is BST.
    expect(next("2026-03-28T12:00:00Z")).toBe("2026-03-29T00:00:00.000Z");
    expect(next("2026-03-29T00:30:00Z")).toBe("2026-03-29T23:00:00.000Z");
    expect(next("2026-03-29T12:00:00Z")).toBe("2026-03-29T23:00:00.000Z");
    expect(msUntilRevalidation(new Date("2026-03-29T00:00:00Z"), LONDON)).toBe(23 * 3_600_000);
  });

  it("spans the 25-hour autumn change day (2026-10-25)", () => {
    expect(next("2026-10-24T12:00:00Z")).toBe("2026-10-24T23:00:00.000Z");
    // Both passes through 01:30 lead to the same midnight, in GMT.
    expect(next("2026-10-25T00:30:00Z")).toBe("2026-10-26T00:00:00.000Z");
    expect(next("2026-10-25T01:30:00Z")).toBe("2026-10-26T00:00:00.000Z");
    expect(msUntilRevalidation(new Date("2026-10-24T23:00:00Z"), LONDON)).toBe(25 * 3_600_000);
  });

  it("moves forward to the first instant of the day where a zone skips midnight itself", () => {
    // Chile springs forward from 00:00 to 01:00 on 2026-09-06.
    expect(next("2026-09-05T15:00:00Z", "America/Santiago")).toBe("2026-09-06T04:00:00.000Z");
  });

  it("refuses an unknown zone", () => {
    expect(() => nextRevalidationAt(new Date("2026-07-15T12:00:00Z"), "Mars/Olympus")).toThrow(
      "Unknown time zone: Mars/Olympus",
    );
  });
});
