import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The import and table rules of decision record 0016, read from the source itself. A module is a folder directly under
 * platform/ (stores, slots, basket …) or a file directly under it (http.ts, router.ts …). Modules may depend on each
 * other in one direction only: no two modules import each other, directly or round a longer loop, and no two files
 * do either. `import type` counts: a type that needs the other module is a dependency on it. Test files are left out
 * (a test may use anything); test support files are not.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PLATFORM = path.join(ROOT, "platform");
const SERVER = path.join(ROOT, "server");

type Graph = Map<string, Set<string>>;

/** Every .ts source file under dir except tests, as absolute paths. */
function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found.sort();
}

/**
 * The module specifiers a file imports or re-exports: `import … from`, `import type … from`, `export … from`,
 * `import "x"`, and `import("x")` (dynamic, or in a type). Statements are matched where a line begins, so words in
 * comments and strings are not taken for imports.
 */
function specifiersOf(source: string): string[] {
  const specs: string[] = [];
  const statements = [
    /^[ \t]*import\s+(?:type\s+)?(?:(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*\s+as\s+[\w$]+)\s*from\s*|[\w$]+\s+from\s*)?["']([^"'\n]+)["']/gm,
    /^[ \t]*export\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)\s*from\s*["']([^"'\n]+)["']/gm,
    /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g,
  ];
  for (const pattern of statements) for (const m of source.matchAll(pattern)) specs.push(m[1]!);
  return [...new Set(specs)];
}

/** A relative specifier's file: as written, or with .ts/.tsx, or the folder's index. Packages answer null. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (/\.(tsx?|json)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)} imports ${spec}, which is no file`);
}

function importGraph(files: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiersOf(readFileSync(file, "utf8"))) {
      const target = resolve(file, spec);
      if (target && !target.endsWith(".json")) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one member, or one member importing itself (Tarjan). */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** platform/slots/service.ts → "slots"; platform/http.ts → "http.ts". */
function moduleOf(file: string): string {
  return path.relative(PLATFORM, file).split(path.sep)[0]!;
}

/** The module graph, and for each module edge one file import that makes it (for the failure message). */
function moduleGraph(files: Graph): { graph: Graph; because: Map<string, string> } {
  const graph: Graph = new Map();
  const because = new Map<string, string>();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (to === from) continue;
      graph.get(from)!.add(to);
      if (!because.has(`${from} ${to}`))
        because.set(`${from} ${to}`, `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
    }
  }
  return { graph, because };
}

describe("the checks themselves", () => {
  it("read every form of import, and no words in comments", () => {
    const source = [
      `import { a } from "./a";`,
      `import type { B } from "../b";`,
      `import {`,
      `  c,`,
      `  type D,`,
      `} from "./c";`,
      `export * from "./e";`,
      `export { f } from "./f";`,
      `import "./g";`,
      `const h = await import("./h");`,
      `type I = typeof import("./i");`,
      `/**`,
      ` * import nothing from "./not-this"`,
      ` */`,
      `const text = "export from './nor-this'";`,
      `export const PATH = "./nor-this-either";`,
      `import x, { y } from "./j";`,
      `import * as k from "./k";`,
    ].join("\n");
    expect(specifiersOf(source).sort()).toEqual([
      "../b",
      "./a",
      "./c",
      "./e",
      "./f",
      "./g",
      "./h",
      "./i",
      "./j",
      "./k",
    ]);
  });

  it("find a loop however long, and nothing where there is none", () => {
    const graph: Graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set<string>()],
      ["e", new Set(["e"])],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(
      cycles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("platform/ imports", () => {
  const files = importGraph(sourceFiles(PLATFORM));

  it("has no loop between files", () => {
    const loops = cycles(files).map((c) => c.map((f) => path.relative(ROOT, f)).join(" ⇄ "));
    expect(loops).toEqual([]);
  });

  it("has no loop between modules, direct or longer", () => {
    const { graph, because } = moduleGraph(files);
    const loops = cycles(graph).map((members) => {
      const edges = members.flatMap((a) =>
        members.filter((b) => graph.get(a)!.has(b)).map((b) => `  ${a} → ${b}: ${because.get(`${a} ${b}`)}`),
      );
      return `${members.join(", ")}\n${edges.join("\n")}`;
    });
    expect(loops).toEqual([]);
  });

  it("imports nothing of the storefront or the server: only platform files and packages", () => {
    const outside = [...files].flatMap(([file, targets]) =>
      [...targets]
        .filter((t) => !t.startsWith(PLATFORM + path.sep))
        .map((t) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, t)}`),
    );
    expect(outside).toEqual([]);
  });
});

/** The module that writes each table; others read it, or ask the owner (decision record 0016). */
const TABLE_OWNERS: Record<string, string> = {
  authTokens: "auth",
  members: "auth",
  memberIdentities: "auth",
  memberAddresses: "members",
  oneTimeCodes: "auth",
  passwordResetTokens: "auth",
  idempotencyKeys: "idempotency.ts",
  rateLimits: "rate-limit.ts",
  settings: "business",
  sharedDataVersion: "shared-reads.ts",
  stores: "stores",
  storeOrderMethods: "stores",
  storeHolidays: "stores",
  storePaymentMethods: "stores",
  postcodes: "location",
  addresses: "location",
  futureContactRequests: "location",
  menuGroups: "catalogue",
  categories: "catalogue",
  menuItems: "catalogue",
  deals: "catalogue",
  banners: "banners",
  bannerEvents: "banners",
  baskets: "basket",
  basketLines: "basket",
  coupons: "basket",
  slotHolds: "slots",
  slotLocks: "slots",
  basketCheckouts: "checkout",
  orders: "orders",
  orderReviews: "orders",
  driverLocations: "orders",
  loyaltyLedger: "loyalty",
  referrals: "referrals",
  creditLedger: "referrals",
  orderPayments: "payments",
  outbox: "outbox",
  testGatewayTokens: "payments",
  testGatewayHostedPayments: "payments",
  testGatewayPayments: "payments",
  testGatewayIdempotency: "payments",
  testGatewayInstruments: "payments",
  memberCards: "payments",
};

describe("platform/ tables", () => {
  const schemaDir = path.join(PLATFORM, "db", "schema");

  it("each have an owning module", () => {
    const tables = sourceFiles(schemaDir).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]!),
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  it("are written (insert, update, delete) only by their owning module; the seed and test support aside", () => {
    const offending: string[] = [];
    for (const file of sourceFiles(PLATFORM)) {
      const relative = path.relative(PLATFORM, file).split(path.sep);
      if (relative[0] === "db" || relative.includes("testing")) continue;
      const source = readFileSync(file, "utf8");
      // Table names as this file calls them: `import { orders, slotHolds as holds } from "../db/schema"`.
      const tables = new Map<string, string>();
      for (const m of source.matchAll(/^[ \t]*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"'\n]+)["']/gm)) {
        const target = resolve(file, m[2]!);
        if (target !== path.join(schemaDir, "index.ts") && !target?.startsWith(schemaDir + path.sep)) continue;
        for (const name of m[1]!
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type "))) {
          const [imported, local] = name.split(/\s+as\s+/);
          tables.set((local ?? imported)!.trim(), imported!.trim());
        }
      }
      for (const m of source.matchAll(/\.(insert|update|delete)\(\s*([\w$]+)\s*\)/g)) {
        const table = tables.get(m[2]!);
        if (table && TABLE_OWNERS[table] && TABLE_OWNERS[table] !== moduleOf(file)) {
          offending.push(`${path.relative(ROOT, file)} ${m[1]}s ${table}, owned by ${TABLE_OWNERS[table]}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});

describe("server/ imports", () => {
  it("reach the database only through the platform: no schema, no drizzle, no SQL of its own", () => {
    const schema = path.join(PLATFORM, "db", "schema");
    const offending: string[] = [];
    for (const file of [...sourceFiles(SERVER), path.join(ROOT, "server.ts")]) {
      for (const spec of specifiersOf(readFileSync(file, "utf8"))) {
        const target = resolve(file, spec);
        const bad = target
          ? target === schema || target.startsWith(schema + path.sep)
          : /^drizzle-orm(\/|$)/.test(spec);
        if (bad) offending.push(`${path.relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
