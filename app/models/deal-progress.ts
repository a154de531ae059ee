/** A deal section as the deal page has it: its items, and how many of them one deal takes. */
export interface ProgressSection {
  id: number;
  name: string;
  quantity: number;
  items: readonly { id: number }[];
}

export interface SectionProgress {
  id: number;
  name: string;
  /** How many items of the section one deal takes. */
  quantity: number;
  /** How many of them the basket already holds towards the next deal. */
  chosen: number;
}

/**
 * How far the basket is through the next one of a multi-section deal, section by section. Units the completed deals
 * use are set aside first (each deal takes `quantity` from each section, sections in their order, as the platform's
 * pricing does); what is left fills the sections of the next deal in order, a unit counting once.
 */
export function dealProgress(
  sections: readonly ProgressSection[],
  lines: readonly { menuItemId: number; quantity: number }[],
  completedTimes: number,
): SectionProgress[] {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.menuItemId, (units.get(line.menuItemId) ?? 0) + line.quantity);
  const take = (section: ProgressSection, wanted: number): number => {
    let got = 0;
    for (const item of section.items) {
      if (got >= wanted) break;
      const have = units.get(item.id) ?? 0;
      const used = Math.min(have, wanted - got);
      if (used > 0) units.set(item.id, have - used);
      got += used;
    }
    return got;
  };
  for (let i = 0; i < completedTimes; i++) for (const section of sections) take(section, section.quantity);
  return sections.map((section) => ({
    id: section.id,
    name: section.name,
    quantity: section.quantity,
    chosen: take(section, section.quantity),
  }));
}

/** A section's progress in words: "2 of 2 chosen" or "1 of 2 chosen: choose 1 more". */
export function sectionProgressText(section: Pick<SectionProgress, "quantity" | "chosen">): string {
  const left = section.quantity - section.chosen;
  return left > 0
    ? `${section.chosen} of ${section.quantity} chosen: choose ${left} more`
    : `${section.chosen} of ${section.quantity} chosen`;
}
