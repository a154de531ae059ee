import { describe, expect, it } from "vitest";
import {
  whiteLabelEntrySchema,
  whiteLabelKeys,
  whiteLabelSettingsFromList,
  whiteLabelSettingsSchema,
  whiteLabelSettingsToList,
} from "../contract";

describe("white-label settings list", () => {
  const defaults = whiteLabelSettingsSchema.parse({});

  it("fills every missing key with its default", () => {
    expect(whiteLabelSettingsFromList([])).toEqual(defaults);
    expect(whiteLabelSettingsFromList([{ key: "autoSelectClosestStore", value: true }])).toEqual({
      ...defaults,
      autoSelectClosestStore: true,
    });
  });

  it("ignores unknown keys and values of the wrong type", () => {
    const typed = whiteLabelSettingsFromList([
      { key: "fromANewerPlatform", value: 1 },
      { key: "searchTabEnabled", value: "yes" },
      { key: "storeSearchMode", value: "map" },
      { key: "toString", value: "x" },
    ]);
    expect(typed).toEqual(defaults);
  });

  it("round-trips through the list in definition order", () => {
    const list = whiteLabelSettingsToList({ ...defaults, deviceLocationLookup: "addresses" });
    expect(list.map((e) => e.key)).toEqual(whiteLabelKeys);
    expect(whiteLabelSettingsFromList(list)).toEqual({ ...defaults, deviceLocationLookup: "addresses" });
  });

  it("types each entry's value by its key", () => {
    expect(whiteLabelEntrySchema.safeParse({ key: "collectionSearchRadiusKm", value: 10 }).success).toBe(true);
    expect(whiteLabelEntrySchema.safeParse({ key: "collectionSearchRadiusKm", value: "10" }).success).toBe(false);
    expect(whiteLabelEntrySchema.safeParse({ key: "deviceLocationLookup", value: "addresses" }).success).toBe(true);
    expect(whiteLabelEntrySchema.safeParse({ key: "deviceLocationLookup", value: "address" }).success).toBe(false);
    expect(whiteLabelEntrySchema.safeParse({ key: "unknown", value: true }).success).toBe(false);
  });
});
