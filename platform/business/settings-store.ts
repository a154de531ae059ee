import { eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { settings } from "../db/schema";

/** Keys of the rows in `settings` that hold business-wide overrides of the defaults in code. */
export const SETTINGS_KEYS = { businessProfile: "business_profile", whiteLabel: "white_label" } as const;
type SettingsKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

/** The stored overrides for one key, or an empty object when the business has changed nothing. */
export async function readOverrides(db: Db, key: SettingsKey): Promise<Record<string, unknown>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const value = row?.value;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Replaces the stored overrides for one key. */
export async function writeOverrides(db: Db, key: SettingsKey, value: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
