import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandFor, postgresBinaries } from "./postgres";

describe("the scale test's own PostgreSQL", () => {
  it("runs initdb and pg_ctl as the postgres OS user when run as root (they refuse root), directly otherwise", () => {
    expect(commandFor("/usr/lib/postgresql/15/bin/initdb", ["-D", "data"], 0)).toEqual({
      command: "runuser",
      args: ["-u", "postgres", "--", "/usr/lib/postgresql/15/bin/initdb", "-D", "data"],
    });
    expect(commandFor("/usr/lib/postgresql/15/bin/initdb", ["-D", "data"], 1000)).toEqual({
      command: "/usr/lib/postgresql/15/bin/initdb",
      args: ["-D", "data"],
    });
  });

  it("takes the newest version Debian installed, and says what to install when there is none", () => {
    const root = mkdtempSync(join(tmpdir(), "pg-binaries-"));
    try {
      expect(() => postgresBinaries(root)).toThrow(/apt-get install postgresql/);
      for (const version of ["9", "15", "16"]) {
        mkdirSync(join(root, version, "bin"), { recursive: true });
        if (version !== "16") writeFileSync(join(root, version, "bin", "initdb"), "");
      }
      // 16 has no initdb (only the client): 15 is the newest server.
      expect(postgresBinaries(root)).toBe(join(root, "15", "bin"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
