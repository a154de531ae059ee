/**
 * Imports a postcode file into the postcode table of the database the server would open.
 *   npm run import:postcodes -- FILE.csv
 * FILE is an ONS Postcode Directory CSV (header row; pcds, lat, long, doterm …) or an OS Code-Point Open CSV
 * (no header; National Grid eastings and northings, converted to WGS84 here). Existing postcodes are updated.
 */
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { databaseTarget, openDatabase } from "../platform/db/open";
import { importPostcodeLines, type ImportCounts } from "../platform/location/postcode-import";

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith("-")) {
  console.error("Usage: npm run import:postcodes -- FILE.csv  (an ONS Postcode Directory or Code-Point Open CSV)");
  process.exit(2);
}
const file = path.resolve(args[0]!);
try {
  await access(file);
} catch {
  console.error(`Cannot read ${file}`);
  process.exit(2);
}

const target = databaseTarget({
  databaseUrl: process.env.DATABASE_URL?.trim(),
  dataDir: process.env.DATA_DIR?.trim() || ".data",
});
// Never print the URL itself: it may carry a password.
const where = "dataDir" in target ? `PGlite at ${target.dataDir}` : "PostgreSQL (DATABASE_URL)";

const describe = (c: ImportCounts) =>
  `${c.read} rows read, ${c.imported} imported, ${c.skipped.terminated + c.skipped.noCoordinates + c.skipped.invalid} skipped ` +
  `(${c.skipped.terminated} terminated, ${c.skipped.noCoordinates} without coordinates, ${c.skipped.invalid} not a postcode)`;

const database = await openDatabase(target);
try {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let lastReport = 0;
  const counts = await importPostcodeLines(database.db, lines, {
    onBatch: (c) => {
      // A progress line every 100,000 rows: the full directory takes minutes.
      if (c.read - lastReport >= 100_000) {
        lastReport = c.read;
        console.log(`… ${describe(c)}`);
      }
    },
  });
  console.log(
    `Imported ${path.basename(file)} (${counts.format === "onspd" ? "ONS Postcode Directory" : "Code-Point Open"}) ` +
      `into ${where}: ${describe(counts)}.`,
  );
} catch (error) {
  console.error(
    `Importing ${path.basename(file)} into ${where} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
