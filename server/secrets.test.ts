import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deepLinkSecret, keptSecret } from "./secrets";

describe("kept secrets", () => {
  it("use the environment's value when there is one, and write nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "secrets-"));
    const made: string[] = [];
    expect(keptSecret("from-the-environment", dir, "session-secret", (file) => made.push(file))).toBe(
      "from-the-environment",
    );
    expect(made).toEqual([]);
  });

  it("make one on first use, readable by its owner only, and give the same one ever after", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "secrets-")), "data");
    const made: string[] = [];
    const first = deepLinkSecret({ DATA_DIR: dir }, (file) => made.push(file));
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(made).toEqual([join(dir, "deeplink-secret")]);
    expect(statSync(made[0]!).mode & 0o777).toBe(0o600);
    expect(deepLinkSecret({ DATA_DIR: dir }, (file) => made.push(file))).toBe(first);
    expect(readFileSync(made[0]!, "utf8")).toBe(first);
    expect(made).toHaveLength(1);
    // Each secret has a file of its own: the session's is not the deep links'.
    expect(keptSecret(undefined, dir, "session-secret", () => {})).not.toBe(first);
  });
});
