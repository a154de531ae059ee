/** Spec 1 §2 /news: the list pages through the articles, newest first, this many at a time. */
export const NEWS_PAGE_SIZE = 4;
export const NEWS_SORT = "publishedDate:desc";

/** The list page asked for: a whole number from 1; anything else is the first page. */
export function parseNewsPage(value: string | null): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

/** The list's address for a page: the first page is plain /news. */
export function newsPageHref(page: number): string {
  return page > 1 ? `/news?page=${page}` : "/news";
}

export function newsArticleHref(slug: string): string {
  return `/news/${encodeURIComponent(slug)}`;
}

/** A publishing date (YYYY-MM-DD) as shoppers read it, e.g. "28 May 2025"; the date alone, no time zone shift. */
export function newsDateText(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
