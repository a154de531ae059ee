import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "./db/schema";
import { hit } from "./rate-limit";
import { createTestPlatform, type TestPlatform } from "./testing";

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe("hit", () => {
  it("allows up to the limit in a window, then refuses", async () => {
    const now = at("2025-06-02T09:00:10Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.db, "seq", 3, 60, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[0]!.resetAt.toISOString()).toBe("2025-06-02T09:01:00.000Z");
  });

  it("starts counting again in the next window and clears the old one", async () => {
    await hit(t.db, "windows", 1, 60, at("2025-06-02T09:00:59Z"));
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:00:59Z"))).allowed).toBe(false);
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:01:00Z"))).allowed).toBe(true);
    const rows = await t.db.select().from(rateLimits).where(eq(rateLimits.bucket, "windows"));
    expect(rows.map((r) => r.windowStart.toISOString())).toEqual(["2025-06-02T09:01:00.000Z"]);
  });

  it("counts buckets separately", async () => {
    const now = at("2025-06-02T09:00:00Z");
    expect((await hit(t.db, "ip:a", 1, 60, now)).allowed).toBe(true);
    expect((await hit(t.db, "ip:b", 1, 60, now)).allowed).toBe(true);
    expect((await hit(t.db, "ip:a", 1, 60, now)).allowed).toBe(false);
  });

  it("holds exactly under concurrent hits", async () => {
    const now = at("2025-06-02T09:00:00Z");
    const results = await Promise.all(Array.from({ length: 50 }, () => hit(t.db, "burst", 30, 60, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.bucket, "burst"));
    expect(row!.count).toBe(50);
  });
});
