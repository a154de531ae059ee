import { CATALOGUE_MESSAGES, type DealSection, type DealSummary } from "../contract";
import type { SharedSource } from "../shared-reads";
import { ApiError } from "../errors";
import { inOrder, menuItemsById, menuOf, publicSlug, type Method } from "./menu";
import type { DealRow } from "./snapshot";

const dealOffered = (row: DealRow, method: Method) =>
  method === "delivery" ? row.availableForDelivery : row.availableForCollection;

/**
 * A deal can be taken for a method when the deal itself is offered for it and every section still has an
 * item that can be ordered for it: otherwise the shopper could never complete it.
 */
function dealAvailable(row: DealRow, method: Method, availableIds: ReadonlySet<number>): boolean {
  return (
    dealOffered(row, method) && row.sections.every((section) => section.itemIds.some((id) => availableIds.has(id)))
  );
}

function toDealSummary(row: DealRow, available: boolean): DealSummary {
  return {
    id: row.id,
    name: row.name,
    slug: publicSlug(row.slugText, row.id),
    description: row.description,
    image: row.image,
    price: row.pricePence,
    available,
  };
}

/** Summaries of the given deal rows (all of one menu), each flagged with whether it can be taken for the method. */
export async function dealSummaries(
  db: SharedSource,
  menuGroupId: number,
  rows: readonly DealRow[],
  method: Method,
): Promise<DealSummary[]> {
  const items = await menuItemsById(
    db,
    menuGroupId,
    rows.flatMap((row) => row.sections.flatMap((s) => s.itemIds)),
    method,
  );
  const availableIds = new Set([...items.values()].filter((item) => item.available).map((item) => item.id));
  return rows.map((row) => toDealSummary(row, dealAvailable(row, method, availableIds)));
}

/** A menu's deals in menu order. */
export async function listMenuDeals(
  db: SharedSource,
  menuGroupId: number | null,
  method: Method,
): Promise<DealSummary[]> {
  if (menuGroupId === null) return [];
  return dealSummaries(db, menuGroupId, (await menuOf(db, menuGroupId)).deals, method);
}

/** One deal of the menu with the items of each section; 404 when the deal is not on that menu. */
export async function menuDeal(db: SharedSource, menuGroupId: number | null, dealId: number, method: Method) {
  if (menuGroupId === null) throw new ApiError(404, CATALOGUE_MESSAGES.dealNotFound);
  const row = (await menuOf(db, menuGroupId)).deals.find((deal) => deal.id === dealId);
  if (!row) throw new ApiError(404, CATALOGUE_MESSAGES.dealNotFound);
  const items = await menuItemsById(
    db,
    menuGroupId,
    row.sections.flatMap((s) => s.itemIds),
    method,
  );
  const availableIds = new Set([...items.values()].filter((item) => item.available).map((item) => item.id));
  const sections: DealSection[] = row.sections.map((section) => ({
    id: section.id,
    name: section.name,
    quantity: section.quantity,
    items: inOrder(section.itemIds, items),
  }));
  return { ...toDealSummary(row, dealAvailable(row, method, availableIds)), sections };
}
