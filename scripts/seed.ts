/**
 * Seeds the demo brand into the database the server would open.
 *   npm run seed              seeds only if there are no stores yet
 *   npm run seed -- --reset   replaces all stores and postcodes with the demo data (same ids every time)
 */
import { databaseTarget, openDatabase } from "../platform/db/open";
import { demoSummary, reseed, seedIfEmpty } from "../platform/db/seed";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--reset");
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(" ")}. Usage: npm run seed [-- --reset]`);
  process.exit(2);
}
const reset = args.includes("--reset");

const target = databaseTarget({
  databaseUrl: process.env.DATABASE_URL?.trim(),
  dataDir: process.env.DATA_DIR?.trim() || ".data",
});
// Never print the URL itself: it may carry a password.
const where = "dataDir" in target ? `PGlite at ${target.dataDir}` : "PostgreSQL (DATABASE_URL)";

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
