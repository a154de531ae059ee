// Runs on PostgreSQL only (TEST_DATABASE_URL, as .ci/run's API suite sets it): PGlite has no server to restart.
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { createPool } from "./open";

const url = process.env.TEST_DATABASE_URL;
const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
});

describe.skipIf(!url)("the PostgreSQL pool through a server restart", () => {
  it("survives the server ending a connection that is checked out (a transaction between statements), and replaces it", async () => {
    const pool = createPool(url!);
    pools.push(pool);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const client = await pool.connect();
      await client.query("begin");
      const pid = (client as unknown as { processID: number }).processID;
      // What a fast shutdown does to every session: the server ends it.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query("select 1")).rejects.toThrow();
      client.release(true);
      expect(uncaught).toEqual([]);
      // The next query gets a new connection.
      expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("survives the server ending an idle connection", async () => {
    const pool = createPool(url!);
    pools.push(pool);
    const pid = (await pool.query("select pg_backend_pid() as pid")).rows[0].pid as number;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await pool.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });
});
