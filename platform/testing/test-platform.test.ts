import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens } from "../db/schema";
import { createTestPlatform, TEST_NOW } from "./test-platform";

describe("createTestPlatform", () => {
  it("gives each caller its own migrated database and a clock fixed at TEST_NOW", async () => {
    const [a, b] = await Promise.all([createTestPlatform(), createTestPlatform()]);
    try {
      expect(a.clock.now().toISOString()).toBe(TEST_NOW);
      await a.guestToken();
      expect(await a.db.select().from(authTokens)).toHaveLength(2);
      expect(await b.db.select().from(authTokens)).toHaveLength(0);

      const migrations = await a.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(Number((migrations as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);

      const res = await a.call("GET", "/api/server-time", undefined, { token: await a.guestToken() });
      expect(res.body).toEqual({ timeUTC: TEST_NOW });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
