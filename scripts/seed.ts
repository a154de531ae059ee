/**
 * Seeds the demo brand into the database the server would open.
 *   npm run seed              seeds only if there are no stores yet
 *   npm run seed -- --reset   replaces all stores and postcodes with the demo data (same ids every time)
 */
import { openDatabase, type DatabaseTarget } from "../platform/db/open";
import { demoSummary, reseed, seedIfEmpty } from "../platform/db/seed";
import path from "node:path";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--reset");
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(" ")}. Usage: npm run seed [-- --reset]`);
  process.exit(2);
}
const reset = args.includes("--reset");

const databaseUrl = process.env.DATABASE_URL?.trim();
const dataDir = path.join(process.env.DATA_DIR?.trim() || ".data", "pglite");
const target: DatabaseTarget = databaseUrl ? { url: databaseUrl } : { dataDir };
// Never print the URL itself: it may carry a password.
const where = databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${dataDir}`;

const summary =
  `${demoSummary.stores} stores, ${demoSummary.orderMethods} order methods, ` +
  `${demoSummary.holidays} holidays, ${demoSummary.postcodes} postcodes`;

const database = await openDatabase(target);
try {
  if (reset) {
    await reseed(database.db);
    console.log(`Reseeded ${where}: ${summary}.`);
  } else if (await seedIfEmpty(database.db)) {
    console.log(`Seeded ${where}: ${summary}.`);
  } else {
    console.log(
      `${where} already has stores; left as it is. Use \`npm run seed -- --reset\` to replace them with the demo data.`,
    );
  }
} catch (error) {
  console.error(`Seeding ${where} failed:`, error);
  process.exitCode = 1;
} finally {
  await database.close();
}
