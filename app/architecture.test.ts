import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "./routes";

/*
 * The storefront's own conventions (docs/decisions/0015-storefront-layout-and-forms.md), checked on the source: where
 * screens live, how a route module reads, how forms are read. What each folder may import, and that no two folders
 * import each other round a cycle, are the architecture's rules (scripts/architecture/rules.ts, decision 0057).
 */

const appDir = path.dirname(fileURLToPath(import.meta.url));
const rel = (file: string) => path.relative(appDir, file).split(path.sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(appDir);
const source = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));

/** The route modules the route table names, depth first. */
function routeFiles(entries: readonly { file: string; children?: readonly unknown[] }[]): string[] {
  return entries.flatMap((r) => [r.file, ...routeFiles((r.children ?? []) as { file: string }[])]);
}

describe("the storefront's layout", () => {
  it("keeps every screen in an area folder of routes/", () => {
    const outside = routeFiles(routes).filter((file) => !/^routes\/[a-z-]+\/[^/]+$/.test(file));
    expect(outside).toEqual([]);
  });

  it("reads each route module top to bottom: schema, loader, action, component, meta, ErrorBoundary", () => {
    const parts: [string, RegExp][] = [
      ["schema", /\nconst schema\b/],
      ["loader", /\nexport (?:async )?function loader\b/],
      ["action", /\nexport (?:async )?function action\b/],
      ["component", /\nexport default function\b/],
      ["meta", /\nexport function meta\b/],
      ["ErrorBoundary", /\nexport function ErrorBoundary\b/],
    ];
    const outOfOrder = routeFiles(routes).flatMap((file) => {
      const text = source.get(path.join(appDir, file)) ?? "";
      const found = parts.flatMap(([name, pattern]) => {
        const at = text.search(pattern);
        return at < 0 ? [] : [{ name, at }];
      });
      const sorted = [...found].sort((a, b) => a.at - b.at).map((p) => p.name);
      return sorted.join() === found.map((p) => p.name).join() ? [] : [`${file}: ${sorted.join(", ")}`];
    });
    expect(outOfOrder).toEqual([]);
  });

  it("keeps route modules short (~200 lines): longer screens put their parts in components", () => {
    const long = [...new Set(routeFiles(routes))].filter(
      (file) => (source.get(path.join(appDir, file)) ?? "").split("\n").length > 200,
    );
    expect(long).toEqual([]);
  });

  it("reads no form field by hand in routes/ or services/: forms go through their zod schema", () => {
    const byHand = /\b(?:form|formData|fields|body)\.(?:get|getAll)\(|\.formData\(\)\)\.(?:get|getAll)\(/;
    const offending = files.filter((f) => /^(routes|services)\//.test(rel(f)) && byHand.test(source.get(f)!));
    expect(offending.map(rel)).toEqual([]);
  });
});

/*
 * Issue 21: a rule is a feature only when the code path the spec describes calls it. Every value or function that
 * app/models/ or platform/ exports must be named by some file that is not a test: another module, or its own
 * module past the declaration. Not counted: test support (test-support/, platform/testing/, *-test-data.ts) and the
 * database schema (platform/db/schema/, read by drizzle-kit to write the migrations).
 */
describe("exports with a user outside the tests", () => {
  const repoDir = path.dirname(appDir);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name === "node_modules" || entry.name.startsWith("+") || entry.name.startsWith(".")
          ? []
          : walk(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const testSupport = (file: string) => /\/(test-support|testing)\/|-test-data\.ts$|\/e2e\//.test(file);
  const production = ["app", "platform", "server", "scripts"]
    .flatMap((dir) => walk(path.join(repoDir, dir)))
    .concat(path.join(repoDir, "server.ts"))
    .filter((f) => !testSupport(f));
  const texts = new Map(production.map((f) => [f, readFileSync(f, "utf8")]));
  const checked = production.filter((f) => {
    const r = path.relative(repoDir, f).split(path.sep).join("/");
    return (r.startsWith("app/models/") || r.startsWith("platform/")) && !r.startsWith("platform/db/schema/");
  });

  it("has none that only tests call", () => {
    const unused: string[] = [];
    for (const file of checked) {
      const text = texts.get(file)!;
      for (const [, name] of text.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm)) {
        const word = new RegExp(`\\b${name}\\b`, "g");
        const usedHere = (text.match(word) ?? []).length > 1;
        if (usedHere) continue;
        if (![...texts].some(([other, body]) => other !== file && new RegExp(`\\b${name}\\b`).test(body))) {
          unused.push(`${path.relative(repoDir, file)}: ${name}`);
        }
      }
    }
    expect(unused).toEqual([]);
  });
});
