import { sql } from "drizzle-orm";
import type { Tx } from "../open";
import { banners, type menuItems } from "../schema";
import { catalogueRows, demoBanners, itemIdLookup } from "./catalogue";
import type { SeedBanner } from "./catalogue-data";
import { menuGroupForProductTypes } from "./catalogue-data";
import { demoStores } from "./stores";

/** The menu a banner's items come from: its own, or the menu of the one store it belongs to. */
function bannerMenuGroup(banner: SeedBanner): number {
  if (banner.menuGroupId !== undefined) return banner.menuGroupId;
  const store = demoStores.find((s) => s.id === banner.storeId);
  const menuGroupId = store ? menuGroupForProductTypes(store.productTypes) : null;
  if (menuGroupId === null) throw new Error(`banner ${banner.title}: store ${banner.storeId} sells no menu`);
  return menuGroupId;
}

export function bannerRows(
  itemRows: readonly (typeof menuItems.$inferInsert)[] = catalogueRows().itemRows,
  seedBanners: readonly SeedBanner[] = demoBanners,
): (typeof banners.$inferInsert)[] {
  const itemId = itemIdLookup(itemRows);
  return seedBanners.map((banner, index) => ({
    id: banner.id,
    menuGroupId: banner.menuGroupId ?? null,
    storeId: banner.storeId ?? null,
    categoryId: banner.categoryId ?? null,
    kind: banner.kind,
    slugText: banner.slugText,
    title: banner.title,
    body: banner.body,
    image: banner.image,
    displaySeconds: banner.displaySeconds ?? null,
    associatedItemIds: banner.items.map((name) => itemId(bannerMenuGroup(banner), name, `banner ${banner.title}`)),
    availableForDelivery: banner.delivery ?? true,
    availableForCollection: banner.collection ?? true,
    sortOrder: index + 1,
  }));
}

/** The demo banners. Runs after the catalogue. */
export async function seedBanners(tx: Tx): Promise<number> {
  // A store's own banners belong to no menu, so deleting the menus (reseed) leaves them behind.
  await tx.delete(banners);
  const rows = bannerRows();
  await tx.insert(banners).values(rows);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('banners', 'id'), (select coalesce(max(id), 0) + 1 from banners), false)`,
  );
  return rows.length;
}
