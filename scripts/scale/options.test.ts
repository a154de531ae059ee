import { describe, expect, it } from "vitest";
import { parseScaleOptions } from "./options";

describe("npm run test:scale options", () => {
  it("defaults to the issue's run: 50 shoppers for 2 minutes on three instances, built, with faults", () => {
    expect(parseScaleOptions([])).toEqual({
      durationSeconds: 120,
      concurrency: 50,
      instances: 3,
      skipBuild: false,
      faults: true,
      record: false,
    });
  });
  it("takes a quick run's duration and concurrency, and CI's --skip-build", () => {
    expect(parseScaleOptions(["--duration=20", "--concurrency=10", "--skip-build", "--no-faults", "--record"])).toEqual(
      {
        durationSeconds: 20,
        concurrency: 10,
        instances: 3,
        skipBuild: true,
        faults: false,
        record: true,
      },
    );
  });
  it("refuses unknown options and values out of range, naming them", () => {
    expect(() => parseScaleOptions(["--fast"])).toThrow(/unknown option --fast/);
    expect(() => parseScaleOptions(["--duration=5"])).toThrow(/--duration must be a whole number from 10/);
    expect(() => parseScaleOptions(["--concurrency=lots"])).toThrow(/--concurrency/);
    expect(() => parseScaleOptions(["--skip-build=yes"])).toThrow(/unknown option/);
  });
});
