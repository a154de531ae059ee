import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./open";

/**
 * One housekeeping batch (platform/housekeeping.ts, decision 0043): deletes at most `limit` rows of `table` that `over`
 * says can never be read as live again, and answers how many went. The rows are chosen FOR UPDATE SKIP LOCKED, so a
 * row a request holds is left to a later pass and the purge never waits; `over` is checked again as they are deleted.
 * `key` names the columns that tell one row from another (the table's primary key). Each table's owning module says
 * what "over" means for its rows (decision 0016); this only deletes them.
 */
export async function purgeBatch(
  db: Db,
  table: PgTable,
  key: readonly [PgColumn, ...PgColumn[]],
  over: SQL,
  limit: number,
): Promise<number> {
  const columns = Object.fromEntries(key.map((column, index) => [`key${index}`, column]));
  const chosen = db.select(columns).from(table).where(over).limit(limit).for("update", { of: table, skipLocked: true });
  const tuple = sql.join(
    key.map((column) => sql`${column}`),
    sql`, `,
  );
  const deleted = await db
    .delete(table)
    .where(sql`(${tuple}) in (${chosen}) and ${over}`)
    .returning({ key: key[0] });
  return deleted.length;
}
