import { Link, redirect } from "react-router";
import type { Route } from "./+types/news";
import { NEWS_PAGE_SIZE, NEWS_SORT, newsArticleHref, newsDateText, newsPageHref, parseNewsPage } from "~/models/news";
import { seoMeta } from "~/models/seo";
import { appContext } from "~/services/context";
import { loadListPage } from "~/services/content.server";
import { pageSeo, readContent, warnIfEmpty, companyName } from "./content-page.server";
import * as styles from "./content.css";

/** The news list (spec 1 §2 /news): newest first, a page at a time, each article linking to /news/{slug}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { platform, log, config } = context.get(appContext);
  const page = parseNewsPage(new URL(request.url).searchParams.get("page"));
  const what = { type: "news", path: "/news" };
  const [list, company] = await readContent(log, what, () =>
    Promise.all([
      loadListPage(platform, "news", { page, pageSize: NEWS_PAGE_SIZE, sort: NEWS_SORT }),
      companyName(platform),
    ]),
  );
  // A page past the end (fewer articles since the link was made) shows the last page instead of an empty one.
  if (list.pageCount > 0 && page > list.pageCount) throw redirect(newsPageHref(list.pageCount));
  warnIfEmpty(log, what, list.total === 0);
  const title = page > 1 ? `News, page ${page}` : "News";
  const seo = pageSeo(
    request,
    config.publicUrl,
    { title, seo: { title: "", description: "", image: null } },
    { companyName: company, keepParams: ["page"] },
  );
  return {
    page: list.page,
    pageCount: list.pageCount,
    articles: list.entries.map((a) => ({
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      date: a.publishedDate,
      dateText: newsDateText(a.publishedDate),
    })),
    seo,
  };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { articles, page, pageCount } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>News</h1>
      {articles.length === 0 ? <p>There is no news yet.</p> : null}
      <ul className={styles.newsList}>
        {articles.map((article) => (
          <li key={article.slug} className={styles.newsItem}>
            <h2 className={styles.newsTitle}>
              <Link to={newsArticleHref(article.slug)}>{article.title}</Link>
            </h2>
            <p className={styles.date}>
              <time dateTime={article.date}>{article.dateText}</time>
            </p>
            {article.summary ? <p>{article.summary}</p> : null}
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label="News pages" className={styles.pager}>
          {page > 1 ? (
            <Link className={styles.pagerLink} to={newsPageHref(page - 1)} rel="prev">
              Newer articles
            </Link>
          ) : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link className={styles.pagerLink} to={newsPageHref(page + 1)} rel="next">
              Older articles
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo);
}
