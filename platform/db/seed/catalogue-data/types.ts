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
