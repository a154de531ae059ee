/** One size of an item as written in the data files: name, price in pence, then the member price when there is one. */
export type SeedSize = readonly [name: string, pricePence: number, memberPricePence?: number];

/** An option group as written in the data files; ids are given by the seed, from the item's id. */
export interface SeedOptionGroup {
  name: string;
  /** The shopper picks at least `min` and at most `max` options. */
  min: number;
  max: number;
  options: readonly (readonly [name: string, pricePence: number])[];
}

/** What can differ from the plain case for one item; absent means the usual value. */
export interface SeedItemOptions {
  /** A member deal: the price for members of the store's membership scheme. */
  member?: number;
  /** false when the item cannot be delivered (hot at the counter, ice …). */
  delivery?: boolean;
  /** false when the item cannot be collected. */
  collection?: boolean;
  /** Overrides the category's alcohol flag (an alcohol-free beer among the beers). */
  alcohol?: boolean;
  /** Minimum age to buy; null lifts the category's restriction. */
  age?: number | null;
  /**
   * The sizes the item comes in, smallest first. The item's own price (and member price) is its first size's,
   * so lists can say "from".
   */
  sizes?: readonly SeedSize[];
  optionGroups?: readonly SeedOptionGroup[];
  /** Units sold recently: the top sellers shown as recommended items. */
  popularity?: number;
}

/** One item as written in the data files: name, price in pence, description, then any exceptions. */
export type SeedItem = readonly [name: string, pricePence: number, description: string, options?: SeedItemOptions];

export interface SeedCategory {
  /** Written explicitly: category ids appear in public URLs, so a reseed must give the same ones. */
  id: number;
  slugText: string;
  name: string;
  description: string;
  /** Path under public/, e.g. "/catalogue/dairy.svg". */
  image: string;
  /** Every item of the category is alcohol and sold to adults only, unless an item says otherwise. */
  alcohol?: boolean;
  items: readonly SeedItem[];
}

export interface SeedMenuGroup {
  id: number;
  name: string;
  categories: readonly SeedCategory[];
}

/** One part of a deal: `quantity` items picked from the named items of the same menu. */
export interface SeedDealSection {
  name: string;
  quantity: number;
  items: readonly string[];
}

export interface SeedDeal {
  /** Written explicitly: deal ids appear in public URLs. */
  id: number;
  menuGroupId: number;
  slugText: string;
  name: string;
  description: string;
  image: string;
  pricePence: number;
  sections: readonly SeedDealSection[];
  delivery?: boolean;
  collection?: boolean;
}

export interface SeedBanner {
  /** Written explicitly: banner ids appear in public URLs and in basket lines (bannerAdvertId). */
  id: number;
  /** Exactly one of menuGroupId (every store selling that menu) and storeId (one store). */
  menuGroupId?: number;
  storeId?: number;
  /** Narrows the banner to one category page. */
  categoryId?: number;
  kind: "primary" | "secondary";
  slugText: string;
  title: string;
  body: string;
  image: string;
  displaySeconds?: number;
  /** Item names, looked up in the banner's menu. */
  items: readonly string[];
  delivery?: boolean;
  collection?: boolean;
}
