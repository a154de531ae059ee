import { href } from "react-router";

/*
 * The addresses of a store's pages (spec 1 §2 route table), built with React Router's typed href(): a route whose
 * path changes fails the type check here rather than leaving a dead link.
 */

export const storePath = (storeSlug: string) => href("/stores/:storeSlug", { storeSlug });

export const categoryPath = (storeSlug: string, categorySlug: string) =>
  href("/stores/:storeSlug/category/:categorySlug", { storeSlug, categorySlug });

/** A menu item's page, under its category. */
export const itemPath = (storeSlug: string, item: { categorySlug: string; slug: string }) =>
  href("/stores/:storeSlug/category/:categorySlug/menuItem/:menuItemSlug", {
    storeSlug,
    categorySlug: item.categorySlug,
    menuItemSlug: item.slug,
  });

export const dealPath = (storeSlug: string, dealSlug: string) =>
  href("/stores/:storeSlug/deal/:dealSlug", { storeSlug, dealSlug });

export const bannerPath = (storeSlug: string, bannerSlug: string) =>
  href("/stores/:storeSlug/banner/:bannerSlug", { storeSlug, bannerSlug });

export const storeSearchPath = (storeSlug: string) => href("/stores/:storeSlug/search", { storeSlug });

export const timeSlotsPath = (storeSlug: string) => href("/stores/:storeSlug/time-slots", { storeSlug });

/** Where the delivery ↔ collection switch posts. */
export const fulfilmentPath = (storeSlug: string) => href("/stores/:storeSlug/fulfilment", { storeSlug });

/** The store's delivery charges (its delivery tiers): a page, and a dialog over the store's pages with script. */
export const deliveryChargesPath = (storeSlug: string) => href("/stores/:storeSlug/delivery-charges", { storeSlug });

/** The store's menu of further actions: a page, and a menu dialog with script. */
export const storeMenuPath = (storeSlug: string) => href("/stores/:storeSlug/more", { storeSlug });

/** A multi-section deal's sections and the basket's progress through them. */
export const dealSectionsPath = (storeSlug: string, dealSlug: string) =>
  href("/stores/:storeSlug/deal/:dealSlug/sections", { storeSlug, dealSlug });
