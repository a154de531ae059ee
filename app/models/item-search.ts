// Item search rules shared by the search page's loader and its script (spec 1 §3, §4, §9). No zod: bundled for the browser.
import { SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES, SEARCH_MIN_CHARS } from "#contract/catalogue-rules";
import { storeSearchPath } from "./store-paths";

export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS };

/** Spec 1 §8, shown as a toast (and inline, where the page has no other way to say it). */
export const SEARCH_FAILED_MESSAGE = SEARCH_MESSAGES.searchFailed;
export const SEARCH_TOO_SHORT_HINT = `Type at least ${SEARCH_MIN_CHARS} characters`;
/** Spec 1 §8: logged when the recommended items cannot be fetched; the page carries on without them. */
export const RECOMMENDED_FETCH_ERROR = "Recommended items fetch error";
export const RECOMMENDED_TITLE = "Recommended for you";

/** The platform takes terms of at most 100 characters; longer input is cut rather than refused. */
export const SEARCH_TERM_MAX_LENGTH = 100;
/** The platform's highest page number. */
export const SEARCH_MAX_PAGE = 10_000;
/** A request slower than this shows that it is still working (UX.md: no spinner under 400 ms). */
export const SEARCH_PENDING_INDICATOR_MS = 400;

/** The term as it will be searched: surrounding spaces dropped, inner runs of spaces made one, cut to the limit. */
export function normaliseSearchTerm(raw: string | null | undefined): string {
  return (raw ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_TERM_MAX_LENGTH).trim();
}

export type SearchTermState = "empty" | "too-short" | "ready";

/** Spec 1 §4: a search fires only from 2 characters (after trimming); fewer is a hint, nothing is asked for. */
export function searchTermState(raw: string | null | undefined): SearchTermState {
  const term = normaliseSearchTerm(raw);
  if (term.length === 0) return "empty";
  return term.length < SEARCH_MIN_CHARS ? "too-short" : "ready";
}

/** `itemsPage` from the address: a whole number from 1 to the platform's limit, 1 for anything else. */
export function parseItemsPage(raw: string | null | undefined): number {
  if (!raw || !/^\d+$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  if (!Number.isSafeInteger(page) || page < 1) return 1;
  return Math.min(page, SEARCH_MAX_PAGE);
}

export interface PageLinks {
  prev: number | null;
  next: number | null;
  /** "Page 2 of 5". */
  label: string;
}

/** The pager for a result list, or null when everything fits on one page. */
export function pageLinks(pagination: { page: number; totalPages: number }): PageLinks | null {
  const { page, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    prev: current > 1 ? current - 1 : null,
    next: current < totalPages ? current + 1 : null,
    label: `Page ${current} of ${totalPages}`,
  };
}

/** The search page's address for a term (and an items page past the first): shareable, and what the form submits. */
export function searchHref(storeSlug: string, term: string, itemsPage = 1): string {
  const params = new URLSearchParams();
  if (term) params.set("searchTerm", term);
  if (itemsPage > 1) params.set("itemsPage", String(itemsPage));
  const query = params.toString();
  return `${storeSearchPath(storeSlug)}${query ? `?${query}` : ""}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface SearchTotals {
  menuItems: number;
  categories: number;
  deals: number;
}

/** "12 items, 2 categories, 1 deal for “chese”"; kinds with nothing found are left out. */
export function resultSummary(totals: SearchTotals, term: string): string {
  const parts = [
    totals.menuItems > 0 ? count(totals.menuItems, "item", "items") : null,
    totals.categories > 0 ? count(totals.categories, "category", "categories") : null,
    totals.deals > 0 ? count(totals.deals, "deal", "deals") : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? `${parts.join(", ")} for “${term}”` : `No results for “${term}”`;
}
