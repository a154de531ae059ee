import type { WeeklyHours } from "../../db/schema";

/** Opening-hours builders for the open-state and slot-engine tests. */
export type Range = { open: string; close: string };

export const week = (days: Partial<Record<keyof WeeklyHours, Range[]>>): WeeklyHours => ({
  "1": [],
  "2": [],
  "3": [],
  "4": [],
  "5": [],
  "6": [],
  "7": [],
  ...days,
});

export const everyDay = (...ranges: Range[]) =>
  week({ "1": ranges, "2": ranges, "3": ranges, "4": ranges, "5": ranges, "6": ranges, "7": ranges });

export const ALWAYS = everyDay({ open: "00:00", close: "24:00" });
