/**
 * Shows or changes the business's settings in the database the server would open (scripts/settings-command.ts).
 *   npm run settings
 *   npm run settings -- white-label '{"collectionSearchRadiusKm":8}'
 *   npm run settings -- business-profile '{"hideReferralUI":true}'
 */
import { systemClock } from "#contract";
import { databaseTarget, openDatabase } from "../platform/db/open";
import { runSettingsCommand } from "./settings-command";

const target = databaseTarget({
  databaseUrl: process.env.DATABASE_URL?.trim(),
  dataDir: process.env.DATA_DIR?.trim() || ".data",
});

const database = await openDatabase(target);
try {
  const answer = await runSettingsCommand(database.db, systemClock(), process.argv.slice(2));
  (answer.code === 0 ? console.log : console.error)(answer.output);
  process.exitCode = answer.code;
} finally {
  await database.close();
}
