import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./open";

/*
 * Statements a shopper's every page runs (issue 40), built once per database handle and prepared under a name, rather
 * than built afresh by drizzle on each call: building the SQL cost about as much CPU as PGlite then spent running it
 * (a basket row read by its key: 0.64 → 0.32 ms). A name stands for one statement's text: one builder per name.
 * Inside a transaction the statement is built for that transaction each time.
 */

const prepared = new WeakMap<Db, Map<string, unknown>>();

export function preparedOn<T>(db: Db, name: string, build: (db: Db) => T): T {
  // The transaction check as shared-reads.ts sharesReads makes it.
  if ((db as unknown) instanceof PgTransaction) return build(db);
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
