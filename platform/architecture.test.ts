import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The table rules of decision record 0016, read from the source itself: each table has one module that writes it. A
 * module is a folder directly under platform/ (stores, slots, basket …) or a file directly under it (http.ts …). That
 * modules import one way only, and nothing outside platform/, are the architecture's rules
 * (scripts/architecture/rules.ts, decision 0057).
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PLATFORM = path.join(ROOT, "platform");

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

/** platform/slots/service.ts → "slots"; platform/http.ts → "http.ts". */
function moduleOf(file: string): string {
  return path.relative(PLATFORM, file).split(path.sep)[0]!;
}

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
