import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "./db/schema";
import { hit, LONGEST_WINDOW_SECONDS, recentHits } from "./rate-limit";
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
  });

  it("weighs the previous window by how much of it is still within the window: a burst across an edge counts together", async () => {
    for (let i = 0; i < 10; i++)
      expect((await hit(t.db, "edge", 10, 600, at("2025-06-02T09:09:59Z"))).allowed).toBe(true);
    // Fixed windows alone would allow ten more from 09:10:00.
    const justAfter = await hit(t.db, "edge", 10, 600, at("2025-06-02T09:10:01Z"));
    expect(justAfter).toEqual({ allowed: false, remaining: 0 });
    expect(await recentHits(t.db, "edge", 600, at("2025-06-02T09:10:01Z"))).toBeCloseTo(1 + 10 * (599 / 600), 6);
    // Halfway through the next window half of the burst still weighs: 2 + 5 hits, so three more are allowed.
    expect(await recentHits(t.db, "edge", 600, at("2025-06-02T09:15:00Z"))).toBe(6);
    const halfway = await hit(t.db, "edge", 10, 600, at("2025-06-02T09:15:00Z"));
    expect(halfway).toEqual({ allowed: true, remaining: 3 });
  });

  it("starts again once a whole window has passed, and clears the windows before the previous one", async () => {
    await hit(t.db, "windows", 1, 60, at("2025-06-02T09:00:59Z"));
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:00:59Z"))).allowed).toBe(false);
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:01:00Z"))).allowed).toBe(false);
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:02:00Z"))).allowed).toBe(false);
    expect((await hit(t.db, "windows", 1, 60, at("2025-06-02T09:04:00Z"))).allowed).toBe(true);
    const rows = await t.db.select().from(rateLimits).where(eq(rateLimits.bucket, "windows"));
    expect(rows.map((r) => r.windowStart.toISOString())).toEqual(["2025-06-02T09:04:00.000Z"]);
  });

  it("refuses a window longer than housekeeping keeps counters for", async () => {
    await expect(hit(t.db, "long", 1, LONGEST_WINDOW_SECONDS + 1, at("2025-06-02T09:00:00Z"))).rejects.toThrow(
      /at most 86400 s/,
    );
    expect((await hit(t.db, "long", 1, LONGEST_WINDOW_SECONDS, at("2025-06-02T09:00:00Z"))).allowed).toBe(true);
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
