import { and, asc, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  SEARCH_MESSAGES,
  type CategoryListEntry,
  type DealSummary,
  type GlobalSearchResponse,
  type MenuItem,
} from "../contract";
import type { Db } from "../db/open";
import { basketLines, baskets, categories, deals, menuItems } from "../db/schema";
import { dealSummaries } from "../catalogue/deals";
import { availableFor, menuOf, publicSlug, toMenuItem, type Method } from "../catalogue/menu";
import { ownsBasket } from "../basket/basket";
import type { AuthInfo } from "../context";
import { dbOf, type SharedSource } from "../shared-reads";
import { searchTerms, type SearchTerms } from "./terms";

export interface SearchInput {
  method: Method;
  searchTerm: string;
  itemsPage: number;
  itemsLimit: number;
  categoryPage: number;
  categoriesLimit: number;
}

const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

/**
 * The document the full-text index is built on. It must stay the very expression of menu_items_search_idx
 * (db/schema/catalogue.ts), or PostgreSQL cannot use the index and reads every item.
 */
const itemDocument = sql`to_tsvector('english', ${menuItems.name} || ' ' || coalesce(${menuItems.description}, ''))`;
const tsquery = (expression: string) => sql`to_tsquery('english', ${expression}::text)`;
/**
 * strict_word_similarity(term, name) ≥ pg_trgm.strict_word_similarity_threshold (0.5), answered from the
 * trigram index. Strict: compared with whole words of the name, so "chese" finds Cheese and "piza" Pizza, but
 * "brie" does not find every British item the way plain word similarity (any part of a word) would.
 */
const similarName = (term: string, column: AnyColumn) => sql`${term}::text <<% ${column}`;
const similarity = (term: string, column: AnyColumn) => sql`strict_word_similarity(${term}::text, ${column}) desc`;

/**
 * Below this many full-text hits the search also looks for near misses (a misspelling). Above it the hits are
 * surely what the shopper meant, and the fuzzy matching, which costs far more, would only add noise after them.
 */
export const FUZZY_BELOW = 10;

/**
 * Items of the menu matching the term, for the method only. Full-text hits first: names holding every word
 * before matches in the description only, each group by popularity. When there are few of them (a
 * misspelling), near misses follow: two swapped letters ("mlik"), or a name close by trigram similarity
 * ("chese"), closest first.
 */
async function searchItems(db: Db, menuGroupId: number, terms: SearchTerms, input: SearchInput) {
  const ofMenu = and(eq(menuItems.menuGroupId, menuGroupId), availableFor(input.method));
  const exact = terms.tsquery ? sql`${itemDocument} @@ ${tsquery(terms.tsquery)}` : null;
  const nameHasWords =
    terms.wordPatterns.length > 0
      ? and(...terms.wordPatterns.map((p) => sql`${menuItems.name} ilike ${p}::text`))!
      : sql`false`;
  const page = { limit: input.itemsLimit, offset: (input.itemsPage - 1) * input.itemsLimit };

  const select = (where: SQL, ...orderBy: SQL[]) =>
    db
      .select({
        item: menuItems,
        categorySlugText: categories.slugText,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(menuItems)
      .innerJoin(categories, eq(categories.id, menuItems.categoryId))
      .where(where)
      .orderBy(...orderBy, desc(menuItems.popularity), asc(menuItems.id))
      .limit(page.limit)
      .offset(page.offset);
  const answer = async (rows: Awaited<ReturnType<typeof select>>, where: SQL) => {
    // Past the last page there is no row to carry the window count: count on its own.
    const total = rows[0]?.total ?? (input.itemsPage > 1 ? await countOf(db, menuItems, where) : 0);
    const records: MenuItem[] = rows.map((row) => toMenuItem(row.item, input.method, row.categorySlugText));
    return { records, pagination: pagination(input.itemsPage, input.itemsLimit, total) };
  };

  // The full-text hits (fewer than FUZZY_BELOW by now) by id: ranking them first then costs no to_tsvector per row.
  let exactIds: number[] = [];
  if (exact) {
    const where = and(ofMenu, exact)!;
    const hits = await answer(await select(where, sql`case when ${nameHasWords} then 0 else 1 end`), where);
    if (hits.pagination.total >= FUZZY_BELOW) return hits;
    if (hits.pagination.total > 0)
      exactIds = (await db.select({ id: menuItems.id }).from(menuItems).where(where)).map((row) => row.id);
  }

  // Each way of matching reads its own index; a single OR would recheck every candidate against all of them.
  const nearMisses = [
    terms.swappedTsquery
      ? db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(ofMenu, sql`${itemDocument} @@ ${tsquery(terms.swappedTsquery)}`))
      : null,
    db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(and(ofMenu, similarName(terms.text, menuItems.name))),
  ].filter((query) => query !== null);
  const isExact = inArray(menuItems.id, exactIds);
  const where = or(isExact, sql`${menuItems.id} in (${sql.join(nearMisses, sql` union `)})`)!;
  const rows = await select(
    where,
    // (A bare 0 in ORDER BY would name a column position, hence the spread.)
    ...(exactIds.length > 0 ? [sql`case when ${isExact} then 0 else 1 end`] : []),
    sql`case when ${nameHasWords} then 0 else 1 end`,
    similarity(terms.text, menuItems.name),
  );
  return answer(rows, where);
}

async function countOf(db: Db, table: typeof menuItems | typeof categories, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Categories of the menu whose name contains the term or is close to it, containing ones first. */
async function searchCategories(db: Db, menuGroupId: number, terms: SearchTerms, input: SearchInput) {
  const contains = sql`${categories.name} ilike ${terms.likePattern}::text`;
  const where = and(eq(categories.menuGroupId, menuGroupId), or(contains, similarName(terms.text, categories.name)));
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slugText: categories.slugText,
      description: categories.description,
      image: categories.image,
      itemCount: sql<number>`(count(${menuItems.id}) filter (where ${availableFor(input.method)}))::int`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(menuItems, eq(menuItems.categoryId, categories.id))
    .where(where)
    .groupBy(categories.id)
    .orderBy(
      sql`case when ${contains} then 0 else 1 end`,
      similarity(terms.text, categories.name),
      asc(categories.sortOrder),
      asc(categories.id),
    )
    .limit(input.categoriesLimit)
    .offset((input.categoryPage - 1) * input.categoriesLimit);

  const total = rows[0]?.total ?? (input.categoryPage > 1 ? await countOf(db, categories, where) : 0);
  const records: CategoryListEntry[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: publicSlug(row.slugText, row.id),
    description: row.description,
    image: row.image,
    itemCount: row.itemCount,
  }));
  return { records, pagination: pagination(input.categoryPage, input.categoriesLimit, total) };
}

/** Deals of the menu by name, only those that can be taken for the method: one page, as the spec calls it. */
async function searchDeals(db: Db, menuGroupId: number, terms: SearchTerms, input: SearchInput) {
  const contains = sql`${deals.name} ilike ${terms.likePattern}::text`;
  const rows = await db
    .select()
    .from(deals)
    .where(and(eq(deals.menuGroupId, menuGroupId), or(contains, similarName(terms.text, deals.name))))
    .orderBy(
      sql`case when ${contains} then 0 else 1 end`,
      similarity(terms.text, deals.name),
      asc(deals.sortOrder),
      asc(deals.id),
    );
  const offered: DealSummary[] = (await dealSummaries(db, menuGroupId, rows, input.method)).filter(
    (deal) => deal.available,
  );
  return {
    records: offered.slice(0, input.categoriesLimit),
    pagination: pagination(1, input.categoriesLimit, offered.length),
  };
}

/** POST /api/search/global for a store selling `menuGroupId` (null: a store without a menu finds nothing). */
export async function globalSearch(
  db: Db,
  menuGroupId: number | null,
  input: SearchInput,
): Promise<GlobalSearchResponse> {
  const terms = searchTerms(input.searchTerm);
  const empty = (page: number, limit: number) => ({ records: [], pagination: pagination(page, limit, 0) });
  // Together: PostgreSQL answers them on separate connections (PGlite takes them one at a time anyway).
  const [menuItemsFound, categoriesFound, dealsFound] =
    menuGroupId === null
      ? [
          empty(input.itemsPage, input.itemsLimit),
          empty(input.categoryPage, input.categoriesLimit),
          empty(1, input.categoriesLimit),
        ]
      : await Promise.all([
          searchItems(db, menuGroupId, terms, input),
          searchCategories(db, menuGroupId, terms, input),
          searchDeals(db, menuGroupId, terms, input),
        ]);
  const totals = {
    deals: dealsFound.pagination.total,
    categories: categoriesFound.pagination.total,
    menuItems: menuItemsFound.pagination.total,
  };
  const nothing = totals.deals + totals.categories + totals.menuItems === 0;
  return {
    deals: dealsFound,
    categories: categoriesFound,
    menuItems: menuItemsFound,
    totals,
    noItemFoundHint: nothing ? { label: SEARCH_MESSAGES.noItemFoundHint } : null,
  };
}

export const RECOMMENDED_LIMIT = 12;

/**
 * The item ids already in the basket, when the basket is the caller's: a token from someone else's
 * session is ignored rather than refused, so it cannot be used to learn what another basket holds.
 */
async function itemsInBasket(
  db: Db,
  basketToken: string | null | undefined,
  auth: AuthInfo | null,
): Promise<Set<number>> {
  if (!basketToken || !auth) return new Set();
  // The basket and its lines in one query: a row per line, or one with no item for a basket without lines.
  const rows = await db
    .select({ ownerFamily: baskets.ownerFamily, memberId: baskets.memberId, itemId: basketLines.menuItemId })
    .from(baskets)
    .leftJoin(basketLines, eq(basketLines.basketToken, baskets.token))
    .where(eq(baskets.token, basketToken));
  const [basket] = rows;
  if (!basket || !ownsBasket(basket, auth)) return new Set();
  return new Set(rows.flatMap((row) => (row.itemId === null ? [] : [row.itemId])));
}

/** POST /api/items/recommended: the menu's top sellers for the method, leaving out what the basket holds. */
export async function recommendedItems(
  shared: SharedSource,
  menuGroupId: number | null,
  input: { method: Method; basketToken?: string | null; auth: AuthInfo | null },
): Promise<MenuItem[]> {
  if (menuGroupId === null) return [];
  // The menu, ranked once, from memory (decision record 0028); only the basket is read.
  const [inBasket, menu] = await Promise.all([
    itemsInBasket(dbOf(shared), input.basketToken, input.auth),
    menuOf(shared, menuGroupId),
  ]);
  const picked: MenuItem[] = [];
  for (const item of menu.byPopularity(input.method)) {
    if (picked.length === RECOMMENDED_LIMIT) break;
    if (!inBasket.has(item.id)) picked.push(menu.menuItem(item, input.method));
  }
  return picked;
}
