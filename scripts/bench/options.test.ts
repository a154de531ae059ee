import { describe, expect, it } from "vitest";
import { DEFAULT_POSTGRES_SERVER, fullLoad, parseOptions, quickLoad } from "./options";

describe("parseOptions", () => {
  it("measures both databases with Lighthouse and the full durations by default", () => {
    expect(parseOptions([])).toEqual({
      record: false,
      skipBuild: false,
      strict: false,
      quick: false,
      lighthouse: true,
      databases: ["pglite", "postgres"],
      postgresServer: DEFAULT_POSTGRES_SERVER,
      load: fullLoad,
    });
  });

  it("--quick: shorter runs, PGlite only, no Lighthouse", () => {
    const options = parseOptions(["--quick"]);
    expect(options).toMatchObject({ quick: true, lighthouse: false, databases: ["pglite"], load: quickLoad });
    expect(quickLoad.seconds).toBeLessThan(fullLoad.seconds);
  });

  it("picks the database, even in quick mode", () => {
    expect(parseOptions(["--database=postgres"]).databases).toEqual(["postgres"]);
    expect(parseOptions(["--database=pglite"]).databases).toEqual(["pglite"]);
    expect(parseOptions(["--quick", "--database=both"]).databases).toEqual(["pglite", "postgres"]);
    expect(() => parseOptions(["--database=mysql"])).toThrow(/pglite, postgres or both/);
  });

  it("reads the other flags and the PostgreSQL server from BENCH_DATABASE_URL", () => {
    const options = parseOptions(["--no-lighthouse", "--record", "--skip-build", "--strict"], {
      BENCH_DATABASE_URL: "postgres://u@db:5433/x",
    });
    expect(options).toMatchObject({
      lighthouse: false,
      record: true,
      skipBuild: true,
      strict: true,
      postgresServer: "postgres://u@db:5433/x",
    });
  });

  it("names an unknown option", () => {
    expect(() => parseOptions(["--fast"])).toThrow(/unknown option --fast/);
  });
});
