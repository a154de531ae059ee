// The databases a platform benchmark measures: an in-memory PGlite always, and a scratch PostgreSQL database
// when BENCH_DATABASE_URL names a server.
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "../../platform/db/open";
import { admin } from "../../platform/testing/test-database";

/**
 * A closed pool's sockets can still be closing when close() resolves; dropping WITH (FORCE) then kills them
 * and the pool, with nobody listening any more, throws the server's FATAL at the process. So the scratch
 * database is dropped once its last connection has gone.
 */
export async function dropWhenIdle(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === "55006";
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A database URL on the same server as `serverUrl`, naming database `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `measure` on PGlite (unless `pglite` is false), then on a fresh PostgreSQL database named `bench_{label}_…`
 * when a server is given.
 */
export async function measureOnEachDatabase<Row>(
  label: string,
  measure: (database: Database, name: string) => Promise<Row>,
  serverUrl = process.env.BENCH_DATABASE_URL,
  pglite = true,
): Promise<Row[]> {
  const rows: Row[] = [];
  if (pglite) {
    const memory = await openDatabase({ memory: true });
    try {
      rows.push(await measure(memory, "PGlite, one process"));
    } finally {
      await memory.close();
    }
  }
  if (serverUrl) {
    const name = `bench_${label}_${randomUUID().replace(/-/g, "")}`;
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    const postgres = await openDatabase({ url: databaseUrl(serverUrl, name) });
    try {
      rows.push(await measure(postgres, "PostgreSQL, one process"));
    } finally {
      await postgres.close();
      await dropWhenIdle(serverUrl, name);
    }
  }
  return rows;
}
