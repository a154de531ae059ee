/**
 * What `npm run settings` does (scripts/settings.ts opens the database and prints the answer). The business's
 * settings are overrides of the defaults in code, served by GET /api/business/profile and /api/whiteLabel/settings:
 *   (no arguments)               both sets of overrides, as stored
 *   white-label JSON             merges JSON into the white-label overrides (checked against the contract first)
 *   business-profile JSON        the same for the business profile
 *   white-label --clear          removes every white-label override (the defaults apply again); likewise business-profile
 * A refused change writes nothing and names the bad keys. Running instances read the change on their next request
 * (the shared data's version moves), without a restart.
 */
import type { Clock } from "#contract";
import type { Db } from "../platform/db/open";
import { saveBusinessProfileOverrides } from "../platform/business/profile";
import { SETTINGS_KEYS, readOverrides } from "../platform/business/settings-store";
import { saveWhiteLabelOverrides } from "../platform/business/white-label";

export const SETTINGS_USAGE = [
  "Usage: npm run settings                                   show the stored overrides",
  "       npm run settings -- white-label '{\"key\":value}'      merge white-label overrides",
  "       npm run settings -- business-profile '{\"key\":value}' merge business profile overrides",
  "       npm run settings -- white-label|business-profile --clear",
].join("\n");

const SETS = {
  "white-label": { key: SETTINGS_KEYS.whiteLabel, save: saveWhiteLabelOverrides },
  "business-profile": { key: SETTINGS_KEYS.businessProfile, save: saveBusinessProfileOverrides },
} as const;

export interface SettingsAnswer {
  code: 0 | 1 | 2;
  output: string;
}

export async function runSettingsCommand(db: Db, clock: Clock, args: readonly string[]): Promise<SettingsAnswer> {
  if (args.length === 0) {
    const shown = await Promise.all(
      Object.entries(SETS).map(
        async ([name, set]) => `${name}: ${JSON.stringify(await readOverrides(db, set.key), null, 2)}`,
      ),
    );
    return { code: 0, output: shown.join("\n") };
  }
  const [name, value, ...rest] = args;
  const set = SETS[name as keyof typeof SETS];
  if (!set || value === undefined || rest.length > 0) return { code: 2, output: SETTINGS_USAGE };
  if (value === "--clear") {
    await set.save(db, clock, {});
    return { code: 0, output: `${name}: every override removed; the defaults apply.` };
  }
  let change: unknown;
  try {
    change = JSON.parse(value);
  } catch {
    return { code: 2, output: `${name}: the change must be a JSON object, e.g. '{"key":value}'.` };
  }
  if (!change || typeof change !== "object" || Array.isArray(change))
    return { code: 2, output: `${name}: the change must be a JSON object.` };
  const merged = { ...(await readOverrides(db, set.key)), ...change };
  try {
    await set.save(db, clock, merged);
  } catch (error) {
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    const detail =
      issues?.map((issue) => `  ${issue.path.map(String).join(".") || "(object)"}: ${issue.message}`).join("\n") ??
      `  ${String(error)}`;
    return { code: 1, output: `${name}: nothing was changed; refused:\n${detail}` };
  }
  return { code: 0, output: `${name}: ${JSON.stringify(await readOverrides(db, set.key), null, 2)}` };
}
