import { describe, expect, it } from "vitest";
import { preferredEncodings } from "./precompressed";

describe("precompressed assets", () => {
  it("prefers brotli, then gzip, as the client allows", () => {
    expect(preferredEncodings("gzip, deflate, br")).toEqual(["br", "gzip"]);
    expect(preferredEncodings("gzip")).toEqual(["gzip"]);
    expect(preferredEncodings("br;q=0, gzip;q=0.5")).toEqual(["gzip"]);
    expect(preferredEncodings("identity")).toEqual([]);
    expect(preferredEncodings(undefined)).toEqual([]);
    expect(preferredEncodings("*")).toEqual(["br", "gzip"]);
  });
});
