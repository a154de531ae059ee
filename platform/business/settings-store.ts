import type { Db } from "../db/open";
import { settings } from "../db/schema";
import { dbOf, sharedRead, type SharedSource } from "../shared-reads";

/** Keys of the rows in `settings` that hold business-wide overrides of the defaults in code. */
export const SETTINGS_KEYS = { businessProfile: "business_profile", whiteLabel: "white_label" } as const;
type SettingsKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

/** The stored overrides for one key, or an empty object when the business has changed nothing. */
export async function readOverrides(source: SharedSource, key: SettingsKey): Promise<Record<string, unknown>> {
  // Every key is read at once and kept while the shared data is unchanged (decision record 0028); a copy is handed
  // out, as callers lay defaults over it.
  const all = await sharedRead(source, "settings", async () => {
    const rows = await dbOf(source).select({ key: settings.key, value: settings.value }).from(settings);
    return new Map(rows.map((row) => [row.key, row.value]));
  });
  const value = all.get(key);
  return value && typeof value === "object" && !Array.isArray(value)
    ? structuredClone(value as Record<string, unknown>)
    : {};
}

/** Replaces the stored overrides for one key. */
export async function writeOverrides(
  db: Db,
  key: SettingsKey,
  value: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
