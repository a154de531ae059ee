import { z } from "zod";
import { endpoint } from "./endpoint";
import { categoryListEntrySchema, dealSummarySchema, menuItemSchema } from "./catalogue";

const id = z.number().int().positive().max(2_147_483_647);
const method = z.enum(["delivery", "collection"]).default("delivery");

/** Spec 1 §9: 24 items and 200 categories a page. */
export const SEARCH_ITEMS_LIMIT = 24;
export const SEARCH_CATEGORIES_LIMIT = 200;
export { SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES, SEARCH_MIN_CHARS } from "./catalogue-rules";

export const searchPaginationSchema = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type SearchPagination = z.infer<typeof searchPaginationSchema>;

const results = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), pagination: searchPaginationSchema });

export const globalSearchResponseSchema = z.object({
  deals: results(dealSummarySchema),
  categories: results(categoryListEntrySchema),
  menuItems: results(menuItemSchema),
  totals: z.object({
    deals: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
    menuItems: z.number().int().nonnegative(),
  }),
  /** A hint when nothing matched (spec 1 §3: noItemFoundHint.label); null when something did. */
  noItemFoundHint: z.object({ label: z.string() }).nullable(),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;

/**
 * Item search in one store's menu: full-text on names and descriptions plus trigram similarity on names, so a
 * misspelling ("chese") still finds cheese. Items not sold for the method are left out.
 */
export const globalSearch = endpoint({
  method: "POST",
  path: "/api/search/global",
  auth: "token",
  request: z.object({
    storeId: id,
    fulfilmentMethod: method,
    searchTerm: z.string().trim().min(1).max(100),
    itemsPage: z.number().int().positive().max(10_000).default(1),
    categoryPage: z.number().int().positive().max(10_000).default(1),
    itemsLimit: z.number().int().positive().max(100).default(SEARCH_ITEMS_LIMIT),
    categoriesLimit: z.number().int().positive().max(SEARCH_CATEGORIES_LIMIT).default(SEARCH_CATEGORIES_LIMIT),
  }),
  response: globalSearchResponseSchema,
});

/** Top sellers of the store's menu for the method, leaving out what is already in the basket. */
export const recommendedItems = endpoint({
  method: "POST",
  path: "/api/items/recommended",
  auth: "token",
  request: z.object({ storeId: id, basketToken: z.string().max(128).nullish(), fulfilmentMethod: method }),
  response: z.object({ topSellingItems: z.array(menuItemSchema) }),
});
