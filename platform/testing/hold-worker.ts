/**
 * One process of the multi-process hold test: `node --import tsx platform/testing/hold-worker.ts`.
 *
 * Reads one JSON line from stdin ({databaseUrl, now, shoppers, target}), opens the shared PostgreSQL
 * database, builds a platform with its clock fixed at `now`, prints "ready", waits for a "go" line so that
 * every process starts firing together, runs its share of the storm and prints the result as one JSON line.
 */
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { controllableClock } from "../contract";
import { openDatabase } from "../db/open";
import { createPlatform } from "../http";
import { jsonLogger } from "../logger";
import { runHoldStorm, type HoldTarget, type Shopper } from "./hold-storm";

interface WorkerInput {
  databaseUrl: string;
  now: string;
  shoppers: Shopper[];
  target: HoldTarget;
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => {
  const { value, done } = await lines.next();
  if (done) throw new Error("stdin closed early");
  return value as string;
};

const input = JSON.parse(await next()) as WorkerInput;
const database = await openDatabase({ url: input.databaseUrl });
try {
  const platform = createPlatform({
    db: database.db,
    clock: controllableClock(input.now),
    // Errors to stderr: stdout carries only the protocol lines.
    log: jsonLogger({ worker: process.pid }, (line) => process.stderr.write(line + "\n")),
    config: {
      contentDir: fileURLToPath(new URL("../../content", import.meta.url)),
      accessTokenSeconds: 3600,
      refreshTokenSeconds: 3600,
    },
  });
  process.stdout.write("ready\n");
  if ((await next()).trim() !== "go") throw new Error("expected go");
  const result = await runHoldStorm({ fetch: platform.fetch, shoppers: input.shoppers, target: input.target });
  process.stdout.write(JSON.stringify(result) + "\n");
} finally {
  await database.close();
  process.stdin.destroy();
}
