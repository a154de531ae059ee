import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the platform codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction of that database, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true } | { pglite: PGlite };

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is reported here; without a
    // listener it would crash the process. The pool replaces the connection on the next query.
    pool.on("error", (error) => {
      console.error(JSON.stringify({ time: new Date().toISOString(), level: "warn", event: "db.idle_connection_lost", error: error.message }));
    });
    // Several processes may start together on a new database: one migrates at a time.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(hashtext('storefront:migrate'))");
      await migratePg(drizzlePg(lockClient, { schema }) as never, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock(hashtext('storefront:migrate'))").catch(() => undefined);
      lockClient.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let client: PGlite;
  if ("pglite" in target) client = target.pglite;
  else if ("dataDir" in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
  } else client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}
