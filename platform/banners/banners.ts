import { eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { BANNER_MESSAGES, type Banner } from "../contract";
import type { Tx } from "../db/open";
import { bannerEvents, banners } from "../db/schema";
import { ApiError } from "../errors";
import { inOrder, menuItemsById, publicSlug, type Method } from "../catalogue/menu";
import { dbOf, sharedRead, type SharedSource } from "../shared-reads";
import { storeDirectory } from "../stores/directory";

type BannerRow = typeof banners.$inferSelect;

export interface BannerStore {
  id: number;
  menuGroupId: number | null;
}

/**
 * The store a banner call is for. The id is checked here rather than by the schema, so that a zero or
 * negative one answers the spec's own message (spec 1 §5) instead of a generic validation error.
 */
export async function bannerStore(db: SharedSource, storeId: number): Promise<BannerStore> {
  if (!Number.isInteger(storeId) || storeId <= 0) throw new ApiError(400, BANNER_MESSAGES.invalidStoreId);
  const store = (await storeDirectory(db)).byId.get(storeId);
  if (!store) throw new ApiError(404, BANNER_MESSAGES.storeNotFound);
  return { id: store.id, menuGroupId: store.menuGroupId };
}

/** Banners a store shows: those of its menu and its own. */
function shownBy(store: BannerStore): SQL {
  const own = eq(banners.storeId, store.id);
  return store.menuGroupId === null ? own : or(eq(banners.menuGroupId, store.menuGroupId), own)!;
}

const offeredFor = (row: BannerRow, method: Method) =>
  method === "delivery" ? row.availableForDelivery : row.availableForCollection;

/**
 * Every banner the store shows, held in memory while the shared data is unchanged (decision record 0028): category
 * ones first, then in sort order. Shared by every caller: never change it.
 */
function bannersShownBy(db: SharedSource, store: BannerStore): Promise<readonly BannerRow[]> {
  return sharedRead(db, `banners:${store.id}:${store.menuGroupId}`, async () => {
    const rows = await dbOf(db).select().from(banners).where(shownBy(store));
    const generalLast = (row: BannerRow) => (row.categoryId === null ? 1 : 0);
    return rows.sort((a, b) => generalLast(a) - generalLast(b) || a.sortOrder - b.sortOrder || a.id - b.id);
  });
}

async function toBanners(
  db: SharedSource,
  store: BannerStore,
  rows: readonly BannerRow[],
  method: Method,
): Promise<Banner[]> {
  const items =
    store.menuGroupId === null
      ? new Map()
      : await menuItemsById(
          db,
          store.menuGroupId,
          rows.flatMap((row) => row.associatedItemIds),
          method,
        );
  return rows.map((row) => ({
    id: row.id,
    slug: publicSlug(row.slugText, row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    image: row.image,
    displaySeconds: row.displaySeconds,
    action: { associatedItems: inOrder(row.associatedItemIds, items) },
  }));
}

/**
 * The store's banners for the method: menu-wide and the store's own always, category ones only on their
 * category's page (and first there, being the most relevant).
 */
export async function storeBanners(db: SharedSource, store: BannerStore, method: Method, categoryId: number | null) {
  const rows = (await bannersShownBy(db, store)).filter(
    (row) => offeredFor(row, method) && (row.categoryId === null || row.categoryId === categoryId),
  );
  const all = await toBanners(db, store, rows, method);
  return {
    banners: all.filter((b) => b.kind === "primary"),
    secondaryBanners: all.filter((b) => b.kind === "secondary"),
  };
}

/**
 * One banner the store shows, for its own page. Not narrowed by method: a shopper who switches method on the
 * page still sees it, with each item flagged as orderable or not.
 */
export async function storeBanner(
  db: SharedSource,
  store: BannerStore,
  bannerId: number,
  method: Method,
): Promise<Banner> {
  const row = (await bannersShownBy(db, store)).find((banner) => banner.id === bannerId);
  if (!row) throw new ApiError(404, BANNER_MESSAGES.bannerNotFound);
  const [banner] = await toBanners(db, store, [row], method);
  return banner!;
}

/**
 * Adds one to the day's count of each banner id (duplicates in one call count once; unknown ids are
 * ignored) for the platform and event kind. Answers how many banners it counted.
 */
export async function recordBannerEvents(
  tx: Tx,
  input: { bannerIds: readonly number[]; kind: "display" | "click"; platform: string; now: Date },
): Promise<number> {
  const ids = [...new Set(input.bannerIds)];
  const known = await tx.select({ id: banners.id }).from(banners).where(inArray(banners.id, ids));
  if (known.length === 0) return 0;
  const day = input.now.toISOString().slice(0, 10);
  await tx
    .insert(bannerEvents)
    .values(
      known.map(({ id }) => ({
        bannerId: id,
        kind: input.kind,
        platform: input.platform,
        day,
        count: 1,
        updatedAt: input.now,
      })),
    )
    .onConflictDoUpdate({
      target: [bannerEvents.bannerId, bannerEvents.kind, bannerEvents.platform, bannerEvents.day],
      set: { count: sql`${bannerEvents.count} + 1`, updatedAt: input.now },
    });
  return known.length;
}
