/**
 * Shows or changes the business's settings in the database the server would open (scripts/settings-command.ts).
 *   npm run settings
 *   npm run settings -- white-label '{"collectionSearchRadiusKm":8}'
 *   npm run settings -- business-profile '{"hideReferralUI":true}'
 */
import path from "node:path";
import { systemClock } from "#contract";
import { openDatabase, type DatabaseTarget } from "../platform/db/open";
import { runSettingsCommand } from "./settings-command";

const databaseUrl = process.env.DATABASE_URL?.trim();
const dataDir = path.join(process.env.DATA_DIR?.trim() || ".data", "pglite");
const target: DatabaseTarget = databaseUrl ? { url: databaseUrl } : { dataDir };

const database = await openDatabase(target);
try {
  const answer = await runSettingsCommand(database.db, systemClock(), process.argv.slice(2));
  (answer.code === 0 ? console.log : console.error)(answer.output);
  process.exitCode = answer.code;
} finally {
  await database.close();
}
