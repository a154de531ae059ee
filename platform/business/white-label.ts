import type { Clock, WhiteLabelSettings } from "../contract";
import { whiteLabelOverridesSchema, whiteLabelSettingsFromList } from "../contract";
import type { Db } from "../db/open";
import type { SharedSource } from "../shared-reads";
import { SETTINGS_KEYS, readOverrides, writeOverrides } from "./settings-store";

/**
 * The typed white-label settings for platform code: the contract's defaults with the business's stored
 * overrides. A stored value that no longer fits its key's type falls back to the default.
 */
export async function getWhiteLabelSettings(db: SharedSource): Promise<WhiteLabelSettings> {
  const overrides = await readOverrides(db, SETTINGS_KEYS.whiteLabel);
  return whiteLabelSettingsFromList(Object.entries(overrides).map(([key, value]) => ({ key, value })));
}

/** Stores the business's overrides (replacing earlier ones); unknown keys and wrong types are refused. */
export async function saveWhiteLabelOverrides(
  db: Db,
  clock: Clock,
  overrides: Partial<WhiteLabelSettings>,
): Promise<void> {
  const valid = whiteLabelOverridesSchema.parse(overrides);
  await writeOverrides(db, SETTINGS_KEYS.whiteLabel, valid, clock.now());
}
