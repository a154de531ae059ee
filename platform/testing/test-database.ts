import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrationsFolder, openDatabase, type Database } from "../db/open";

/**
 * A fresh, migrated database for one test file or suite.
 *
 * PGlite (the default): creating an instance runs initdb (seconds); loading a data directory is several
 * times faster. So a migrated instance is made once, its data directory saved under node_modules/.cache
 * keyed by the migrations and the PGlite version, and every test database is loaded from that image.
 *
 * PostgreSQL (when TEST_DATABASE_URL is set): a new database with a unique name on that server, migrated by
 * openDatabase and dropped again by close().
 */
export async function openTestDatabase(url: string | undefined = process.env.TEST_DATABASE_URL): Promise<Database> {
  return url ? openPostgresTestDatabase(url) : openPgliteTestDatabase();
}

let image: Promise<Blob> | undefined;

async function openPgliteTestDatabase(): Promise<Database> {
  image ??= migratedImage();
  const client = await PGlite.create({ loadDataDir: await image, extensions: { pg_trgm } });
  // The image is already migrated; this only confirms there is nothing left to apply.
  return openDatabase({ pglite: client });
}

const cacheDir = fileURLToPath(new URL("../../node_modules/.cache/pglite-test-image", import.meta.url));

/** The data directory of a freshly migrated PGlite, from the cache when the migrations have not changed. */
async function migratedImage(): Promise<Blob> {
  const file = path.join(cacheDir, `${await imageKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await openDatabase({ pglite: client });
    const dump = await client.dumpDataDir("none");
    await saveImage(file, dump);
    return dump;
  } finally {
    await client.close();
  }
}

/** Best effort: a read-only node_modules only costs the next test file the same few seconds. */
async function saveImage(file: string, dump: Blob): Promise<void> {
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written aside then renamed, so parallel workers never read a half-written image.
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    // Images of older migrations are never read again.
    for (const name of await readdir(cacheDir)) {
      if (name.endsWith(".tar") && path.join(cacheDir, name) !== file)
        await rm(path.join(cacheDir, name), { force: true });
    }
  } catch {
    // Caching is an optimisation; the image in hand is still good.
  }
}

async function imageKey(): Promise<string> {
  const hash = createHash("sha256");
  // The package does not export its package.json, so it is read from where npm installs it.
  const pglitePackage = new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url);
  hash.update((JSON.parse(await readFile(pglitePackage, "utf8")) as { version: string }).version);
  const files = (await readdir(migrationsFolder, { recursive: true })).filter((f) => /\.(sql|json)$/.test(f)).sort();
  for (const f of files) hash.update(f).update(await readFile(path.join(migrationsFolder, f)));
  return hash.digest("hex").slice(0, 16);
}

async function openPostgresTestDatabase(serverUrl: string): Promise<Database> {
  const name = `test_${randomUUID().replace(/-/g, "")}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ url: url.toString() });
  } catch (error) {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs one statement (CREATE/DROP DATABASE) on its own short-lived connection to the server. */
export async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
