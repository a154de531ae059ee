import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

const MAX_LINE_LENGTH = 140;
const EXTENSIONS = new Set([".ts", ".tsx", ".js", ".json", ".css"]);
const OTHER_FILES = new Set([".ci/run", "Dockerfile"]);
// Data, not code: generated migrations and lockfile, seed and content text, recorded service answers kept as sent.
const SKIPPED =
  /^platform\/db\/migrations\/|^platform\/db\/seed\/|^content\/|(^|\/)fixtures\/|(^|\/)package-lock\.json$/;

/** Whether the line-length rule reads a file, given its path from the repository's root. */
function checked(file: string): boolean {
  return (EXTENSIONS.has(extname(file)) || OTHER_FILES.has(file)) && !SKIPPED.test(file);
}

/** Each line of a file longer than the limit, as `file:line (length)`, the length in characters. */
function longLines(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const length = [...line].length;
    return length > MAX_LINE_LENGTH ? [`${file}:${index + 1} (${length})`] : [];
  });
}

describe("line length", () => {
  it(`keeps every line of code at ${MAX_LINE_LENGTH} characters at most`, () => {
    const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "" && checked(file) && existsSync(`${root}/${file}`));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => longLines(file, readFileSync(`${root}/${file}`, "utf8")))).toEqual([]);
  });

  it("finds a line over the limit, and only that one", () => {
    const text = ["short", "x".repeat(MAX_LINE_LENGTH + 1), "y".repeat(MAX_LINE_LENGTH), "é".repeat(MAX_LINE_LENGTH)];
    expect(longLines("app/bad.ts", text.join("\n"))).toEqual([`app/bad.ts:2 (${MAX_LINE_LENGTH + 1})`]);
  });
});
