import { z } from "zod";
import { endpoint } from "./endpoint";

/** Ids arrive as JSON numbers; a slug's trailing number is parsed by the caller before it gets here. */
const id = z.number().int().positive().max(2_147_483_647);
const pence = z.number().int().nonnegative();

/** Browsing defaults to delivery, as the storefront does (spec 1 §9). */
const browseMethod = z.enum(["delivery", "collection"]).default("delivery");

export const categorySummarySchema = z.object({
  id,
  name: z.string(),
  /** `${slugText}-${id}`: the id is the number after the last dash. */
  slug: z.string(),
  description: z.string().nullable(),
  /** A site path ("/catalogue/dairy.svg") or an absolute URL; null when the category has none. */
  image: z.string().nullable(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const categoryListEntrySchema = categorySummarySchema.extend({
  /** Items of the category that can be ordered for the requested method. */
  itemCount: z.number().int().nonnegative(),
});
export type CategoryListEntry = z.infer<typeof categoryListEntrySchema>;

export const itemSizeSchema = z.object({ id, name: z.string(), price: pence, memberPrice: pence.nullable() });
export type ItemSize = z.infer<typeof itemSizeSchema>;

export const itemOptionGroupSchema = z.object({
  id,
  name: z.string(),
  /** The shopper picks at least minChoices and at most maxChoices options (1 and 1: exactly one, a radio group). */
  minChoices: z.number().int().nonnegative(),
  maxChoices: z.number().int().positive(),
  options: z.array(z.object({ id, name: z.string(), price: pence })),
});
export type ItemOptionGroup = z.infer<typeof itemOptionGroupSchema>;

export const menuItemSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Pence. */
  price: pence,
  /** Pence, for members of the store's membership scheme; null when there is no member price. */
  memberPrice: pence.nullable(),
  image: z.string().nullable(),
  isAlcohol: z.boolean(),
  /** Minimum age to buy; null when none. */
  ageRestriction: z.number().int().positive().nullable(),
  availableForDelivery: z.boolean(),
  availableForCollection: z.boolean(),
  /** Whether it can be ordered for the requested fulfilment method. */
  available: z.boolean(),
  /** The item's category: its page is /stores/{store}/category/{categorySlug}/menuItem/{slug}. */
  categoryId: id,
  categorySlug: z.string(),
  /** Empty when the item comes in one size; otherwise one must be chosen and its price replaces `price`. */
  sizes: z.array(itemSizeSchema),
  optionGroups: z.array(itemOptionGroupSchema),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const categoryPaginationSchema = z.object({
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type CategoryPagination = z.infer<typeof categoryPaginationSchema>;

export const CATEGORY_PAGE_SIZE_DEFAULT = 48;
export const CATEGORY_PAGE_SIZE_MAX = 100;

export const listCategories = endpoint({
  method: "POST",
  path: "/api/menu/categories",
  auth: "token",
  request: z.object({ storeId: id, fulfilmentMethod: browseMethod }),
  response: z.object({
    /** Null when the store has no menu; its category list is then empty. */
    menuGroupId: id.nullable(),
    categories: z.array(categoryListEntrySchema),
  }),
});

export const getCategory = endpoint({
  method: "POST",
  path: "/api/menu/category",
  auth: "token",
  request: z.object({
    storeId: id,
    categoryId: id,
    fulfilmentMethod: browseMethod,
    page: z.number().int().positive().max(100_000).default(1),
    pageSize: z.number().int().positive().max(CATEGORY_PAGE_SIZE_MAX).default(CATEGORY_PAGE_SIZE_DEFAULT),
  }),
  response: z.object({
    category: categorySummarySchema,
    /** Every item of the category in menu order, each flagged with whether it can be ordered for the method. */
    items: z.array(menuItemSchema),
    pagination: categoryPaginationSchema,
  }),
});

export const getMenuItem = endpoint({
  method: "POST",
  path: "/api/menu/item",
  auth: "token",
  request: z.object({ storeId: id, menuItemId: id, fulfilmentMethod: browseMethod }),
  response: z.object({
    item: menuItemSchema,
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Deals: the multi-section discount
// ---------------------------------------------------------------------------------------------------------

export const dealSummarySchema = z.object({
  id,
  name: z.string(),
  /** `${slugText}-${id}`. */
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  /** Pence for one complete deal. */
  price: pence,
  available: z.boolean(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const dealSectionSchema = z.object({
  id,
  name: z.string(),
  /** How many items of the section one deal takes. */
  quantity: z.number().int().positive(),
  items: z.array(menuItemSchema),
});
export type DealSection = z.infer<typeof dealSectionSchema>;

export const listDeals = endpoint({
  method: "POST",
  path: "/api/menu/deals",
  auth: "token",
  request: z.object({ storeId: id, fulfilmentMethod: browseMethod }),
  response: z.object({ deals: z.array(dealSummarySchema) }),
});

export const getDeal = endpoint({
  method: "POST",
  path: "/api/menu/deal",
  auth: "token",
  request: z.object({ storeId: id, dealId: id, fulfilmentMethod: browseMethod }),
  response: z.object({ deal: dealSummarySchema.extend({ sections: z.array(dealSectionSchema) }) }),
});

export const CATALOGUE_MESSAGES = {
  storeNotFound: "Store not found.",
  categoryNotFound: "Category not found.",
  itemNotAvailable: "Item is no longer available.",
  dealNotFound: "Deal not found.",
} as const;
